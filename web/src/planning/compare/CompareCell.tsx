import { useTranslation } from "react-i18next";
import { isOnlyHere, signed, type Comparison } from "./compareModel";
import { compareTooltip } from "./compareText";

/**
 * The grid's delta of a compared task: start and end deltas in working days against the first compared
 * version, every version in the tooltip; "Nouvelle" when a compared version does not have the task.
 */
export function CompareCell({
  comparison,
  eventId,
  right,
}: {
  comparison: Comparison;
  eventId: number;
  /** Placed over the end of the name column, this far from the row's right edge. */ right: number;
}) {
  const { t } = useTranslation();
  const bars = comparison.byId.get(eventId);
  if (!bars) return null;
  const title = compareTooltip(t, comparison.versions, bars);
  const first = bars.find((b) => b !== null) ?? null;
  const only = isOnlyHere(bars);
  const moved = first !== null && (first.startDelta !== 0 || first.endDelta !== 0);
  return (
    <span
      data-testid="compare-delta"
      title={title}
      aria-label={title}
      style={{
        position: "absolute",
        right,
        top: 4,
        padding: "0 4px",
        borderRadius: 3,
        lineHeight: "16px",
        fontSize: 11,
        whiteSpace: "nowrap",
        background: only ? "#FDE7E9" : moved ? "#FFF4CE" : "#F0F0F0",
        color: only ? "#A4262C" : "#242424",
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
