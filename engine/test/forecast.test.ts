import { describe, expect, it } from "vitest";
import {
  forecastSchedule,
  formatDay,
  indexOf,
  parseDay,
  planFromDocument,
  recalibrate,
  recalibratedStartDay,
  schedulePlan,
  type ScheduleDocument,
} from "../src/index.js";

// A(4): Mon 2 - Thu 5 March 2026 -> B(2) end-begin: Fri 6 - Mon 9 -> M milestone after B: Tue 10. C(5) root on
// Mon 9 - Fri 13 March. No holidays.
const doc: ScheduleDocument = {
  calendar: { holidays: [] },
  events: [
    { id: 1, type: "task", numberOfDays: 4, startDate: "2026-03-02" },
    { id: 2, type: "task", numberOfDays: 2 },
    { id: 3, type: "milestone" },
    { id: 4, type: "task", numberOfDays: 5, startDate: "2026-03-09" },
  ],
  links: [
    { parentId: 1, childId: 2, type: "end-begin", delay: 0 },
    { parentId: 2, childId: 3, type: "end-begin", delay: 0 },
  ],
};
const plan = planFromDocument(doc);
const base = schedulePlan(plan);
const at = (s: ReturnType<typeof schedulePlan>, id: number) => [
  formatDay(s.startDay[indexOf(plan, id)]),
  formatDay(s.endDay[indexOf(plan, id)]),
];
const A = indexOf(plan, 1);
const C = indexOf(plan, 4);

describe("forecastSchedule", () => {
  it("the base plan is as described", () => {
    expect(at(base, 1)).toEqual(["2026-03-02", "2026-03-05"]);
    expect(at(base, 2)).toEqual(["2026-03-06", "2026-03-09"]);
    expect(at(base, 3)).toEqual(["2026-03-10", "2026-03-10"]);
    expect(formatDay(base.projectEndDay)).toBe("2026-03-13");
  });

  it("a late task ends after its remaining work from the day after its counting, and pushes its successors", () => {
    // A counted 25 % on Wed 4: 75 % of 4 days = 3 days left, Thu 5 - Mon 9; B Tue 10 - Wed 11; M Thu 12.
    const f = forecastSchedule(plan, base, [{ index: A, percentage: 25, countingDay: parseDay("2026-03-04") }]);
    expect(at(f, 1)).toEqual(["2026-03-02", "2026-03-09"]);
    expect(at(f, 2)).toEqual(["2026-03-10", "2026-03-11"]);
    expect(at(f, 3)).toEqual(["2026-03-12", "2026-03-12"]);
    // The base schedule is untouched.
    expect(at(base, 1)).toEqual(["2026-03-02", "2026-03-05"]);
  });

  it("remaining work rounds up; a task counted 100 % ends on its counting day, earlier than planned", () => {
    // 30 % of 4 days leaves 2.8 -> 3 days.
    const f = forecastSchedule(plan, base, [{ index: A, percentage: 30, countingDay: parseDay("2026-03-03") }]);
    expect(at(f, 1)).toEqual(["2026-03-02", "2026-03-06"]);
    const done = forecastSchedule(plan, base, [{ index: A, percentage: 100, countingDay: parseDay("2026-03-03") }]);
    expect(at(done, 1)).toEqual(["2026-03-02", "2026-03-03"]);
    expect(at(done, 3)).toEqual(["2026-03-06", "2026-03-06"]);
  });

  it("C counted 40 % on its last day Fri 13 ends 3 days later, Wed 18: the project's last day", () => {
    const f = forecastSchedule(plan, base, [{ index: C, percentage: 40, countingDay: parseDay("2026-03-13") }]);
    expect(at(f, 4)).toEqual(["2026-03-09", "2026-03-18"]);
    expect(formatDay(f.projectEndDay)).toBe("2026-03-18");
  });

  it("the incremental walk (few counted tasks) and the forward pass (many) agree", () => {
    // 40 chains of 3 tasks: counting 1 chain walks incrementally, counting all 40 first tasks takes the full pass.
    const events: ScheduleDocument["events"] = [];
    const links: ScheduleDocument["links"] = [];
    for (let k = 0; k < 40; k++) {
      events.push({ id: 100 + 3 * k, type: "task", numberOfDays: 4, startDate: "2026-03-02" });
      events.push({ id: 101 + 3 * k, type: "task", numberOfDays: 2 }, { id: 102 + 3 * k, type: "milestone" });
      links.push({ parentId: 100 + 3 * k, childId: 101 + 3 * k, type: "end-begin", delay: 0 });
      links.push({ parentId: 101 + 3 * k, childId: 102 + 3 * k, type: "end-begin", delay: 0 });
    }
    const big = planFromDocument({ calendar: { holidays: [] }, events, links });
    const s0 = schedulePlan(big);
    const counted = (ks: number[]) =>
      ks.map((k) => ({ index: indexOf(big, 100 + 3 * k), percentage: 25, countingDay: parseDay("2026-03-04") }));
    const one = forecastSchedule(big, s0, counted([7]));
    const all = forecastSchedule(big, s0, counted(Array.from({ length: 40 }, (_, k) => k)));
    for (const k of [0, 7, 39]) {
      // As in the small plan: A ends Mon 9, its milestone Thu 12.
      expect(formatDay(all.endDay[indexOf(big, 102 + 3 * k)])).toBe("2026-03-12");
    }
    expect(formatDay(one.endDay[indexOf(big, 102 + 3 * 7)])).toBe("2026-03-12");
    expect(formatDay(one.endDay[indexOf(big, 102 + 3 * 8)])).toBe("2026-03-10");
    expect(formatDay(one.projectEndDay)).toBe("2026-03-12");
  });

  it("no counting: the schedule itself", () => {
    expect(forecastSchedule(plan, base, [])).toBe(base);
  });
});

describe("recalibrate", () => {
  it("re-dates a late task to end on its forecast end with its working days, successors following", () => {
    const c = { index: A, percentage: 25, countingDay: parseDay("2026-03-04") };
    // Forecast end Mon 9 with 4 days: start Wed 4.
    const day = recalibratedStartDay(plan, base, c);
    expect(day === null ? null : formatDay(day)).toBe("2026-03-04");
    const r = recalibrate(plan, base, [{ index: A, startDay: day! }]);
    expect(at(r.schedule, 1)).toEqual(["2026-03-04", "2026-03-09"]);
    expect(at(r.schedule, 2)).toEqual(["2026-03-10", "2026-03-11"]);
    expect(at(r.schedule, 3)).toEqual(["2026-03-12", "2026-03-12"]);
    expect(r.moved).toEqual([{ index: A, fromDay: parseDay("2026-03-02"), toDay: parseDay("2026-03-04") }]);
    expect([...r.touched].map((i) => plan.ids[i]).sort()).toEqual([1, 2, 3]);
    // The same end as the forecast.
    const f = forecastSchedule(plan, base, [c]);
    expect(r.schedule.endDay[A]).toBe(f.endDay[A]);
  });

  it("a linked task gets a longer entering delay; one pushed by its re-dated parent moves only by what it lacks", () => {
    const B = indexOf(plan, 2);
    // A to Wed 4 pushes B to Tue 10; B's own target Wed 11 moves it one more day through its link's delay.
    const r = recalibrate(plan, base, [
      { index: B, startDay: parseDay("2026-03-11") },
      { index: A, startDay: parseDay("2026-03-04") },
    ]);
    expect(at(r.schedule, 2)).toEqual(["2026-03-11", "2026-03-12"]);
    expect(r.delayedLinks).toEqual([0]);
    expect(r.plan.linkDelay[0]).toBe(1);
    expect(r.moved.map((m) => plan.ids[m.index])).toEqual([1, 2]);
    // Target not later than where the parent's move put it: left.
    const left = recalibrate(plan, base, [
      { index: A, startDay: parseDay("2026-03-04") },
      { index: B, startDay: parseDay("2026-03-09") },
    ]);
    expect(left.moved.map((m) => plan.ids[m.index])).toEqual([1]);
    expect(left.delayedLinks).toEqual([]);
  });

  it("a task on time or ahead has no recalibrated start", () => {
    expect(recalibratedStartDay(plan, base, { index: A, percentage: 50, countingDay: parseDay("2026-03-03") })).toBe(
      null,
    );
  });
});
