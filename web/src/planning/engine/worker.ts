import * as Comlink from "comlink";
import { PlanningEngine } from "./planningEngine.js";

// The engine runs here so that a drag in a 100,000-task plan never blocks the main thread.
Comlink.expose(new PlanningEngine());
