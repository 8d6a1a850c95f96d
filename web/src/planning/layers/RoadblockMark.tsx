import { useTranslation } from "react-i18next";
import { ROADBLOCK_MARKER_COLOR } from "./drawRoadblocks";

/** The grid's side of the canvas marker (drawRoadblockMarkers): the same red dot, named in text. */
export function RoadblockMark() {
  const { t } = useTranslation();
  const label = t("roadblocks.planning.marker");
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      data-testid="roadblock-open"
      style={{ color: ROADBLOCK_MARKER_COLOR, fontWeight: 700, marginRight: 4 }}
    >
      ●
    </span>
  );
}
