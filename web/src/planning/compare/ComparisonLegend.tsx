import { useTranslation } from "react-i18next";
import { Button, Caption1 } from "@fluentui/react-components";
import type { Comparison } from "./compareModel";

/** Which colour is which compared version, and a way out of the comparison. */
export function ComparisonLegend({ comparison, onClear }: { comparison: Comparison; onClear: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="region" aria-label={t("compare.title")} data-testid="comparison-legend" style={{ position: "fixed", right: 16, bottom: 16, zIndex: 5, background: "#FFFFFF", border: "1px solid #D6D6D6", borderRadius: 4, padding: "6px 10px", boxShadow: "0 2px 6px rgba(0,0,0,0.15)", display: "grid", gap: 4 }}>
      <Caption1>{t("compare.title")}</Caption1>
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
