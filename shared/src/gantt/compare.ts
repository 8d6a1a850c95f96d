import type { PlanningData } from "../planning/data.js";
import type { GanttGhost } from "./layout.js";

/**
 * The events that only the compared versions have, one ghost per trackingId with its dates in each compared
 * version (null where that version lacks it too), in GET /planning/data's comparison order.
 */
export function comparedOnlyGhosts(data: Pick<PlanningData, "comparisons">): GanttGhost[] {
  const comps = data.comparisons ?? [];
  const byTracking = new Map<
    number,
    {
      ghost: Omit<GanttGhost, "baselines" | "startDay" | "endDay">;
      baselines: ({ startDay: number; endDay: number } | null)[];
    }
  >();
  comps.forEach((c, k) => {
    for (const e of c.onlyThere ?? []) {
      let g = byTracking.get(e.trackingId);
      if (!g) {
        g = {
          ghost: {
            key: String(e.trackingId),
            kind: e.type,
            name: e.name,
            zoneId: e.zoneId,
            lotId: e.participantGroupProId,
            sequenceId: e.sequenceId,
          },
          baselines: comps.map(() => null),
        };
        byTracking.set(e.trackingId, g);
      }
      g.baselines[k] = { startDay: e.startDay, endDay: e.endDay };
    }
  });
  const out: GanttGhost[] = [];
  for (const { ghost, baselines } of byTracking.values()) {
    const present = baselines.filter((b) => b !== null);
    out.push({
      ...ghost,
      baselines,
      startDay: Math.min(...present.map((b) => b.startDay)),
      endDay: Math.max(...present.map((b) => b.endDay)),
    });
  }
  return out;
}
