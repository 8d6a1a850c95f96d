import { useEffect, useRef } from "react";
import type { PlanningEngine } from "./planningEngine";
import { startEngineWorker } from "./engineClient";

/** What the screen needs of the engine, whether it runs in a worker (browser) or in-thread (tests). */
export type AsyncEngine = {
  [K in keyof PlanningEngine]: PlanningEngine[K] extends (...a: infer A) => infer R ? (...a: A) => Promise<Awaited<R>> : never;
};

/**
 * The same engine in this thread, where there is no Worker (tests): loaded on its first call, so the planning's
 * bundle does not carry the engine the worker runs. Calls keep their order (each waits on the same load).
 */
function inThread(): AsyncEngine {
  let engine: Promise<PlanningEngine> | null = null;
  return new Proxy({} as AsyncEngine, {
    get: (_t, name: keyof PlanningEngine) => (...args: unknown[]) =>
      (engine ??= import("./planningEngine").then((m) => new m.PlanningEngine())).then((e) => (e[name] as (...a: unknown[]) => unknown).apply(e, args)),
  });
}

export function useEngine(): React.MutableRefObject<AsyncEngine | null> {
  const ref = useRef<AsyncEngine | null>(null);
  if (ref.current === null) {
    if (typeof Worker === "undefined") ref.current = inThread();
  }
  useEffect(() => {
    if (typeof Worker === "undefined") return;
    const w = startEngineWorker();
    ref.current = w.engine as unknown as AsyncEngine;
    return () => {
      ref.current = null;
      w.terminate();
    };
  }, []);
  return ref;
}
