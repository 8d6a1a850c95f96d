import { useEffect, useRef } from "react";
import { PlanningEngine } from "./planningEngine";
import { startEngineWorker } from "./engineClient";

/** What the screen needs of the engine, whether it runs in a worker (browser) or in-thread (tests). */
export type AsyncEngine = {
  [K in keyof PlanningEngine]: PlanningEngine[K] extends (...a: infer A) => infer R ? (...a: A) => Promise<Awaited<R>> : never;
};

function inThread(): AsyncEngine {
  const e = new PlanningEngine();
  return new Proxy({} as AsyncEngine, {
    get: (_t, name: keyof PlanningEngine) => (...args: unknown[]) => Promise.resolve().then(() => (e[name] as (...a: unknown[]) => unknown)(...args)),
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
