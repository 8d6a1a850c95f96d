import { useMemo } from "react";
import { useStore, type StoreApi } from "zustand";
import type { DayMap, Days, SessionState } from "./PlanningSession";

/** The preview's dates over the committed moves (a new map only when both have some). */
export function mergeLive(moved: DayMap, preview: DayMap | null): DayMap {
  if (!preview) return moved;
  if (moved.size === 0) return preview;
  const m = new Map(moved);
  for (const [id, d] of preview) m.set(id, d);
  return m;
}

/**
 * The dates as drawn: the session's committed moves (`moved`, fixed for this object) with the drag's preview read
 * from the store on each call. The view holds one per `moved`, so a drag frame (a new preview) re-renders none of
 * the view's hooks, only the parts that draw dates (useLiveNow); handlers reading it get the preview of the moment.
 */
export class LiveDates implements ReadonlyMap<number, Days> {
  private cache: { preview: DayMap | null; merged: DayMap } | null = null;

  constructor(
    readonly store: StoreApi<SessionState>,
    readonly moved: DayMap,
  ) {}

  /** The merged dates of the store's current preview (made once per preview). */
  now(): DayMap {
    const preview = this.store.getState().preview;
    if (this.cache?.preview !== preview) this.cache = { preview, merged: mergeLive(this.moved, preview) };
    return this.cache.merged;
  }

  get size(): number {
    return this.now().size;
  }
  get(id: number): Days | undefined {
    return this.now().get(id);
  }
  has(id: number): boolean {
    return this.now().has(id);
  }
  forEach(fn: (value: Days, key: number, map: ReadonlyMap<number, Days>) => void): void {
    this.now().forEach((v, k) => fn(v, k, this));
  }
  entries(): MapIterator<[number, Days]> {
    return this.now().entries();
  }
  keys(): MapIterator<number> {
    return this.now().keys();
  }
  values(): MapIterator<Days> {
    return this.now().values();
  }
  [Symbol.iterator](): MapIterator<[number, Days]> {
    return this.now().entries();
  }
}

/** Calls `change` on each new preview of `live` (none for a plain map); returns the unsubscription. */
export function onPreview(live: DayMap, change: () => void): () => void {
  if (!(live instanceof LiveDates)) return () => undefined;
  return live.store.subscribe((s, before) => {
    if (s.preview !== before.preview) change();
  });
}

/** The committed dates of `live`, without the drag's preview (a plain map as it is). */
export function committedLive(live: DayMap): DayMap {
  return live instanceof LiveDates ? live.moved : live;
}

/**
 * The dates to draw now, for the parts that draw them (the tooltip, the selected link; the canvas redraws through onPreview): re-rendered by
 * each preview on their own. A plain map (a test's) is drawn as it is.
 */
export function useLiveNow(live: DayMap): DayMap {
  const store = live instanceof LiveDates ? live.store : NO_PREVIEW;
  const preview = useStore(store, (s) => s.preview);
  return useMemo(() => (live instanceof LiveDates ? live.now() : live), [live, preview]);
}

const NO_PREVIEW = {
  getState: () => ({ preview: null }),
  subscribe: () => () => undefined,
} as unknown as StoreApi<SessionState>;
