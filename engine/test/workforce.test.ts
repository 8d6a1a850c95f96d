import { describe, expect, it } from "vitest";
import {
  createCalendar,
  formatDay,
  parseDay,
  plannedPeople,
  plannedPeopleNaive,
  type PlannedPeopleInput,
} from "../src/index.js";

const day = parseDay;
const project = createCalendar({ holidays: [day("2026-05-01")], vacations: [[day("2026-08-03"), day("2026-08-07")]] });
// A lot calendar: the project's days off plus 2026-04-29 for that lot only.
const lot = createCalendar({
  holidays: [day("2026-05-01"), day("2026-04-29")],
  vacations: [[day("2026-08-03"), day("2026-08-07")]],
});

function input(
  tasks: { s: string; e: string; n: number; p: number; cal?: number }[],
  include?: number[],
): PlannedPeopleInput {
  return {
    startDay: tasks.map((t) => day(t.s)),
    endDay: tasks.map((t) => day(t.e)),
    duration: tasks.map((t) => t.n),
    people: tasks.map((t) => t.p),
    calendarOf: tasks.map((t) => t.cal ?? 0),
    calendars: [project, lot],
    include,
  };
}

function series(r: { days: Int32Array; people: Float64Array }): Record<string, number> {
  return Object.fromEntries([...r.days].map((d, k) => [formatDay(d), r.people[k]]));
}

describe("plannedPeople", () => {
  it("sums the people of the tasks at work each day, weekends at 0, milestones weighing nothing", () => {
    const tasks = input([
      { s: "2026-04-27", e: "2026-04-30", n: 4, p: 3 }, // Mon..Thu
      { s: "2026-04-29", e: "2026-05-05", n: 4, p: 2 }, // Wed..Tue over 1 May and the weekend
      { s: "2026-04-30", e: "2026-04-30", n: 0, p: 7 }, // milestone
      { s: "2026-04-28", e: "2026-04-28", n: 1, p: 1.5 },
    ]);
    expect(series(plannedPeople(tasks, day("2026-04-27"), day("2026-05-05")))).toEqual({
      "2026-04-27": 3,
      "2026-04-28": 4.5,
      "2026-04-29": 5,
      "2026-04-30": 5,
      "2026-05-01": 0, // project holiday
      "2026-05-02": 0,
      "2026-05-03": 0,
      "2026-05-04": 2,
      "2026-05-05": 2,
    });
  });

  it("a holiday limited to a lot counts 0 for that lot's tasks only", () => {
    const tasks = input([
      { s: "2026-04-28", e: "2026-04-30", n: 2, p: 4, cal: 1 }, // the lot skips 29 April
      { s: "2026-04-28", e: "2026-04-30", n: 3, p: 1 },
    ]);
    expect(series(plannedPeople(tasks, day("2026-04-28"), day("2026-04-30")))).toEqual({
      "2026-04-28": 5,
      "2026-04-29": 1,
      "2026-04-30": 5,
    });
  });

  it("clips tasks to the range and counts the range's edges, vacations at 0", () => {
    const tasks = input([{ s: "2026-07-27", e: "2026-08-14", n: 10, p: 2 }]);
    const r = series(plannedPeople(tasks, day("2026-07-31"), day("2026-08-10")));
    expect(r["2026-07-31"]).toBe(2);
    expect(r["2026-08-03"]).toBe(0);
    expect(r["2026-08-07"]).toBe(0);
    expect(r["2026-08-10"]).toBe(2);
    expect(Object.keys(r)).toHaveLength(11);
    // A task wholly outside the range adds nothing; an empty range answers no day.
    expect(series(plannedPeople(tasks, day("2026-09-01"), day("2026-09-02")))).toEqual({
      "2026-09-01": 0,
      "2026-09-02": 0,
    });
    expect(plannedPeople(tasks, day("2026-09-02"), day("2026-09-01")).days).toHaveLength(0);
  });

  it("applies the caller's filter mask", () => {
    const tasks = input(
      [
        { s: "2026-04-27", e: "2026-04-27", n: 1, p: 3 },
        { s: "2026-04-27", e: "2026-04-27", n: 1, p: 5 },
      ],
      [0, 1],
    );
    expect(series(plannedPeople(tasks, day("2026-04-27"), day("2026-04-27")))).toEqual({ "2026-04-27": 5 });
  });

  it("agrees with the per-day-per-task baseline on a random plan", () => {
    let seed = 7;
    const rnd = (k: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed % k;
    };
    const base = day("2026-04-01");
    const tasks = Array.from({ length: 400 }, () => {
      const s = base + rnd(150);
      const len = rnd(20);
      return { s: formatDay(s), e: formatDay(s + len), n: rnd(5) === 0 ? 0 : len + 1, p: 1 + rnd(6), cal: rnd(2) };
    });
    const i = input(tasks);
    const from = base + 10;
    const to = base + 140;
    expect(Array.from(plannedPeople(i, from, to).people)).toEqual(Array.from(plannedPeopleNaive(i, from, to).people));
  });
});
