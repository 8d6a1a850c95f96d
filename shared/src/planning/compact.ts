/**
 * GET /planning/data in compact form (issue 20): the same answer as the JSON one (`PlanningDataWire` or
 * `PlanningSliceWire`), asked with `Accept: application/vnd.jalon.planning-columns.v2` (the JSON answer stays the
 * default: clients that ask for JSON, or anything, get it as before). Its columns (`graph`, `eventColumns`) are
 * binary arrays instead of JSON numbers and strings, so a client never tokenises 16 MB of text at 100k events: the
 * planning screen parses the head and reads the numbers as views on the received buffer (nothing parsed), then sends
 * the graph's columns to its engine worker.
 *
 * Layout (little-endian): "JLC2", u32 byte length of the head, the head as UTF-8 JSON, zero bytes up to a multiple
 * of 8, then each column's values at the offset its head gives (a multiple of 8 from the start of the body).
 * The head holds every field of the answer except the columns (`rest`) and, per column, where it is and how it is
 * stored: numbers in the narrowest of Uint8Array, Uint16Array, Int32Array (integers) and Float64Array, as
 * differences from the previous value when those are narrower (ids in order); a column with
 * nulls keeps a mark for them (the type's largest value, -2^31 for Int32Array, NaN for Float64Array: JSON has no
 * NaN); a string column stores indices into its `dict`, the distinct strings, as JSON text in the head (a list of
 * strings is what JSON.parse does fastest, and repeated values such as colours and trigrams are sent once), or, for a
 * column of mostly distinct strings without null (the names), its values as UTF-8 text in the body (`text`).
 * `decodeCompact` gives the answer back with typed arrays in those columns (strings and nullable ones as plain arrays,
 * so null stays null), in two steps (`decodeCompactParts`, then `assembleCompact`); `compactToJson` turns it into
 * exactly the JSON answer (the server's test compares them).
 */

import { lazyArray } from "../lazyArray.js";

// shared is typed without the DOM or Node's types: these two globals exist in every runtime Jalon runs in (browsers,
// workers, Node).
declare const TextEncoder: new () => { encode(text: string): Uint8Array };
declare const TextDecoder: new () => { decode(bytes: Uint8Array): string };

/**
 * Version 2 (2026-12-07) added text columns. A client of version 1 (a tab opened before an update) asks for the old
 * type and gets the JSON answer, which it reads, instead of text columns it would misread.
 */
export const PLANNING_COMPACT_TYPE = "application/vnd.jalon.planning-columns.v2";

const MAGIC = 0x32434c4a; // "JLC2" read as a little-endian u32
/** The answer's fields that hold columns (objects of equal-length arrays). */
const COLUMN_GROUPS = ["graph", "eventColumns"] as const;

/** How a column's values are stored: the narrowest array that holds them (and the null mark, when there are nulls). */
type Storage = "u8" | "u16" | "i32" | "f64";

interface ColumnHead {
  group: string;
  key: string;
  store: Storage;
  length: number;
  /** Byte offset of the values from the start of the body. */
  offset: number;
  /** Some values are null: stored as NULL_MARK[store]. */
  nulls?: true;
  /** A string column: the distinct strings, indexed by the stored values. */
  dict?: string[];
  /**
   * Stored as differences from the previous value (the first from `base`), in `store`, when that is narrower than
   * the values' own storage `delta.of` (ids in order: one byte each instead of four; gzip finds them too).
   */
  delta?: { base: number; of: Storage };
  /**
   * A string column of mostly distinct values (names), without null: the values one after the other as UTF-8 bytes
   * at `offset` (`length` bytes, from the start of the body), and the column's stored values are each one's length
   * in UTF-16 units. In a JSON dictionary they were most of the head, all parsed before the first paint; as text, a
   * value is cut out when it is read (see assembleCompact).
   */
  text?: { offset: number; length: number };
}

interface Head {
  rest: Record<string, unknown>;
  columns: ColumnHead[];
}

/** A decoded column: typed arrays for numbers without null, plain arrays for strings and where null appears. */
export type DecodedColumn =
  Uint8Array | Uint16Array | Int32Array | Float64Array | (number | null)[] | (string | null)[];

type Primitive = number | string | null;

const NULL_MARK: Record<Storage, number> = { u8: 0xff, u16: 0xffff, i32: -2147483648, f64: Number.NaN };
const BYTES: Record<Storage, number> = { u8: 1, u16: 2, i32: 4, f64: 8 };

/** The narrowest storage of these numbers, leaving the null mark free when there are nulls. */
function storageOf(values: readonly Primitive[], nulls: boolean): Storage {
  let min = 0;
  let max = 0;
  for (const v of values) {
    if (typeof v !== "number") continue;
    if (!Number.isInteger(v) || Object.is(v, -0)) return "f64";
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min >= 0 && max < (nulls ? 0xff : 0x100)) return "u8";
  if (min >= 0 && max < (nulls ? 0xffff : 0x10000)) return "u16";
  if (min > -2147483648 - (nulls ? 0 : 1) && max <= 2147483647) return "i32";
  return "f64";
}

function typed(store: Storage, buffer: ArrayBufferLike, offset: number, length: number) {
  if (store === "u8") return new Uint8Array(buffer, offset, length);
  if (store === "u16") return new Uint16Array(buffer, offset, length);
  if (store === "i32") return new Int32Array(buffer, offset, length);
  return new Float64Array(buffer, offset, length);
}

const align8 = (n: number) => (n + 7) & ~7;

/** Names rather than categories: a dictionary would repeat nearly every value (from 64 values, more than half distinct). */
function isMostlyDistinct(col: readonly string[]): boolean {
  if (col.length < 64) return false;
  return new Set(col).size * 2 > col.length;
}

/** The compact bytes of a GET /planning/data answer (the object the JSON answer is the text of). */
export function encodeCompact(answer: object): Uint8Array {
  const rest: Record<string, unknown> = { ...(answer as Record<string, unknown>) };
  const heads: ColumnHead[] = [];
  const stored: Primitive[][] = [];
  const texts: (Uint8Array | null)[] = [];
  let offset = 0;
  for (const group of COLUMN_GROUPS) {
    const cols = rest[group] as Record<string, Primitive[]> | undefined;
    if (!cols || typeof cols !== "object") continue;
    rest[group] = {};
    for (const [key, col] of Object.entries(cols)) {
      if (!Array.isArray(col)) throw new TypeError(`compact: ${group}.${key} is not a column`);
      let strings = false;
      let numbers = false;
      let nulls = false;
      for (const v of col) {
        if (v === null) nulls = true;
        else if (typeof v === "string") strings = true;
        else if (typeof v === "number") numbers = true;
        else throw new TypeError(`compact: ${group}.${key} holds a ${typeof v}`);
      }
      if (strings && numbers) throw new TypeError(`compact: ${group}.${key} mixes numbers and strings`);
      let values: Primitive[] = col;
      let dict: string[] | undefined;
      let text: Uint8Array | undefined;
      if (strings && !nulls && isMostlyDistinct(col as string[])) {
        text = new TextEncoder().encode((col as string[]).join(""));
        values = (col as string[]).map((v) => v.length);
      } else if (strings || (nulls && !numbers)) {
        // A column of nulls only is a string column with an empty dictionary.
        dict = [];
        const index = new Map<string, number>();
        values = col.map((v) => {
          if (v === null) return null;
          let k = index.get(v as string);
          if (k === undefined) index.set(v as string, (k = dict!.push(v as string) - 1));
          return k;
        });
      }
      let store = storageOf(values, nulls);
      let delta: ColumnHead["delta"];
      if (!nulls && !dict && !text && store !== "f64" && col.length > 1) {
        const diffs = new Array<number>(col.length);
        for (let i = 0; i < col.length; i++)
          diffs[i] = (col[i] as number) - (i > 0 ? (col[i - 1] as number) : (col[0] as number));
        const narrower = storageOf(diffs, false);
        if (BYTES[narrower] < BYTES[store]) {
          delta = { base: col[0] as number, of: store };
          store = narrower;
          values = diffs;
        }
      }
      const head: ColumnHead = { group, key, store, length: col.length, offset };
      if (nulls) head.nulls = true;
      if (dict) head.dict = dict;
      if (delta) head.delta = delta;
      heads.push(head);
      stored.push(values);
      texts.push(text ?? null);
      offset = align8(offset + col.length * BYTES[store]);
      if (text) {
        head.text = { offset, length: text.length };
        offset = align8(offset + text.length);
      }
    }
  }
  const headBytes = new TextEncoder().encode(JSON.stringify({ rest, columns: heads } satisfies Head));
  const bodyStart = align8(8 + headBytes.length);
  const out = new Uint8Array(bodyStart + offset);
  const view = new DataView(out.buffer);
  view.setUint32(0, MAGIC, true);
  view.setUint32(4, headBytes.length, true);
  out.set(headBytes, 8);
  for (let c = 0; c < heads.length; c++) {
    const { store, length, offset: at } = heads[c];
    const values = stored[c];
    const a = typed(store, out.buffer, bodyStart + at, length);
    const mark = NULL_MARK[store];
    for (let i = 0; i < length; i++) a[i] = values[i] === null ? mark : (values[i] as number);
    const text = texts[c];
    if (text) out.set(text, bodyStart + heads[c].text!.offset);
  }
  // Little-endian typed arrays: every platform Jalon runs on (x86, ARM) is; a big-endian one would misread them.
  return out;
}

/** Whether the bytes start like a compact answer. */
export function isCompact(bytes: ArrayBuffer | Uint8Array): boolean {
  const b = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  return b.length >= 8 && new DataView(b.buffer, b.byteOffset, 8).getUint32(0, true) === MAGIC;
}

/**
 * A compact answer split, not yet assembled: the answer's other fields and each column's stored values (typed
 * arrays on the answer's buffer) with its null mark and dictionary.
 */
export interface CompactParts {
  rest: Record<string, unknown>;
  columns: {
    group: string;
    key: string;
    store: Storage;
    values: Uint8Array | Uint16Array | Int32Array | Float64Array;
    nulls?: true;
    dict?: string[];
    /** A text column's UTF-8 bytes (`values`: each value's length in UTF-16 units). */
    text?: Uint8Array;
  }[];
}

/** The parts of compact bytes (see CompactParts); the columns are views on `buffer`, not copies. */
export function decodeCompactParts(buffer: ArrayBuffer): CompactParts {
  if (!isCompact(buffer)) throw new TypeError("compact: not a compact planning answer");
  const view = new DataView(buffer);
  const headLength = view.getUint32(4, true);
  const head = JSON.parse(new TextDecoder().decode(new Uint8Array(buffer, 8, headLength))) as Head;
  const bodyStart = align8(8 + headLength);
  const columns: CompactParts["columns"] = [];
  for (const { group, key, store, length, offset, nulls, dict, delta, text } of head.columns) {
    const start = bodyStart + offset;
    if (start + length * BYTES[store] > buffer.byteLength) throw new RangeError(`compact: ${group}.${key} is cut`);
    const stored = typed(store, buffer, start, length);
    if (text) {
      if (bodyStart + text.offset + text.length > buffer.byteLength)
        throw new RangeError(`compact: ${group}.${key} is cut`);
      columns.push({
        group,
        key,
        store,
        values: stored,
        text: new Uint8Array(buffer, bodyStart + text.offset, text.length),
      });
      continue;
    }
    if (!delta) {
      columns.push({ group, key, store, values: stored, nulls, dict });
      continue;
    }
    // The running sum, in a new array of the values' own storage (integers: exact).
    const values = typed(delta.of, new ArrayBuffer(length * BYTES[delta.of]), 0, length);
    let v = delta.base;
    for (let i = 0; i < length; i++) values[i] = v += stored[i];
    columns.push({ group, key, store: delta.of, values });
  }
  return { rest: head.rest, columns };
}

/**
 * The answer of compact parts: the JSON answer's fields, its number columns without null as the typed arrays
 * (views on the answer's buffer), its string columns and nullable number columns as plain arrays (null stays
 * null). Typed as `T`, the answer's JSON type: its readers take a column by index and length only.
 */
export function assembleCompact<T = Record<string, unknown>>(parts: CompactParts): T {
  const out = { ...parts.rest };
  for (const { group, key, store, values: a, nulls, dict, text } of parts.columns) {
    const groupObject = (out[group] ??= {}) as Record<string, DecodedColumn>;
    if (text) {
      groupObject[key] = textColumn(text, a);
      continue;
    }
    if (!nulls && !dict) {
      groupObject[key] = a;
      continue;
    }
    storeLazily(groupObject, key, { values: a, mark: nulls ? NULL_MARK[store] : null, dict: dict ?? null });
  }
  return out as T;
}

/** A nullable or dictionary column as stored: its values, the value standing for null, its dictionary if any. */
export interface StoredColumn {
  values: ArrayLike<number>;
  /** The stored value of null (NaN for f64: any NaN), null when the column has no null. */
  mark: number | null;
  dict: readonly unknown[] | null;
}

const stored = new WeakMap<object, Map<string, StoredColumn>>();

const valueOf = (c: StoredColumn, k: number): unknown => {
  const v = c.values[k];
  if (c.mark !== null && (v === c.mark || Number.isNaN(v))) return null;
  return c.dict ? c.dict[v] : v;
};

/**
 * A nullable or dictionary column becomes the plain array of its values (null where null) when a reader first asks
 * for it: the model reads such columns value by value (columnReader), and made six arrays of 100k values at 100k
 * events for nothing (bench/web's first paint).
 */
function storeLazily(group: Record<string, DecodedColumn>, key: string, column: StoredColumn): void {
  let columns = stored.get(group);
  if (!columns) stored.set(group, (columns = new Map()));
  columns.set(key, column);
  let plain: DecodedColumn | null = null;
  Object.defineProperty(group, key, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (plain === null) {
        const n = column.values.length;
        const out = new Array<unknown>(n);
        for (let i = 0; i < n; i++) out[i] = valueOf(column, i);
        plain = out as DecodedColumn;
      }
      return plain;
    },
    set: (v: DecodedColumn) => {
      columns.delete(key);
      plain = v;
    },
  });
}

/**
 * Reads column `key` of a column group value by value: from its stored values when the decoder kept them (no array
 * made), else from the column itself; null (or undefined, absent) stays null.
 */
export function columnReader<T>(group: object, key: string): (k: number) => T | null {
  const column = stored.get(group)?.get(key);
  if (column) return (k) => valueOf(column, k) as T | null;
  const values = (group as Record<string, ArrayLike<T | null | undefined> | undefined>)[key];
  return (k) => values?.[k] ?? null;
}

/**
 * A stored column's numbers at `positions` (all of them when null), `none` for null, in one loop: the model's
 * nullable columns at 100k events (a reader's call per value was slower cold than the arrays it replaced).
 */
export function storedNumbers(c: StoredColumn, positions: ArrayLike<number> | null, n: number, none: number) {
  const { values, mark, dict } = c;
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const v = values[positions === null ? i : positions[i]];
    out[i] = mark !== null && (v === mark || v !== v) ? none : dict ? ((dict[v] as number | null) ?? none) : v;
  }
  return out;
}

/** Column `key` of a group as stored by the decoder, while no reader made it an array; null otherwise. */
export function storedColumn(group: object, key: string): StoredColumn | null {
  return stored.get(group)?.get(key) ?? null;
}

/**
 * A text column's values, each cut out of the decoded text when first read (lazyArray): the 100k plan's first paint
 * reads about 160 of its 100,000 names.
 */
function textColumn(bytes: Uint8Array, lengths: ArrayLike<number>): string[] {
  const text = new TextDecoder().decode(bytes);
  const n = lengths.length;
  const start = new Float64Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + lengths[i];
  if (start[n] !== text.length) throw new RangeError("compact: a text column does not match its lengths");
  return lazyArray(n, (i) => text.slice(start[i], start[i + 1]));
}

/** The answer of compact bytes (decodeCompactParts then assembleCompact). */
export function decodeCompact<T = Record<string, unknown>>(buffer: ArrayBuffer): T {
  return assembleCompact<T>(decodeCompactParts(buffer));
}

/** The decoded answer as the JSON answer's value (typed arrays made plain arrays): what JSON.parse would give. */
export function compactToJson(decoded: object): Record<string, unknown> {
  const out: Record<string, unknown> = { ...(decoded as Record<string, unknown>) };
  for (const group of COLUMN_GROUPS) {
    const cols = out[group] as Record<string, ArrayLike<unknown>> | null | undefined;
    if (!cols) continue;
    const plain: Record<string, unknown[]> = {};
    for (const [k, v] of Object.entries(cols)) plain[k] = Array.from(v);
    out[group] = plain;
  }
  return out;
}
