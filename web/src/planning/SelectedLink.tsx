import type { TimeScale } from "@jalon/shared/gantt";
import type { GanttModel } from "./model";
import { GRID_WIDTH } from "./RowGrid";
import { HEADER_HEIGHT } from "./TimeHeader";
import { linkPoints } from "./tools/linkHit";
import type { DayMap } from "./session/PlanningSession";
import { useLiveNow } from "./session/liveDates";

/**
 * The selected link drawn over the canvas (in the content's coordinates, so it scrolls with it) and its editor; it
 * follows a drag's preview by itself (session/liveDates.ts).
 */
export function SelectedLinkOverlay({
  model,
  scale,
  selected,
  live,
  dates,
  editor,
}: {
  model: GanttModel;
  scale: TimeScale;
  selected: { parentId: number; childId: number };
  live: DayMap;
  dates: DayMap;
  editor: (pts: number[], link: GanttModel["links"][number]) => React.ReactNode;
}) {
  const shown = useLiveNow(live);
  const liveOf = (id: number) => shown.get(id) ?? dates.get(id);
  const k = model.links.findIndex((l) => l.parentId === selected.parentId && l.childId === selected.childId);
  const pts = k >= 0 ? linkPoints(model, scale, k, liveOf) : null;
  if (!pts) return null;
  const pad = 4;
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (let i = 0; i < pts.length; i += 2) {
    minX = Math.min(minX, pts[i]);
    maxX = Math.max(maxX, pts[i]);
    minY = Math.min(minY, pts[i + 1]);
    maxY = Math.max(maxY, pts[i + 1]);
  }
  const points: string[] = [];
  for (let i = 0; i < pts.length; i += 2) points.push(`${pts[i] - minX + pad},${pts[i + 1] - minY + pad}`);
  return (
    <>
      <svg
        data-testid="selected-link"
        width={maxX - minX + 2 * pad}
        height={maxY - minY + 2 * pad}
        style={{
          position: "absolute",
          left: GRID_WIDTH + minX - pad,
          top: HEADER_HEIGHT + minY - pad,
          zIndex: 1,
          pointerEvents: "none",
        }}
      >
        <polyline points={points.join(" ")} fill="none" stroke="#0F6CBD" strokeWidth={3} />
      </svg>
      {editor(pts, model.links[k])}
    </>
  );
}
