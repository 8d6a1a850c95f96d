import { useTranslation } from "react-i18next";
import { isOnlyHere, signed, type Comparison } from "./compareModel";
import { compareTooltip } from "./compareText";
import { useReferenceIndex } from "./reference";

/**
 * The grid's delta of a compared task, for screen readers: start and end deltas in working days against the
 * reference version, every version in the tooltip; "Nouvelle" when a compared version does not have the task.
 */
export function CompareCell({
  comparison,
  eventId,
  right,
}: {
  comparison: Comparison;
  eventId: number;
  /** Inside the name cell, this far from its right edge. */ right: number;
}) {
  const { t } = useTranslation();
  const reference = useReferenceIndex(comparison.versions);
  const bars = comparison.byId.get(eventId);
  if (!bars) return null;
  const title = compareTooltip(t, comparison.versions, bars);
  // Against the reference version, as the chart's badge (compare/reference.ts).
  const first = bars[reference] ?? null;
  const only = isOnlyHere(bars);
  return (
    <span
      data-testid="compare-delta"
      title={title}
      aria-label={title}
      // Read by screen readers (the canvas is not); the eye reads the badge right of the bar (drawCompareBadges.ts),
      // not over the row's name.
      style={{
        position: "absolute",
        right,
        top: 0,
        width: 1,
        height: 1,
        overflow: "hidden",
        clipPath: "inset(50%)",
        whiteSpace: "nowrap",
      }}
    >
      {only && first === null
        ? t("compare.onlyHere")
        : first
          ? `Δ ${signed(first.startDelta)} / ${signed(first.endDelta)}`
          : ""}
      {only && first !== null ? ` · ${t("compare.onlyHereShort")}` : ""}
    </span>
  );
}
