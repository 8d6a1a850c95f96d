import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Caption1 } from "@fluentui/react-components";
import type { Comparison } from "./compareModel";

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
      {comparison.versions.map((v) => (
        <div key={v.versionId} style={{ display: "flex", alignItems: "center", gap: 6, fontSize: 12 }}>
          <span style={{ width: 18, height: 4, background: v.color, display: "inline-block" }} />
          {v.name}
        </div>
      ))}
      <Caption1>{t("compare.help")}</Caption1>
      {comparison.ghosts > 0 && <Caption1>{t("compare.ghostHelp")}</Caption1>}
      <Button size="small" onClick={onClear}>
        {t("compare.stop")}
      </Button>
    </div>
  );
}
