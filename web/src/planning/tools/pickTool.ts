import type { PickMode } from "../planningStore";

/**
 * The selection modes of spec 000: after choosing a mode, the next click on the Gantt picks an event, which
 * must be of the right type, otherwise a warning is shown and the mode stays on.
 *   child / parent: the clicked event becomes a successor / predecessor of the selected source (end-begin, 0);
 *   milestone / task: the clicked event is selected only if it is a milestone / a task.
 */
export interface PickTarget {
  id: number;
  kind: "task" | "milestone";
}

export type PickResult =
  | { type: "ignore" }
  | { type: "warn"; reason: "wrongMilestone" | "wrongTask" | "wrongSelf" | "wrongLinked" | "needSource" }
  | { type: "select"; id: number }
  | { type: "link"; parentId: number; childId: number };

export function pickStep(
  mode: PickMode,
  sourceId: number | null,
  target: PickTarget | null,
  linked: (parentId: number, childId: number) => boolean,
): PickResult {
  if (mode === "none" || target === null) return { type: "ignore" };
  if (mode === "milestone")
    return target.kind === "milestone" ? { type: "select", id: target.id } : { type: "warn", reason: "wrongMilestone" };
  if (mode === "task")
    return target.kind === "task" ? { type: "select", id: target.id } : { type: "warn", reason: "wrongTask" };
  if (sourceId === null) return { type: "warn", reason: "needSource" };
  if (target.id === sourceId) return { type: "warn", reason: "wrongSelf" };
  const parentId = mode === "child" ? sourceId : target.id;
  const childId = mode === "child" ? target.id : sourceId;
  if (linked(parentId, childId) || linked(childId, parentId)) return { type: "warn", reason: "wrongLinked" };
  return { type: "link", parentId, childId };
}
