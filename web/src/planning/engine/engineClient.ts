import * as Comlink from "comlink";
import type { PlanningEngine, GraphTransfer } from "./planningEngine.js";
import type { CalendarColumns } from "@jalon/shared/planning";

export type EngineRemote = Comlink.Remote<PlanningEngine>;

/** The worker the planning screen runs, for its stateless computations (the instantiation preview). */
let running: EngineRemote | null = null;

/** A worker made ahead of its session's start (prewarmEngineWorker), taken by the next start. */
let spare: Worker | null = null;

function newWorker(): Worker {
  return new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
}

/**
 * Makes the engine worker now, for the session about to start: its thread, its script's fetch and evaluation run
 * while the screen mounts and the data is in flight. Started from the session's effect, after the first commit,
 * the worker was ready only after the answer had arrived, which then waited for it to decode (bench/web, 10k).
 */
export function prewarmEngineWorker(): void {
  if (spare === null && typeof Worker !== "undefined") spare = newWorker();
}

/** Starts the engine worker (the prewarmed one if any); typed arrays of the graph are transferred, never copied. */
export function startEngineWorker(): { engine: EngineRemote; terminate: () => void } {
  const worker = spare ?? newWorker();
  spare = null;
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
