import { parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import {
  barGeometry,
  buildRows,
  monthSlices,
  pageSize,
  planPrint,
  printRange,
  rowBands,
  PX_TO_PT,
  type GanttEvent,
} from "../src/gantt/index.js";

const task = (id: number, start: string, days: number, zoneId: number): GanttEvent => ({
  id,
  kind: "task",
  name: `T${id}`,
  startDay: parseDay(start),
  endDay: parseDay(start) + days - 1,
  numberOfDays: days,
  color: "#FFFFFF",
  zoneId,
});

describe("print tiling", () => {
  it("gives ISO sizes in points, turned for landscape", () => {
    expect(pageSize("A4", "portrait").width).toBeCloseTo(595.28, 1);
    expect(pageSize("A4", "landscape").width).toBeCloseTo(841.89, 1);
    expect(pageSize("A1", "landscape").height).toBeCloseTo(1683.78, 1);
  });

  it("cuts a range into whole-month slices", () => {
    const r = printRange("2026-02-10", "2026-07");
    expect(r).toEqual({ firstDay: parseDay("2026-02-01"), lastDay: parseDay("2026-07-31") });
    const s = monthSlices(r.firstDay, r.lastDay, 4);
    expect(s).toEqual([
      { firstDay: parseDay("2026-02-01"), lastDay: parseDay("2026-05-31") },
      { firstDay: parseDay("2026-06-01"), lastDay: parseDay("2026-09-30") },
    ]);
  });

  it("never ends a band on a group heading and always makes progress", () => {
    const events = Array.from({ length: 10 }, (_, i) => task(i + 1, "2026-03-02", 3, i < 5 ? 1 : 2));
    const rows = buildRows(events, {
      grouping: "zone",
      groupLabels: new Map([
        [1, "A"],
        [2, "B"],
      ]),
    });
    // 2 headings (22) + 10 tasks (24): with room for 6 rows of 24, the heading of zone B (row 6) would end band 1.
    const bands = rowBands(rows, 22 + 5 * 24 + 22 + 2);
    expect(bands[0]).toEqual({ from: 0, to: 6, top: 0 });
    expect(rows[bands[1].from].kind).toBe("group");
    expect(bands.at(-1)!.to).toBe(rows.length);
    expect(rowBands(rows, 5).length).toBe(rows.length);
  });

  it("counts sheets across (months) times down (rows), and a fixed scale fills the longest slice", () => {
    const events = Array.from({ length: 200 }, (_, i) => task(i + 1, "2026-03-02", 5, 1 + (i % 4)));
    const rows = buildRows(events, { grouping: "zone" });
    const r = printRange("2026-01", "2026-12");
    const a4 = planPrint(rows, { format: "A4", orientation: "landscape", monthsPerPage: 3, ...r, legendItems: 0 });
    expect(a4.columns).toHaveLength(4);
    const rowsPerSheet = Math.floor(a4.plot.height / PX_TO_PT / 24);
    expect(a4.bands.length).toBeGreaterThanOrEqual(Math.ceil(rows.length / rowsPerSheet));
    expect(a4.pages).toHaveLength(4 * a4.bands.length);
    expect(a4.pages[1]).toEqual({ index: 1, column: 1, band: 0 });
    // The longest slice (Jul-Sep, Oct-Dec: 92 days) spans the plot exactly.
    expect(92 * a4.dayWidth * PX_TO_PT).toBeCloseTo(a4.plot.width, 6);
    const a1 = planPrint(rows.slice(0, 80), {
      format: "A1",
      orientation: "portrait",
      monthsPerPage: 12,
      ...r,
      legendItems: 20,
    });
    expect(a1.pages).toHaveLength(1);
    expect(a1.legendHeight).toBeGreaterThan(0);
    // A bar's geometry is the screen's function on the sheet's scale: day 1 of the slice starts at x 0.
    const g = barGeometry(a4.columns[1].scale, rows[1], parseDay("2026-04-01"), parseDay("2026-04-02"));
    expect(g.x).toBe(0);
    expect(g.width).toBeCloseTo(2 * a4.dayWidth, 9);
  });

  it("a legend takes room from the rows", () => {
    const rows = buildRows(
      Array.from({ length: 118 }, (_, i) => task(i + 1, "2026-03-02", 5, 1)),
      { grouping: "none" },
    );
    const r = printRange("2026-03", "2026-03");
    const without = planPrint(rows, { format: "A4", orientation: "portrait", monthsPerPage: 1, ...r, legendItems: 0 });
    const withLegend = planPrint(rows, {
      format: "A4",
      orientation: "portrait",
      monthsPerPage: 1,
      ...r,
      legendItems: 21,
    });
    expect(withLegend.plot.height).toBeLessThan(without.plot.height);
    // 59 rows of 12 pt fit an A4 portrait sheet without a legend: 118 rows take 2 sheets, 3 with one.
    expect(without.bands).toHaveLength(2);
    expect(withLegend.bands).toHaveLength(3);
  });
});
