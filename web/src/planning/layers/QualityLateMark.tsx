import { useTranslation } from "react-i18next";
import { QUALITY_MARKER_COLOR } from "./drawQualityMarkers";

/** The grid's side of the canvas marker (drawQualityMarkers): the same orange flag, named in text. */
export function QualityLateMark() {
  const { t } = useTranslation();
  const label = t("quality.planning.marker");
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="quality-late"
      style={{ color: QUALITY_MARKER_COLOR, fontWeight: 700, marginRight: 4 }}
    >
      ▲
    </span>
  );
}
