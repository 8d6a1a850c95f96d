import type {
  InstantiationReference,
  InstantiationTemplateLink,
  InstantiationTemplateTask,
  InstantiationWarning,
} from "@jalon/engine";
import type { CalendarColumns, GraphColumns } from "@jalon/shared/planning";

// What crosses the Web Worker boundary: typed arrays, transferred. Kept apart from the engine itself so that the
// planning screen's main bundle carries these few lines and not the engine (it runs in the worker).

export interface GraphTransfer {
  ids: Float64Array;
  kind: Uint8Array;
  duration: Int32Array;
  requestedStart: Int32Array;
  locked: Uint8Array;
  calendarOf: Uint16Array;
  linkParentId: Float64Array;
  linkChildId: Float64Array;
  linkType: Uint8Array;
  linkDelay: Int32Array;
}

export interface DeltaMessage {
  ids: Float64Array;
  startDay: Int32Array;
  endDay: Int32Array;
  projectEndDay: number;
  /** Locked events whose links the move breaks: [childId, parentId] pairs flattened. */
  violations: Float64Array;
}

export interface MoveMessage extends DeltaMessage {
  /** Incoming links whose delay changed: [parentId, childId, delay] flattened. */
  delays: Float64Array;
  /** Anchored events whose start day changed: [id, day] flattened. */
  starts: Float64Array;
}

export function graphToTransfer(graph: GraphColumns): GraphTransfer {
  return {
    ids: new Float64Array(graph.ids),
    kind: new Uint8Array(graph.kind),
    duration: new Int32Array(graph.duration),
    requestedStart: new Int32Array(graph.requestedStart),
    locked: new Uint8Array(graph.locked),
    calendarOf: new Uint16Array(graph.calendarOf),
    linkParentId: new Float64Array(graph.linkParentId),
    linkChildId: new Float64Array(graph.linkChildId),
    linkType: new Uint8Array(graph.linkType),
    linkDelay: new Int32Array(graph.linkDelay),
  };
}

/**
 * The instantiation preview's question (issue 16): a sequence template's network laid over ordered zones at a
 * takt, from a reference, in the project's calendar (the engine's instantiateSequence input, the calendar as
 * columns). Small: a template has tens of tasks.
 */
export interface TrainPreviewInput {
  tasks: InstantiationTemplateTask[];
  links: InstantiationTemplateLink[];
  /** The zones in train order (instance k on zones[k - 1]). */
  zones: { id: number; typology: string | null }[];
  takt: number;
  reference: InstantiationReference;
  calendars: CalendarColumns;
}

/** The train's tasks (columns: zone, task template, days) and the warnings; a refusal as an error code. */
export interface TrainPreview {
  zoneId: Float64Array;
  taskId: Float64Array;
  startDay: Int32Array;
  endDay: Int32Array;
  warnings: InstantiationWarning[];
  /** The engine's refusal (cycle, invalid_takt...), or null. */
  error: { code: string; message: string } | null;
}
