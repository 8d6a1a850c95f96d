import { denseSpan } from "@jalon/shared";
/**
 * Read-only maps over columns, for the view model's per-event lookups at 100k events: a `Map` of 100k entries (and
 * a `[start, end]` array per event for the dates) was a large part of the first paint's allocations and of the
 * garbage collection that followed (bench/web, 100k first paint). They answer `get`/`has` and iterate like the
 * `Map`s they replace (in index order, the order those were filled in).
 */
abstract class ColumnMap<V> implements ReadonlyMap<number, V> {
  abstract get(key: number): V | undefined;
  abstract get size(): number;
  /** The key and value at position k (0 <= k < size), or undefined for a hole. */
  protected abstract at(k: number): [number, V] | undefined;
  protected abstract get span(): number;

  has(key: number): boolean {
    return this.get(key) !== undefined;
  }
  *entries(): MapIterator<[number, V]> {
    for (let k = 0; k < this.span; k++) {
      const e = this.at(k);
      if (e) yield e;
    }
  }
  *keys(): MapIterator<number> {
    for (const [key] of this.entries()) yield key;
  }
  *values(): MapIterator<V> {
    for (const [, v] of this.entries()) yield v;
  }
  [Symbol.iterator](): MapIterator<[number, V]> {
    return this.entries();
  }
  forEach(fn: (value: V, key: number, map: ReadonlyMap<number, V>) => void, thisArg?: unknown): void {
    for (const [key, v] of this.entries()) fn.call(thisArg, v, key, this);
  }
  get [Symbol.toStringTag](): string {
    return "Map";
  }
}

/**
 * Id -> position in `ids`. Ids of a version are dense (the server gives a copied version a block of ids): a table
 * over their span, 4 bytes per id, when it is at most 8 times their count; a `Map` otherwise, and for repeated
 * ids (each keeps its last position, as in a Map filled in order).
 */
export class IdIndex extends ColumnMap<number> {
  private readonly ids: ArrayLike<number>;
  private readonly min: number;
  private readonly table: Int32Array | null;
  private readonly map: Map<number, number> | null;

  constructor(ids: ArrayLike<number>) {
    super();
    this.ids = ids;
    const n = ids.length;
    const span = denseSpan(ids);
    const min = span?.min ?? 0;
    this.min = min;
    let table: Int32Array | null = null;
    if (n > 0 && span) {
      table = new Int32Array(span.max - min + 1).fill(-1);
      for (let i = 0; i < n && table !== null; i++) {
        const slot = ids[i] - min;
        if (table[slot] !== -1) table = null;
        else table[slot] = i;
      }
    }
    this.table = table;
    if (table === null && n > 0) {
      const map = new Map<number, number>();
      for (let i = 0; i < n; i++) map.set(ids[i], i);
      this.map = map;
    } else this.map = null;
  }

  get(id: number): number | undefined {
    const t = this.table;
    if (t !== null) {
      const slot = id - this.min;
      if (!(slot >= 0 && slot < t.length) || !Number.isInteger(slot)) return undefined;
      const i = t[slot];
      return i < 0 ? undefined : i;
    }
    return this.map?.get(id);
  }
  /** The position of each of `ids` (-1: none), in one pass: the links' ends at 100k tasks, without a call per id. */
  positionsOf(ids: ArrayLike<number>): Int32Array {
    const n = ids.length;
    const out = new Int32Array(n);
    const t = this.table;
    if (t !== null) {
      const min = this.min;
      const span = t.length;
      for (let k = 0; k < n; k++) {
        const slot = ids[k] - min;
        out[k] = slot >= 0 && slot < span && (slot | 0) === slot ? t[slot] : -1;
      }
    } else for (let k = 0; k < n; k++) out[k] = this.map?.get(ids[k]) ?? -1;
    return out;
  }
  get size(): number {
    return this.map ? this.map.size : this.ids.length;
  }
  protected get span(): number {
    return this.map ? 0 : this.ids.length;
  }
  protected at(k: number): [number, number] {
    return [this.ids[k], k];
  }
  override *entries(): MapIterator<[number, number]> {
    if (this.map) yield* this.map.entries();
    else yield* super.entries();
  }
}

/** Event id -> [start, end] from day columns read through an index (the load's dates: datesOf in model.ts). */
export class DayColumns extends ColumnMap<readonly [number, number]> {
  constructor(
    private readonly index: IdIndex,
    private readonly ids: ArrayLike<number>,
    private readonly startDay: ArrayLike<number>,
    private readonly endDay: ArrayLike<number>,
  ) {
    super();
  }
  get(id: number): readonly [number, number] | undefined {
    const i = this.index.get(id);
    return i === undefined ? undefined : [this.startDay[i], this.endDay[i]];
  }
  get size(): number {
    return this.index.size;
  }
  protected get span(): number {
    return this.ids.length;
  }
  protected at(k: number): [number, readonly [number, number]] | undefined {
    // A repeated id: the position its index gives, once (as a Map filled in order keeps one entry).
    return this.index.get(this.ids[k]) === k ? [this.ids[k], [this.startDay[k], this.endDay[k]]] : undefined;
  }
}

/** Event id -> row, from the row of each event index (-1: no row of its own, e.g. aggregated). */
export class RowOfId extends ColumnMap<number> {
  constructor(
    private readonly index: IdIndex,
    private readonly ids: ArrayLike<number>,
    private readonly rowOfEvent: Int32Array,
    private readonly count: number,
  ) {
    super();
  }
  get(id: number): number | undefined {
    const i = this.index.get(id);
    if (i === undefined) return undefined;
    const r = this.rowOfEvent[i];
    return r < 0 ? undefined : r;
  }
  /** The row of each of `ids` (-1: none), in one pass (see IdIndex.positionsOf). */
  rowsOf(ids: ArrayLike<number>): Int32Array {
    const out = this.index.positionsOf(ids);
    for (let k = 0; k < out.length; k++) if (out[k] >= 0) out[k] = this.rowOfEvent[out[k]];
    return out;
  }
  get size(): number {
    return this.count;
  }
  protected get span(): number {
    return this.ids.length;
  }
  protected at(k: number): [number, number] | undefined {
    const r = this.rowOfEvent[k];
    return r < 0 || this.index.get(this.ids[k]) !== k ? undefined : [this.ids[k], r];
  }
}
