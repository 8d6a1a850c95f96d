import * as Comlink from "comlink";
import type { PlanningEngine, GraphTransfer } from "./planningEngine.js";
import type { CalendarColumns } from "@jalon/shared/planning";

export type EngineRemote = Comlink.Remote<PlanningEngine>;

/** Starts the engine worker; typed arrays of the graph are transferred, never copied. */
export function startEngineWorker(): { engine: EngineRemote; terminate: () => void } {
  const worker = new Worker(new URL("./worker.ts", import.meta.url), { type: "module" });
  return { engine: Comlink.wrap<PlanningEngine>(worker), terminate: () => worker.terminate() };
}

export function loadGraph(engine: EngineRemote, graph: GraphTransfer, calendars: CalendarColumns) {
  const buffers = Object.values(graph).map((a) => (a as ArrayBufferView).buffer as ArrayBuffer);
  return engine.load(Comlink.transfer(graph, buffers), calendars);
}
