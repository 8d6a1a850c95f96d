import * as Comlink from "comlink";
import type { PlanningEngine, GraphTransfer } from "./planningEngine.js";
import type { CalendarColumns } from "@jalon/shared/planning";

export type EngineRemote = Comlink.Remote<PlanningEngine>;

/** The worker the planning screen runs, for its stateless computations (the instantiation preview). */
let running: EngineRemote | null = null;

/** Starts the engine worker; typed arrays of the graph are transferred, never copied. */
export function startEngineWorker(): { engine: EngineRemote; terminate: () => void } {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  const engine = Comlink.wrap<PlanningEngine>(worker);
  running = engine;
  return {
    engine,
    terminate: () => {
      if (running === engine) running = null;
      worker.terminate();
    },
  };
}

/** The planning's engine worker when one runs (the planning screen is open), else null. */
export function runningEngine(): EngineRemote | null {
  return running;
}

export function loadGraph(engine: EngineRemote, graph: GraphTransfer, calendars: CalendarColumns) {
  const buffers = Object.values(graph).map((a) => (a as ArrayBufferView).buffer as ArrayBuffer);
  return engine.load(Comlink.transfer(graph, buffers), calendars);
}
