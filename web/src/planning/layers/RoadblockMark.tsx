import { useTranslation } from "react-i18next";
import { ROADBLOCK_MARKER_COLOR } from "./drawRoadblocks";
import { PlanningMark } from "./PlanningMark";

/** The grid's side of the canvas marker (drawRoadblockMarkers): the same red dot, named in text. */
export function RoadblockMark() {
  const { t } = useTranslation();
  return (
    <PlanningMark
      label={t("roadblocks.planning.marker")}
      color={ROADBLOCK_MARKER_COLOR}
      glyph="●"
      testId="roadblock-open"
    />
  );
}
