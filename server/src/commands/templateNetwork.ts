import type { LinkType } from "@jalon/shared";

/**
 * The network of a sequence template as plain data: its task templates (days) and their links. Pure functions:
 * the cycle check that refuses a parent ("Those parents can't be used for this eventTemplate."), and the
 * network's length in working days, counted as the engine dates a chain (spec 000: an end-begin link with
 * delay d puts the child on the (d+1)-th working day after the parent's end; a milestone of 0 days ends at the
 * instant its day begins). Days are working-day offsets: no calendar is needed inside a template.
 */

export interface NetworkTask {
  id: number;
  days: number;
}

export interface NetworkLink {
  parentId: number;
  childId: number;
  type: LinkType;
  delay: number;
}

/** The tasks in an order where every parent comes before its children, or the ids left on a cycle. */
export function topologicalOrder(
  taskIds: readonly number[],
  links: readonly NetworkLink[],
): { order: number[] } | { cycle: number[] } {
  const indegree = new Map<number, number>(taskIds.map((id) => [id, 0]));
  const children = new Map<number, number[]>();
  for (const l of links) {
    if (!indegree.has(l.parentId) || !indegree.has(l.childId)) continue;
    indegree.set(l.childId, (indegree.get(l.childId) ?? 0) + 1);
    const list = children.get(l.parentId) ?? [];
    list.push(l.childId);
    children.set(l.parentId, list);
  }
  const ready = taskIds.filter((id) => indegree.get(id) === 0);
  const order: number[] = [];
  while (ready.length > 0) {
    const id = ready.pop()!;
    order.push(id);
    for (const c of children.get(id) ?? []) {
      const n = (indegree.get(c) ?? 0) - 1;
      indegree.set(c, n);
      if (n === 0) ready.push(c);
    }
  }
  if (order.length === taskIds.length) return { order };
  return {
    cycle: taskIds
      .filter((id) => (indegree.get(id) ?? 0) > 0)
      .slice()
      .sort((a, b) => a - b),
  };
}

/**
 * Earliest start offset of each task when the network's roots start on day 0 (negative delays may put a child
 * before day 0), and the network's length: from the earliest start to the latest end, in working days.
 * A cyclic network has no dates: length 0 and no starts.
 */
export function networkSchedule(
  tasks: readonly NetworkTask[],
  links: readonly NetworkLink[],
): { starts: Map<number, number>; length: number } {
  const sorted = topologicalOrder(
    tasks.map((t) => t.id),
    links,
  );
  const starts = new Map<number, number>();
  if ("cycle" in sorted || tasks.length === 0) return { starts, length: 0 };
  const days = new Map(tasks.map((t) => [t.id, t.days]));
  const incoming = new Map<number, NetworkLink[]>();
  for (const l of links) {
    if (!days.has(l.parentId) || !days.has(l.childId)) continue;
    const list = incoming.get(l.childId) ?? [];
    list.push(l);
    incoming.set(l.childId, list);
  }
  // A task of d days starting on s ends on s + d - 1; a milestone (d = 0) "ends" at the instant day s begins.
  const endOf = (id: number) => (starts.get(id) ?? 0) + (days.get(id) ?? 0) - 1;
  for (const id of sorted.order) {
    const d = days.get(id) ?? 0;
    const parents = incoming.get(id) ?? [];
    if (parents.length === 0) {
      starts.set(id, 0);
      continue;
    }
    let s = Number.NEGATIVE_INFINITY;
    for (const l of parents) {
      const pStart = starts.get(l.parentId) ?? 0;
      const pEnd = endOf(l.parentId);
      const bound =
        l.type === "end-begin"
          ? pEnd + 1 + l.delay
          : l.type === "begin-begin"
            ? pStart + l.delay
            : l.type === "end-end"
              ? pEnd + l.delay - d + 1
              : pStart + l.delay - d + 1;
      s = Math.max(s, bound);
    }
    starts.set(id, s);
  }
  let first = Number.POSITIVE_INFINITY;
  let last = Number.NEGATIVE_INFINITY;
  for (const t of tasks) {
    const s = starts.get(t.id) ?? 0;
    first = Math.min(first, s);
    last = Math.max(last, s + t.days - 1);
  }
  return { starts, length: Math.max(0, last - first + 1) };
}
