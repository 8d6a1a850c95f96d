import { planFromDocument } from "./document.js";
import { parsePsplib, psplibDocument } from "./psplib.js";
import { schedulePlan } from "./schedule.js";

/** Project length in working days of a PSPLIB instance: sink rank minus source rank. */
export function psplibLength(text: string): number {
  const plan = planFromDocument(psplibDocument(parsePsplib(text)));
  const schedule = schedulePlan(plan);
  const last = plan.size - 1;
  return schedule.start[last] - schedule.start[0];
}
