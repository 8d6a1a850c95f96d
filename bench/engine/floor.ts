// A floor for the forward pass: the same rules as the engine for one calendar and no locked event, written as
// one loop over the plan's typed arrays with everything hoisted into locals (no per-event function calls, no
// per-link calendar checks). It is not a scheduler (it ignores lots and locks); it shows how far the engine's
// schedulePlan is from what the data layout allows, on the same Plan and the same machine.
import type { Plan } from "@jalon/engine";

export interface FloorResult {
  start: Int32Array;
  startDay: Int32Array;
  endDay: Int32Array;
}

/** Applies only when every event uses calendar 0 and none is locked (the generated plans). */
export function floorApplies(plan: Plan): boolean {
  if (!plan.singleCalendar) return false;
  for (let i = 0; i < plan.size; i++) if (plan.locked[i] === 1) return false;
  return true;
}

export function floorForwardPass(plan: Plan): FloorResult {
  const n = plan.size;
  const start = new Int32Array(n);
  const startDay = new Int32Array(n);
  const endDay = new Int32Array(n);
  const { order, inOffsets, inLinks } = plan.graph;
  const { linkParent, linkType, linkDelay, duration, requestedStart } = plan;
  const cal = plan.calendars[0];
  for (let o = 0; o < n; o++) {
    const i = order[o];
    const a = inOffsets[i];
    const b = inOffsets[i + 1];
    const ni = duration[i];
    let s: number;
    if (a === b) s = cal.rank(requestedStart[i]);
    else {
      s = -2147483648;
      for (let e = a; e < b; e++) {
        const k = inLinks[e];
        const p = linkParent[k];
        const t = linkType[k];
        const ps = start[p] + linkDelay[k];
        const v = t === 0 ? ps + duration[p] : t === 1 ? ps : t === 2 ? ps + duration[p] - ni : ps + 1 - ni;
        if (v > s) s = v;
      }
    }
    start[i] = s;
    const sd = cal.dayAt(s);
    startDay[i] = sd;
    endDay[i] = ni > 1 ? cal.dayAt(s + ni - 1) : sd;
  }
  return { start, startDay, endDay };
}
