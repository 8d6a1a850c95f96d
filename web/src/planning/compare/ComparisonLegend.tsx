import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Caption1 } from "@fluentui/react-components";
import type { Comparison } from "./compareModel";
import { useReferenceIndex } from "./reference";
import { useProject } from "../../store/project";
import { BADGE_COLORS, type BadgeTone } from "../layers/drawCompareBadges";

/**
 * The legend's sample of a compared version's thin bar: the versions' lines stacked as under a task, this one in
 * its colour and the others as outlines, so that a version is found by its place and not by its colour alone.
 */
function SlotSample({ slot, count, color }: { slot: number; count: number; color: string }) {
  return (
    <span aria-hidden style={{ display: "inline-grid", gap: 1, width: 18 }}>
      {Array.from({ length: count }, (_, k) => (
        <span
          key={k}
          style={{
            height: 3,
            background: k === slot ? color : "transparent",
            outline: k === slot ? undefined : "1px solid #C7C7C7",
          }}
        />
      ))}
    </span>
  );
}

/** The legend's sample of a badge, in the chart's colours. */
function badgeStyle(tone: BadgeTone): React.CSSProperties {
  const c = BADGE_COLORS[tone];
  return { background: c.fill, border: `1px solid ${c.stroke}`, color: c.text, padding: "0 4px", borderRadius: 2 };
}

const BOX: React.CSSProperties = {
  position: "fixed",
  right: 16,
  bottom: 16,
  zIndex: 5,
  background: "#FFFFFF",
  border: "1px solid #D6D6D6",
  borderRadius: 4,
  padding: "6px 10px",
  boxShadow: "0 2px 6px rgba(0,0,0,0.15)",
  display: "grid",
  gap: 4,
};

/**
 * Which colour is which compared version, and a way out of the comparison. It sits over the Gantt's bottom right
 * corner: it folds to a single button so that the bars under it can be read.
 */
export function ComparisonLegend({ comparison, onClear }: { comparison: Comparison; onClear: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(true);
  const reference = useReferenceIndex(comparison.versions);
  const referentId = useProject((st) => st.versions.find((v) => v.isReferentVersion)?.id ?? null);
  if (!open) {
    return (
      <div role="region" aria-label={t("compare.title")} data-testid="comparison-legend" style={BOX}>
        <Button size="small" appearance="subtle" aria-expanded={false} onClick={() => setOpen(true)}>
          {t("compare.showLegend", { count: comparison.versions.length })}
        </Button>
      </div>
    );
  }
  return (
    <div role="region" aria-label={t("compare.title")} data-testid="comparison-legend" style={BOX}>
      <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between", gap: 8 }}>
        <Caption1>{t("compare.title")}</Caption1>
        <Button size="small" appearance="subtle" aria-expanded onClick={() => setOpen(false)}>
          {t("compare.hideLegend")}
        </Button>
      </div>
      {comparison.versions.map((v, k) => (
        <div key={v.versionId} style={{ display: "flex", alignItems: "center", gap: 6, fontSize: 12 }}>
          <SlotSample slot={k} count={comparison.versions.length} color={v.color} />
          {k === reference && referentId === v.versionId ? t("readable.referent", { version: v.name }) : v.name}
          {comparison.versions.length > 1 ? (
            <span style={{ color: "#616161" }}>
              ({k === 0 ? t("compare.slotFirst") : t("compare.slotOther", { n: k + 1 })})
            </span>
          ) : null}
        </div>
      ))}
      <Caption1 data-testid="compare-reference">
        {t("readable.reference", { version: comparison.versions[reference]?.name ?? "" })}
      </Caption1>
      <div style={{ display: "flex", flexWrap: "wrap", gap: "2px 8px" }}>
        {(["later", "earlier", "new"] as const).map((tone) => (
          <span key={tone} style={{ ...badgeStyle(tone), fontSize: 11 }}>
            {t(tone === "new" ? "readable.newTask" : `readable.${tone}`)}
          </span>
        ))}
      </div>
      <Caption1>{t("readable.unchanged")}</Caption1>
      {comparison.ghosts > 0 && <Caption1>{t("compare.ghostHelp")}</Caption1>}
      <Button size="small" onClick={onClear}>
        {t("compare.stop")}
      </Button>
    </div>
  );
}
