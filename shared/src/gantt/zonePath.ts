/**
 * Zone labels that say where a zone is: its full path from the top zone ("Bâtiment A / R+0 / Logements nord"),
 * built from the parents (a stored full name may hold only the parent's name), and shortened from the left when
 * the room is narrow ("… / R+0 / Logements nord"), the zone's own name always kept.
 */
export const PATH_SEPARATOR = " / ";
export const ELLIPSIS = "…";

/** Each zone's path of names, top zone first; a missing parent or a cycle ends the path there. */
export function zonePaths(
  zones: readonly { id: number; name: string; parentId: number | null }[],
): Map<number, string[]> {
  const byId = new Map(zones.map((z) => [z.id, z]));
  const out = new Map<number, string[]>();
  for (const z of zones) {
    const names: string[] = [];
    const seen = new Set<number>();
    let cur: (typeof zones)[number] | undefined = z;
    while (cur && !seen.has(cur.id)) {
      seen.add(cur.id);
      names.push(cur.name);
      cur = cur.parentId === null ? undefined : byId.get(cur.parentId);
    }
    out.set(z.id, names.reverse());
  }
  return out;
}

/**
 * The path that fits `maxWidth` (as `measure` says): the whole path, else its leading names replaced by one
 * "…", dropping them from the top down; at least the zone's own name (then the caller's ellipsis cuts it).
 */
export function abbreviateLeft(names: readonly string[], maxWidth: number, measure: (text: string) => number): string {
  const full = names.join(PATH_SEPARATOR);
  if (names.length <= 1 || measure(full) <= maxWidth) return full;
  for (let k = 1; k < names.length; k++) {
    const text = [ELLIPSIS, ...names.slice(k)].join(PATH_SEPARATOR);
    if (measure(text) <= maxWidth) return text;
  }
  return [ELLIPSIS, names[names.length - 1]].join(PATH_SEPARATOR);
}
