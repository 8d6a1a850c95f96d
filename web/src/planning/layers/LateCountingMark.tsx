import { useTranslation } from "react-i18next";
import { LATE_COUNTING_COLOR } from "./drawLateCounting";
import { PlanningMark } from "./PlanningMark";

/** The grid's side of the canvas frame (drawLateCountingMarkers): late from its countings, named in text. */
export function LateCountingMark() {
  const { t } = useTranslation();
  return (
    <PlanningMark
      label={t("planning.recalibration.lateMark")}
      color={LATE_COUNTING_COLOR}
      glyph="↻"
      testId="late-counting"
    />
  );
}
