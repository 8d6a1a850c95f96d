import type {
  InstantiationReference,
  InstantiationTemplateLink,
  InstantiationTemplateTask,
  InstantiationWarning,
} from "@jalon/engine";
import type { CalendarColumns, GraphColumns } from "@jalon/shared/planning";

// What crosses the Web Worker boundary: typed arrays, transferred. Kept apart from the engine itself so that the
// planning screen's main bundle carries these few lines and not the engine (it runs in the worker).

/** A column as any typed array: the answer's own storage (Uint8Array, Int32Array...), copied as it is. */
export type TypedColumn = Float64Array | Int32Array | Uint32Array | Int16Array | Uint16Array | Int8Array | Uint8Array;

export interface GraphTransfer {
  ids: TypedColumn;
  kind: TypedColumn;
  duration: TypedColumn;
  requestedStart: TypedColumn;
  locked: TypedColumn;
  calendarOf: TypedColumn;
  linkParentId: TypedColumn;
  linkChildId: TypedColumn;
  linkType: TypedColumn;
  linkDelay: TypedColumn;
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
  // A typed column (the compact answer's) is copied in its own type, a memory copy: converting the links' Int32Array
  // ids to Float64Array was 10 ms of the 100k first paint (bench/web). Plain arrays (a JSON answer) become typed.
  const copy = (col: ArrayLike<number>, Type: new (a: ArrayLike<number>) => TypedColumn): TypedColumn =>
    ArrayBuffer.isView(col) ? (col as TypedColumn).slice() : new Type(col);
  return {
    ids: copy(graph.ids, Float64Array),
    kind: copy(graph.kind, Uint8Array),
    duration: copy(graph.duration, Int32Array),
    requestedStart: copy(graph.requestedStart, Int32Array),
    locked: copy(graph.locked, Uint8Array),
    calendarOf: copy(graph.calendarOf, Uint16Array),
    linkParentId: copy(graph.linkParentId, Float64Array),
    linkChildId: copy(graph.linkChildId, Float64Array),
    linkType: copy(graph.linkType, Uint8Array),
    linkDelay: copy(graph.linkDelay, Int32Array),
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
