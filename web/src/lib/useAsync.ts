import { useCallback, useEffect, useRef, useState } from "react";

export interface AsyncState<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  setData: (update: T | ((previous: T | undefined) => T)) => void;
}

/** Runs `load` when `deps` change (and on reload); ignores answers of superseded runs. */
export function useAsync<T>(load: () => Promise<T>, deps: readonly unknown[]): AsyncState<T> {
  const [data, setDataState] = useState<T | undefined>(undefined);
  const [error, setError] = useState<unknown>(undefined);
  const [loading, setLoading] = useState(true);
  const [tick, setTick] = useState(0);
  const run = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  useEffect(() => {
    const id = ++run.current;
    setLoading(true);
    loadRef
      .current()
      .then((value) => {
        if (id !== run.current) return;
        setDataState(value);
        setError(undefined);
      })
      .catch((e: unknown) => {
        if (id === run.current) setError(e);
      })
      .finally(() => {
        if (id === run.current) setLoading(false);
      });
  }, [...deps, tick]);

  const reload = useCallback(() => setTick((t) => t + 1), []);
  const setData = useCallback((update: T | ((previous: T | undefined) => T)) => {
    setDataState((prev) => (typeof update === "function" ? (update as (p: T | undefined) => T)(prev) : update));
  }, []);
  return { data, error, loading, reload, setData };
}

/** The rows of a list answer, or none when it fails: the optional lists a form offers (tags, lots, zones...). */
export function rowsOrNone<T>(answer: Promise<{ data: T[] }>): Promise<T[]> {
  return answer.then((r) => r.data).catch(() => []);
}
