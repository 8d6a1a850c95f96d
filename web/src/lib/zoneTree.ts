// Zone tree helpers: the display order (depth first, siblings by position) and the new positions after a drag.
import type { Zone } from "../api/reference";

/** Zones depth first, siblings by position then id: parents before their sub-zones. */
export function treeOrder<T extends Pick<Zone, "id" | "parentId" | "position">>(zones: readonly T[]): T[] {
  const byParent = new Map<number | null, T[]>();
  const ids = new Set(zones.map((z) => z.id));
  for (const z of zones) {
    const key = z.parentId !== null && ids.has(z.parentId) ? z.parentId : null;
    byParent.set(key, [...(byParent.get(key) ?? []), z]);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.position - b.position || a.id - b.id);
  const out: T[] = [];
  const visit = (parent: number | null) => {
    for (const z of byParent.get(parent) ?? []) {
      out.push(z);
      visit(z.id);
    }
  };
  visit(null);
  return out;
}

/**
 * Moves `draggedId` to the place of `targetId` among its siblings (after it when moving down, before it when
 * moving up) and numbers the whole tree again in display order. Null when the two are not siblings.
 */
export function reorderedPositions<T extends Pick<Zone, "id" | "parentId" | "position">>(
  zones: readonly T[],
  draggedId: number,
  targetId: number,
): { id: number; position: number }[] | null {
  const dragged = zones.find((z) => z.id === draggedId);
  const target = zones.find((z) => z.id === targetId);
  if (!dragged || !target || dragged.parentId !== target.parentId || draggedId === targetId) return null;
  const siblings = treeOrder(zones).filter((z) => z.parentId === dragged.parentId);
  // Inserting at the target's index after removing the dragged zone lands after the target when moving down
  // (it shifted up by one) and before it when moving up.
  const to = siblings.findIndex((z) => z.id === targetId);
  const reordered = siblings.filter((z) => z.id !== draggedId);
  reordered.splice(to, 0, dragged);
  const rank = new Map(reordered.map((z, i) => [z.id, i]));
  const moved = zones.map((z) => (rank.has(z.id) ? { ...z, position: rank.get(z.id)! } : z));
  // Siblings now carry 0..n-1 while the others keep their old positions: number everything in display order.
  return treeOrder(moved).map((z, i) => ({ id: z.id, position: i }));
}
