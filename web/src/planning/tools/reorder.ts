/**
 * Reordering rows (spec 000 section 5): moving a selected item in a list is refused if it would place a child
 * before its parent or a parent after its child. `order` is the list of event ids as shown; links are
 * parent -> child pairs. Only the item's own links matter: the other rows keep their relative order.
 */
export type ReorderResult =
  | { ok: true; order: number[] }
  | { ok: false; reason: "childBeforeParent" | "parentAfterChild"; parentId: number; childId: number };

export function moveItem(order: readonly number[], id: number, toIndex: number, links: readonly { parentId: number; childId: number }[]): ReorderResult {
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
      if (p !== undefined && p > at) return { ok: false, reason: "childBeforeParent", parentId: l.parentId, childId: id };
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
