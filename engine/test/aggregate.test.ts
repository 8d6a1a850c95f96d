import { describe, expect, it } from "vitest";
import {
  aggregateCounting,
  createCalendar,
  indexOf,
  mergeRow,
  parseDay,
  planFromDocument,
  schedulePlan,
  summarize,
  theoreticalProgress,
  workforce,
  formatDay,
} from "../src/index.js";

const day = parseDay;
const cal = createCalendar({ holidays: [day("2026-05-01")] });

describe("aggregation", () => {
  it("merges bars whose gap is under a minute: the next one starts the working day after the previous ends", () => {
    const bars = mergeRow(
      [
        { startDay: day("2026-02-02"), endDay: day("2026-02-06"), duration: 5 }, // Mon..Fri
        { startDay: day("2026-02-09"), endDay: day("2026-02-10"), duration: 2 }, // next Monday: touches
        { startDay: day("2026-02-12"), endDay: day("2026-02-12"), duration: 1 }, // a day off in between
        { startDay: day("2026-02-12"), endDay: day("2026-02-12"), duration: 0 }, // milestone inside
        { startDay: day("2026-04-30"), endDay: day("2026-04-30"), duration: 1 },
        { startDay: day("2026-05-04"), endDay: day("2026-05-05"), duration: 2 }, // after the 1 May holiday: touches
      ],
      cal,
    );
    expect(bars.map((b) => [formatDay(b.startDay), formatDay(b.endDay), b.members])).toEqual([
      ["2026-02-02", "2026-02-10", [0, 1]],
      ["2026-02-12", "2026-02-12", [2, 3]],
      ["2026-04-30", "2026-05-05", [4, 5]],
    ]);
  });
  it("weights counting by people x days and rounds to two decimals", () => {
    expect(
      aggregateCounting([
        { percentage: 100, numberOfPeople: 2, numberOfDays: 5 },
        { percentage: 0, numberOfPeople: 1, numberOfDays: 3 },
      ]),
    ).toBe(76.92);
    expect(aggregateCounting([])).toBe(0);
  });
  it("rolls sequences up: earliest child start, latest child end", () => {
    const plan = planFromDocument({
      events: [
        { id: 1, type: "task", numberOfDays: 2, startDate: "2026-02-03" },
        { id: 2, type: "task", numberOfDays: 5, startDate: "2026-02-02" },
        { id: 3, type: "task", numberOfDays: 1, startDate: "2026-03-02" },
      ],
    });
    const s = summarize([0, 0, -1], 2, schedulePlan(plan));
    expect([formatDay(s.startDay[0]), formatDay(s.endDay[0])]).toEqual(["2026-02-02", "2026-02-06"]);
  });
});

describe("progress and workforce", () => {
  const plan = planFromDocument({
    calendar: { holidays: ["2026-05-01"] },
    events: [
      { id: 1, type: "task", numberOfDays: 4, startDate: "2026-04-29" }, // Wed 29, Thu 30, Mon 4, Tue 5
      { id: 2, type: "task", numberOfDays: 2, startDate: "2026-04-30" },
      { id: 3, type: "milestone", startDate: "2026-05-04" },
    ],
  });
  const s = schedulePlan(plan);
  it("gives theoretical progress at the end of a day, counting working days", () => {
    const t = indexOf(plan, 1);
    expect(theoreticalProgress(plan, s, t, day("2026-04-28"))).toBe(0);
    expect(theoreticalProgress(plan, s, t, day("2026-04-29"))).toBe(25);
    expect(theoreticalProgress(plan, s, t, day("2026-05-01"))).toBe(50);
    expect(theoreticalProgress(plan, s, t, day("2026-05-04"))).toBe(75);
    expect(theoreticalProgress(plan, s, t, day("2026-05-05"))).toBe(100);
    expect(theoreticalProgress(plan, s, indexOf(plan, 3), day("2026-05-03"))).toBe(0);
    expect(theoreticalProgress(plan, s, indexOf(plan, 3), day("2026-05-04"))).toBe(100);
  });
  it("gives people per working day from numberOfPeople", () => {
    const w = workforce(plan, s, [2, 3, 9], day("2026-04-29"), day("2026-05-06"));
    expect([...w.days].map(formatDay)).toEqual(["2026-04-29", "2026-04-30", "2026-05-04", "2026-05-05", "2026-05-06"]);
    expect([...w.people]).toEqual([2, 5, 5, 2, 0]);
  });
});
