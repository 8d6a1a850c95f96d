import { createCalendar, parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import {
  barColor,
  barGeometry,
  buildRows,
  createTimeScale,
  dayToX,
  defaultRange,
  headerTicks,
  isoWeek,
  linkPath,
  milestoneGeometry,
  monthRange,
  textColorOn,
  visibleRows,
  xToDay,
  zoomClass,
  type GanttEvent,
} from "../src/gantt/index.js";

const day = parseDay;

describe("time scale", () => {
  it("has the spec's zoom classes", () => {
    expect([20, 21, 30, 31, 50, 51, 75].map(zoomClass)).toEqual([
      "zoom-20",
      "zoom-21-30",
      "zoom-21-30",
      "zoom-31-50",
      "zoom-31-50",
      "zoom-51-75",
      "zoom-51-75",
    ]);
  });
  it("defaults to 3 months back and 4 months ahead", () => {
    const r = defaultRange(day("2026-11-22"));
    expect([r.firstDay, r.lastDay]).toEqual([day("2026-08-01"), day("2027-03-31")]);
  });
  it("reads year-month ranges inclusively", () => {
    const r = monthRange("2026-02", "2026-03");
    expect([r.firstDay, r.lastDay]).toEqual([day("2026-02-01"), day("2026-03-31")]);
  });
  it("maps days to pixels and back; zoom scales the width", () => {
    const s = createTimeScale("month", 75, day("2026-02-01"), day("2026-02-28"));
    expect(dayToX(s, day("2026-02-03"))).toBe(48);
    expect(xToDay(s, 47.9)).toBe(day("2026-02-02"));
    expect(createTimeScale("month", 20, 0, 9).dayWidth).toBeCloseTo(6.4);
  });
  it("labels week days LUN to VEN and skips weekends in the week view", () => {
    const s = createTimeScale("week", 75, day("2026-02-02"), day("2026-02-08"));
    expect(headerTicks(s).bottom.map((t) => t.label)).toEqual(["LUN 2", "MAR 3", "MER 4", "JEU 5", "VEN 6"]);
    expect(headerTicks(s).top.map((t) => t.label)).toEqual(["février 2026"]);
  });
  it("shows years and months in the year view", () => {
    const s = createTimeScale("year", 75, day("2026-11-01"), day("2027-02-28"));
    const t = headerTicks(s);
    expect(t.top.map((x) => x.label)).toEqual(["2026", "2027"]);
    expect(t.bottom.map((x) => x.label)).toEqual(["nov.", "déc.", "janv.", "févr."]);
  });
  it("numbers ISO weeks", () => {
    expect(isoWeek(day("2026-01-01"))).toBe(1);
    expect(isoWeek(day("2026-12-31"))).toBe(53);
    expect(isoWeek(day("2027-01-04"))).toBe(1);
  });
});

const ev = (id: number, start: string, end: string, extra: Partial<GanttEvent> = {}): GanttEvent => ({
  id,
  kind: "task",
  name: `T${id}`,
  startDay: day(start),
  endDay: day(end),
  numberOfDays: 1,
  color: "#336699",
  ...extra,
});

describe("rows", () => {
  const events = [
    ev(1, "2026-02-09", "2026-02-10", { zoneId: 2 }),
    ev(2, "2026-02-02", "2026-02-06", { zoneId: 2 }),
    ev(3, "2026-02-02", "2026-02-02", { zoneId: 1 }),
  ];
  it("lists events by start date without grouping", () => {
    expect(buildRows(events, { grouping: "none" }).map((r) => r.label)).toEqual(["T3", "T2", "T1"]);
  });
  it("groups by zone, groups sorted by label", () => {
    const rows = buildRows(events, {
      grouping: "zone",
      groupLabels: new Map([
        [1, "Bâtiment B"],
        [2, "Bâtiment A"],
      ]),
    });
    expect(rows.map((r) => `${r.kind}:${r.label}`)).toEqual([
      "group:Bâtiment A",
      "event:T2",
      "event:T1",
      "group:Bâtiment B",
      "event:T3",
    ]);
    expect(rows[1].y).toBe(rows[0].height);
  });
  it("groups the same whatever the group ids: dense, far apart, not integers, or none", () => {
    const shape = (ids: (number | null)[]) => {
      const some = [
        ev(1, "2026-02-09", "2026-02-10", { zoneId: ids[0] }),
        ev(2, "2026-02-02", "2026-02-06", { zoneId: ids[1] }),
        ev(3, "2026-02-02", "2026-02-02", { zoneId: ids[2] }),
        ev(4, "2026-02-03", "2026-02-03", { zoneId: ids[0] }),
        ev(5, "2026-02-01", "2026-02-01", { zoneId: null }),
      ];
      const labels = new Map(ids.flatMap((id, k) => (id === null ? [] : [[id, `Zone ${"CBA"[k]}`] as const])));
      return buildRows(some, { grouping: "zone", groupLabels: labels, noGroupLabel: "Sans zone" }).map(
        (r) => `${r.kind}:${r.label}`,
      );
    };
    const expected = [
      "group:Zone A",
      "event:T3",
      "group:Zone B",
      "event:T2",
      "group:Zone C",
      "event:T4",
      "event:T1",
      "group:Sans zone",
      "event:T5",
    ];
    expect(shape([7, 8, 9])).toEqual(expected);
    expect(shape([1, 4e9, -2e9])).toEqual(expected);
    expect(shape([0.5, 8, 9])).toEqual(expected);
  });
  it("aggregates a group on one row, merging touching bars", () => {
    const rows = buildRows(events, {
      grouping: "zone",
      aggregated: new Set([2]),
      calendar: createCalendar(),
      groupLabels: new Map([
        [2, "A"],
        [1, "B"],
      ]),
    });
    expect(rows[0].kind).toBe("aggregate");
    expect(rows[0].merged).toHaveLength(1);
    expect(rows[0].merged![0].members).toEqual([1, 0]);
  });
  it("finds the visible rows only", () => {
    const many = Array.from({ length: 1000 }, (_, i) => ev(i, "2026-02-02", "2026-02-02"));
    const rows = buildRows(many, { grouping: "none" });
    expect(visibleRows(rows, 240, 240)).toEqual({ from: 10, to: 20 });
  });
});

describe("geometry and colours", () => {
  const s = createTimeScale("month", 75, day("2026-02-01"), day("2026-02-28"));
  it("a bar covers its days; a milestone is centred on the left edge of its day", () => {
    expect(barGeometry(s, { y: 0, height: 24 }, day("2026-02-02"), day("2026-02-04"))).toEqual({
      x: 24,
      y: 4,
      width: 72,
      height: 16,
    });
    expect(milestoneGeometry(s, { y: 24, height: 24 }, day("2026-02-09")).cx).toBe(192);
  });
  it("routes arrows from the side named by the link type", () => {
    const p = { x: 0, y: 0, width: 50, height: 10 };
    const c = { x: 100, y: 30, width: 40, height: 10 };
    expect(linkPath("end-begin", p, c).slice(0, 2)).toEqual([50, 5]);
    expect(linkPath("end-begin", p, c).slice(-2)).toEqual([100, 35]);
    expect(linkPath("begin-begin", p, c)[0]).toBe(0);
    expect(linkPath("end-end", p, c).slice(-2)).toEqual([140, 35]);
    expect(linkPath("begin-end", p, c).slice(-2)).toEqual([140, 35]);
    // A child starting before its parent's end: the arrow goes around.
    expect(linkPath("end-begin", p, { ...c, x: 20 }).length).toBe(12);
  });
  it("uses the event's colour, else the lot's, with black or white text by the contrast constant", () => {
    expect(barColor(null, "#112233")).toBe("#112233");
    expect(barColor("#abcdef", "#112233")).toBe("#abcdef");
    expect(barColor(undefined, undefined)).toBe("#FFFFFF");
    expect(textColorOn("#FFFFFF")).toBe("#000000");
    expect(textColorOn("#1F3A93")).toBe("#FFFFFF");
    expect(textColorOn("#F7CA18")).toBe("#000000");
  });
});

describe("row order of many events", () => {
  const ev = (id: number, startDay: number, endDay: number): GanttEvent => ({
    id,
    kind: "task",
    name: `t${id}`,
    startDay,
    endDay,
    numberOfDays: endDay - startDay + 1,
    color: "#FFFFFF",
  });
  const order = (events: GanttEvent[]) => buildRows(events, { grouping: "none" }).map((r) => events[r.events[0]].id);
  const byComparator = (events: GanttEvent[]) =>
    [...events].sort((a, b) => a.startDay - b.startDay || a.endDay - b.endDay || a.id - b.id).map((e) => e.id);

  it("sorts by start, end, then id: packed keys and the comparator agree", () => {
    let seed = 7;
    const rnd = (m: number) => (seed = (seed * 1103515245 + 12345) % 2 ** 31) % m;
    const events = Array.from({ length: 3000 }, (_, i) => {
      const s = 20500 + rnd(300);
      return ev(i + 1, s, s + rnd(20));
    });
    expect(order(events)).toEqual(byComparator(events));
  });

  it("falls back to the comparator when ids are not in order or days are out of the packed range", () => {
    const shuffled = [ev(5, 20600, 20601), ev(2, 20600, 20601), ev(9, 20500, 20510), ev(1, 20600, 20600)];
    expect(order(shuffled)).toEqual([9, 1, 2, 5]);
    const old = [ev(1, 20600, 20601), ev(2, -400, -399), ev(3, 200000, 200001)];
    expect(order(old)).toEqual([2, 1, 3]);
  });
});
