/**
 * A request started during a render and picked up by the effect that needs its answer. The planning data is asked
 * for in the first render instead of the effect after the commit, so the fetch runs while React commits the shell
 * and the browser lays it out (bench/web: the request left 40 ms later from the effect, on a 300 ms budget).
 *
 * One request is kept: the latest key's. A render with the key already started starts nothing (every render of
 * the screen passes its key, and only a new key means new data). The effect takes the request only when its key
 * matches (same project, version, query and refresh counter), else it starts its own; an answer is taken once.
 */
export interface EarlyRequests<T> {
  /** Starts the request for `key` unless this key was the last started (taken or not); safe on every render. */
  start(key: string, load: () => Promise<T>): void;
  /** The started request for `key` (taken: a second take starts a new one), or a new one. */
  take(key: string, load: () => Promise<T>): Promise<T>;
}

export function earlyRequests<T>(): EarlyRequests<T> {
  let last: { key: string; promise: Promise<T>; taken: boolean } | null = null;
  return {
    start(key, load) {
      if (last?.key === key) return;
      const promise = load();
      // A request whose render was discarded is never taken: its failure must not surface as unhandled.
      promise.catch(() => undefined);
      last = { key, promise, taken: false };
    },
    take(key, load) {
      if (last?.key === key && !last.taken) {
        last.taken = true;
        return last.promise;
      }
      return load();
    },
  };
}
