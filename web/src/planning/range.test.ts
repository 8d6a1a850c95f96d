import { describe, expect, it } from "vitest";
import { formatDay, NO_DAY, parseDay } from "@jalon/engine";
import { defaultRange } from "@jalon/shared/gantt";
import {
  eventColumnsOf,
  fromWire,
  toWire,
  withSlice,
  type PlanningData,
  type PlanningEventView,
} from "@jalon/shared/planning";
import {
  edgeNear,
  extendRange,
  filterDay,
  filterRange,
  fitRange,
  fitZoom,
  monthsToFill,
  projectSpan,
  rangeMonths,
  type DayRange,
} from "./range";
import { serverFilterParams } from "./filters/filterLogic";
import { EMPTY_FILTERS } from "./planningStore";

const d = parseDay;
const iso = (r: DayRange) => [formatDay(r.firstDay), formatDay(r.lastDay)];

describe("planning range (issue 14)", () => {
  const today = d("2026-11-25");
  const def = defaultRange(today);

  it("defaults to 3 months back and 4 ahead, whole months", () => {
    expect(iso(def)).toEqual(["2026-08-01", "2027-03-31"]);
    expect(rangeMonths(def)).toEqual({ startDate: "2026-08", endDate: "2027-03" });
  });

  it("the date filter sets the range: its months, or 8 months from one end", () => {
    expect(iso(filterRange(def, "2028-05-14", "2028-09-02"))).toEqual(["2028-05-01", "2028-09-30"]);
    expect(iso(filterRange(def, "2028-05-14", null))).toEqual(["2028-05-01", "2028-12-31"]);
    expect(iso(filterRange(def, null, "2024-02-10"))).toEqual(["2023-07-01", "2024-02-29"]);
    expect(filterRange(def, null, null)).toBe(def);
    // An end before the start: 8 months from the start; a year being typed (0002-...) is ignored.
    expect(iso(filterRange(def, "2028-05-14", "2028-01-01"))).toEqual(["2028-05-01", "2028-12-31"]);
    expect(filterRange(def, "0002-05-01", null)).toBe(def);
    expect(filterDay("2026-02-30")).toBe(NO_DAY);
    expect(filterDay("3000-01-01")).toBe(NO_DAY);
    expect(filterDay("2026-02-28")).toBe(d("2026-02-28"));
  });

  it("the date filter reaches the server only as dates it takes, never inverted", () => {
    const p = (startDate: string | null, endDate: string | null) =>
      serverFilterParams({ ...EMPTY_FILTERS, startDate, endDate }, []);
    expect([p("2027-01-01", "2027-06-30").fromDate, p("2027-01-01", "2027-06-30").toDate]).toEqual([
      "2027-01-01",
      "2027-06-30",
    ]);
    expect(p("2027-06-01", "2027-01-01")).toMatchObject({ fromDate: "2027-06-01" });
    expect(p("2027-06-01", "2027-01-01").toDate).toBeUndefined();
    expect(p("0020-06-01", null).fromDate).toBeUndefined();
  });

  it("extends by whole months at either edge and says which months to load", () => {
    const end = extendRange(def, "end", 3);
    expect(iso(end.range)).toEqual(["2026-08-01", "2027-06-30"]);
    expect(iso(end.added)).toEqual(["2027-04-01", "2027-06-30"]);
    const start = extendRange(def, "start", 3);
    expect(iso(start.range)).toEqual(["2026-05-01", "2027-03-31"]);
    expect(iso(start.added)).toEqual(["2026-05-01", "2026-07-31"]);
    // Across a year boundary, and never less than a month.
    expect(iso(extendRange({ firstDay: d("2026-01-01"), lastDay: d("2026-12-31") }, "start", 14).added)).toEqual([
      "2024-11-01",
      "2025-12-31",
    ]);
    expect(iso(extendRange(def, "end", 0).added)).toEqual(["2027-04-01", "2027-04-30"]);
  });

  it("loads enough months to fill the screen once more, 3 at least", () => {
    expect(monthsToFill(900, 4)).toBe(8);
    expect(monthsToFill(900, 72)).toBe(3);
    expect(monthsToFill(900, 900 / (30 * 20))).toBe(20);
  });

  it("finds the edge the viewport is near", () => {
    expect(edgeNear(0, 800, 3000, 60)).toBe("start");
    expect(edgeNear(1000, 800, 3000, 60)).toBeNull();
    expect(edgeNear(2150, 800, 3000, 60)).toBe("end");
    // Content narrower than the screen: the end (time goes forward).
    expect(edgeNear(0, 800, 500, 60)).toBe("end");
  });

  it("fits the project's first to last event, skipping undated ones, in whole months and a year zoom", () => {
    const span = projectSpan([
      [d("2027-03-22"), d("2027-04-02")],
      [d("2026-01-05"), d("2026-01-09")],
      [NO_DAY, NO_DAY],
      [d("2028-06-05"), d("2028-06-07")],
    ]);
    expect(span && iso(span)).toEqual(["2026-01-05", "2028-06-07"]);
    expect(projectSpan([[NO_DAY, NO_DAY]])).toBeNull();
    const r = fitRange(span!);
    expect(iso(r)).toEqual(["2026-01-01", "2028-06-30"]);
    // 912 days: at 4 px a day (zoom 75) it needs 3648 px; in 1400 px the zoom is the largest that fits (28).
    const zoom = fitZoom(r, 1400);
    expect(zoom).toBe(28);
    expect((912 * 4 * zoom) / 75).toBeLessThanOrEqual(1400);
    expect((912 * 4 * (zoom + 1)) / 75).toBeGreaterThan(1400);
    // Narrower than the smallest zoom allows: the smallest, and the view scrolls.
    expect(fitZoom(r, 840)).toBe(20);
    expect(fitZoom({ firstDay: d("2026-01-01"), lastDay: d("2026-01-31") }, 840)).toBe(75);
  });
});

describe("withSlice: more months merged into the loaded data", () => {
  const ev = (id: number, name: string): PlanningEventView => ({
    id,
    name,
    type: "task",
    color: null,
    trigram: null,
    zoneId: null,
    participantGroupProId: null,
    sequenceId: null,
    macroTaskId: null,
    numberOfPeople: 1,
    progress: null,
    isTracked: false,
    milestoneToHide: false,
  });
  const graph = { ids: [1, 2, 3, 4] } as unknown as PlanningData["graph"];
  const loaded = fromWire(
    toWire({
      projectId: 1,
      versionId: 2,
      writeCounter: 5,
      projectedStartDate: null,
      projectedEndDate: null,
      graph,
      calendars: { holidays: [], vacations: [], lots: [] },
      events: [ev(2, "B"), ev(3, "C")],
      zones: [],
      lots: [],
      sequences: [],
    }),
  );

  it("adds the slice's events in id order, once each, and keeps the graph and lists as they are", () => {
    const slice = toWire({ ...loaded, events: [ev(1, "A"), ev(3, "C renommée"), ev(4, "D")] }).eventColumns;
    const merged = withSlice(loaded, slice);
    expect(merged.graph).toBe(loaded.graph);
    expect(merged.calendars).toBe(loaded.calendars);
    expect(merged.writeCounter).toBe(5);
    expect(eventColumnsOf(merged)?.id).toEqual([1, 2, 3, 4]);
    expect(merged.events.map((e) => e.name)).toEqual(["A", "B", "C renommée", "D"]);
    // The loaded data is unchanged (React state is replaced, not mutated).
    expect(loaded.events.map((e) => e.id)).toEqual([2, 3]);
  });
});
