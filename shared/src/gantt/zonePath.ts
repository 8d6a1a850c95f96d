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
 * Each zone's path as one text (names joined by PATH_SEPARATOR, as zonePaths gives them) and, with `keyOf`, its sort
 * key (the names' keys joined by `separatorKey`). A zone's text is its parent's and its own name: made once per
 * zone from its parent's, where joining each zone's list of names made 11,100 lists and as many texts at 100k events
 * (a sixth of the planning's model at first paint, bench/web). A zone in a cycle of parents gets zonePaths' own
 * path (the cycle from it); a zone below one extends it, as zonePaths would.
 */
export function zonePathTexts(
  zones: readonly { id: number; name: string; parentId: number | null }[],
  keyOf?: (name: string) => string,
  separatorKey = "",
): { labels: Map<number, string>; keys: Map<number, string> | null } {
  const n = zones.length;
  const at = new Map<number, number>();
  for (let i = 0; i < n; i++) at.set(zones[i].id, i);
  const label = new Array<string>(n);
  const key = keyOf ? new Array<string>(n) : null;
  /** 0: not made, 1: in the chain being walked, 2: made. */
  const state = new Uint8Array(n);
  const chain: number[] = [];
  const parentOf = (k: number): number => {
    const parent = zones[k].parentId;
    return parent === null ? -1 : (at.get(parent) ?? -1);
  };
  // Zones in a cycle of parents (none in a sound plan) take zonePaths' own walks.
  let walks: Map<number, string[]> | null = null;
  for (let z = 0; z < n; z++) {
    if (state[z] === 2) continue;
    // Up to a made ancestor, the top, a missing parent or a zone met again (a cycle).
    let cur = z;
    chain.length = 0;
    while (cur >= 0 && state[cur] === 0) {
      state[cur] = 1;
      chain.push(cur);
      cur = parentOf(cur);
    }
    let end = chain.length;
    const above0 = cur;
    if (cur >= 0 && state[cur] === 1) {
      // A cycle: its zones (from cur up the chain) each get their own walk, as zonePaths gives it.
      end = chain.indexOf(cur);
      for (let j = end; j < chain.length; j++) {
        const k = chain[j];
        const names = (walks ??= zonePaths(zones)).get(zones[k].id) ?? [zones[k].name];
        label[k] = names.join(PATH_SEPARATOR);
        if (key && keyOf) key[k] = names.map(keyOf).join(separatorKey);
        state[k] = 2;
      }
    }
    // Down the chain: each zone's text from its parent's (made, or -1 at the top).
    let above = above0;
    for (let j = end - 1; j >= 0; j--) {
      const k = chain[j];
      const name = zones[k].name;
      if (above < 0) {
        label[k] = name;
        if (key && keyOf) key[k] = keyOf(name);
      } else {
        label[k] = label[above] + PATH_SEPARATOR + name;
        if (key && keyOf) key[k] = key[above] + separatorKey + keyOf(name);
      }
      state[k] = 2;
      above = k;
    }
  }
  const labels = new Map<number, string>();
  const keys = key ? new Map<number, string>() : null;
  for (let i = 0; i < n; i++) {
    labels.set(zones[i].id, label[i]);
    if (keys && key) keys.set(zones[i].id, key[i]);
  }
  return { labels, keys };
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
