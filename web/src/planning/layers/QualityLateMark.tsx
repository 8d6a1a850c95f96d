import { useTranslation } from "react-i18next";
import { QUALITY_MARKER_COLOR } from "./drawQualityMarkers";
import { PlanningMark } from "./PlanningMark";

/** The grid's side of the canvas marker (drawQualityMarkers): the same orange flag, named in text. */
export function QualityLateMark() {
  const { t } = useTranslation();
  return (
    <PlanningMark label={t("quality.planning.marker")} color={QUALITY_MARKER_COLOR} glyph="▲" testId="quality-late" />
  );
}
