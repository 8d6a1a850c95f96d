/**
 * Reordering rows (spec 000 section 5): moving a selected item in a list is refused if it would place a child
 * before its parent or a parent after its child. `order` is the list of event ids as shown; links are
 * parent -> child pairs. Only the item's own links matter: the other rows keep their relative order.
 */
export type ReorderResult =
  | { ok: true; order: number[] }
  | { ok: false; reason: "childBeforeParent" | "parentAfterChild"; parentId: number; childId: number };

export function moveItem(
  order: readonly number[],
  id: number,
  toIndex: number,
  links: readonly { parentId: number; childId: number }[],
): ReorderResult {
  const from = order.indexOf(id);
  if (from < 0) return { ok: true, order: [...order] };
  const target = Math.max(0, Math.min(order.length - 1, toIndex));
  const next = order.filter((x) => x !== id);
  next.splice(target, 0, id);
  const position = new Map(next.map((x, i) => [x, i]));
  const at = position.get(id)!;
  for (const l of links) {
    if (l.childId === id) {
      const p = position.get(l.parentId);
      if (p !== undefined && p > at)
        return { ok: false, reason: "childBeforeParent", parentId: l.parentId, childId: id };
    }
    if (l.parentId === id) {
      const c = position.get(l.childId);
      if (c !== undefined && c < at) return { ok: false, reason: "parentAfterChild", parentId: id, childId: l.childId };
    }
  }
  return { ok: true, order: next };
}

/**
 * Sorts the ids of one group by the user's order (the whole displayed order saved at the last move); ids it
 * does not know (created since) follow, in their original order (by start).
 */
export function applyOrder(ids: readonly number[], userOrder: ReadonlyMap<number, number>): number[] {
  if (userOrder.size === 0) return [...ids];
  const key = new Map(ids.map((id, i) => [id, userOrder.get(id) ?? userOrder.size + i]));
  return [...ids].sort((a, b) => key.get(a)! - key.get(b)!);
}

/**
 * Ordering mode: a row moved one place up (-1) or down (1) inside its group (the run of event rows it is in). The
 * whole order of the event rows, or the refusal; null when the row is at its group's end or not shown.
 */
export function moveRowInGroup(
  model: {
    rows: readonly { kind: string; events: ArrayLike<number> }[];
    events: readonly { id: number }[];
    rowOfId: ReadonlyMap<number, number>;
    links: readonly { parentId: number; childId: number }[];
  },
  id: number,
  dir: -1 | 1,
): ReorderResult | null {
  const r = model.rowOfId.get(id);
  if (r === undefined) return null;
  let a = r;
  while (a > 0 && model.rows[a - 1].kind === "event") a--;
  let b = r;
  while (b + 1 < model.rows.length && model.rows[b + 1].kind === "event") b++;
  const idOfRow = (i: number) => model.events[model.rows[i].events[0]].id;
  const run: number[] = [];
  for (let i = a; i <= b; i++) run.push(idOfRow(i));
  const to = r - a + dir;
  if (to < 0 || to >= run.length) return null;
  const res = moveItem(run, id, to, model.links);
  if (!res.ok) return res;
  const all: number[] = [];
  model.rows.forEach((row, i) => {
    if (i === a) all.push(...res.order);
    else if (row.kind === "event" && (i < a || i > b)) all.push(idOfRow(i));
  });
  return { ok: true, order: all };
}
