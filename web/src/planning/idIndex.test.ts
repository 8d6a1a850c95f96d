import { describe, expect, it } from "vitest";
import { DayColumns, IdIndex, RowOfId } from "./idIndex";

describe("column maps (the view model's lookups without a Map per model)", () => {
  it("IdIndex answers and iterates as the Map it replaces, dense or sparse, ids in any order", () => {
    for (const ids of [[5, 3, 4, 9], [1e9, 7, -2, 3.5], []]) {
      const map = new Map(ids.map((id, i) => [id, i]));
      const index = new IdIndex(Float64Array.from(ids));
      expect([...index]).toEqual([...map]);
      expect(index.size).toBe(map.size);
      for (const id of [...ids, 0, 6, 8, 10, 2.5, NaN]) expect(index.get(id)).toBe(map.get(id));
      expect(index.has(4)).toBe(map.has(4));
    }
  });

  it("positionsOf and rowsOf give, in one pass, what get gives id by id (-1 for none)", () => {
    for (const ids of [[5, 3, 4, 9], [1e9, 7, -2, 3.5], [1, 2, 1], []]) {
      const index = new IdIndex(ids);
      const asked = [...ids, 0, 6, 8, 10, 2.5, NaN, -3, 1e9 + 1];
      expect(Array.from(index.positionsOf(asked))).toEqual(asked.map((id) => index.get(id) ?? -1));
      const rowOfEvent = Int32Array.from(ids, (_, i) => (i % 2 === 0 ? 3 * i : -1));
      const rows = new RowOfId(index, ids, rowOfEvent, ids.length);
      expect(Array.from(rows.rowsOf(asked))).toEqual(asked.map((id) => rows.get(id) ?? -1));
    }
  });

  it("a repeated id keeps its last position, as a Map filled in order", () => {
    const index = new IdIndex([1, 2, 1]);
    expect(index.get(1)).toBe(2);
    expect(index.size).toBe(2);
  });

  it("DayColumns gives each id its [start, end]; RowOfId each event's row, none for events without one", () => {
    const ids = [10, 11, 12];
    const index = new IdIndex(ids);
    const days = new DayColumns(index, ids, [100, 101, 102], [105, 106, 107]);
    expect(days.get(11)).toEqual([101, 106]);
    expect(days.get(13)).toBeUndefined();
    expect(new Map(days)).toEqual(
      new Map([
        [10, [100, 105]],
        [11, [101, 106]],
        [12, [102, 107]],
      ]),
    );
    const rows = new RowOfId(index, ids, Int32Array.from([2, -1, 0]), 2);
    expect(rows.get(10)).toBe(2);
    expect(rows.get(11)).toBeUndefined();
    expect(rows.has(12)).toBe(true);
    expect([...rows]).toEqual([
      [10, 2],
      [12, 0],
    ]);
  });
});
