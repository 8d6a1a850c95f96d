import type { TFunction } from "i18next";
import { firstRowAt, type TimeScale } from "@jalon/shared/gantt";
import { hitTest, type GanttModel } from "../model";
import type { Comparison } from "./compareModel";
import { compareTooltip, ghostText } from "./compareText";

/**
 * The canvas tooltip at (x, y) while versions are compared: over a task, its deltas in each compared version;
 * anywhere on the row of a task only compared versions have, the same text as that row's grid cell (its versions
 * and dates there). Null elsewhere.
 */
export function comparisonTipAt(
  t: TFunction,
  model: GanttModel,
  scale: TimeScale,
  comparison: Comparison,
  x: number,
  y: number,
  liveOf: (id: number) => readonly [number, number] | undefined,
): string | null {
  const row = model.rows[firstRowAt(model.rows, y)];
  if (row && row.y <= y && row.kind === "ghost" && row.ghost) return ghostText(t, comparison.versions, row.ghost).title;
  const hit = hitTest(model, scale, x, y, liveOf);
  const bars = hit ? comparison.byId.get(hit.id) : undefined;
  return hit && bars ? `${hit.name}\n${compareTooltip(t, comparison.versions, bars)}` : null;
}
