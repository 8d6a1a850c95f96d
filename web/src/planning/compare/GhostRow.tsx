import { useTranslation } from "react-i18next";
import type { GanttRow } from "@jalon/shared/gantt";
import type { Comparison } from "./compareModel";
import { ghostText } from "./compareText";

/**
 * The grid row of an event that only compared versions have: its name, the versions it comes from and its
 * dates in the tooltip. Not focusable nor selectable: there is nothing of this version to edit.
 */
export function GhostRow({
  row,
  comparison,
  width,
  nameWidth,
  aria,
}: {
  /** Its place in the treegrid (aria-rowindex, aria-level...). */
  aria?: Record<string, number>;
  row: GanttRow;
  comparison: Comparison | null | undefined;
  width: number;
  nameWidth: number;
}) {
  const { t } = useTranslation();
  if (!row.ghost || !comparison) return null;
  const { label, title } = ghostText(t, comparison.versions, row.ghost);
  const lineHeight = row.height - (row.band ?? 0);
  return (
    <div
      {...aria}
      data-testid="grid-ghost"
      role="row"
      aria-disabled="true"
      title={title}
      style={{
        position: "absolute",
        top: row.y,
        height: row.height,
        width,
        display: "flex",
        fontSize: 12,
        lineHeight: `${lineHeight}px`,
        color: "#616161",
        fontStyle: "italic",
        background: "repeating-linear-gradient(135deg, #FAFAFA 0 6px, #F3F3F3 6px 12px)",
        borderBottom: "1px solid #F0F0F0",
        boxSizing: "border-box",
        cursor: "default",
      }}
    >
      <div
        role="gridcell"
        style={{
          width: nameWidth,
          padding: "0 6px 0 14px",
          overflow: "hidden",
          whiteSpace: "nowrap",
          textOverflow: "ellipsis",
        }}
      >
        {row.ghost.kind === "milestone" ? "◆ " : ""}
        {row.ghost.name}
      </div>
      <div
        role="gridcell"
        aria-colspan={4}
        data-testid="ghost-versions"
        style={{
          flex: 1,
          padding: "0 6px",
          overflow: "hidden",
          whiteSpace: "nowrap",
          textOverflow: "ellipsis",
          color: "#A4262C",
        }}
      >
        {label}
      </div>
    </div>
  );
}
