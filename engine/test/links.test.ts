import { describe, expect, it } from "vitest";
import { dates, pair } from "./helpers.js";

// Week of reference (February 2026): Mon 2, Tue 3, Wed 4, Thu 5, Fri 6, Mon 9, Tue 10, Wed 11.
const P = { startDate: "2026-02-04", numberOfDays: 3 }; // Wed 4 .. Fri 6

describe("tasks", () => {
  it("a task of N working days ends on the N-th working day counted from its start", () => {
    expect(dates({ events: [{ id: 1, type: "task", numberOfDays: 3, startDate: "2026-02-04" }] })[1]).toEqual([
      "2026-02-04",
      "2026-02-06",
    ]);
    expect(dates({ events: [{ id: 1, type: "task", numberOfDays: 4, startDate: "2026-02-04" }] })[1]).toEqual([
      "2026-02-04",
      "2026-02-09",
    ]);
    expect(dates({ events: [{ id: 1, type: "task", numberOfDays: 1, startDate: "2026-02-06" }] })[1]).toEqual([
      "2026-02-06",
      "2026-02-06",
    ]);
  });
  it("a root starting on a weekend or a holiday moves forward to the first working day", () => {
    expect(dates({ events: [{ id: 1, type: "task", numberOfDays: 1, startDate: "2026-02-07" }] })[1]).toEqual([
      "2026-02-09",
      "2026-02-09",
    ]);
    expect(
      dates({
        calendar: { holidays: ["2026-05-01"] },
        events: [{ id: 1, type: "task", numberOfDays: 2, startDate: "2026-05-01" }],
      })[1],
    ).toEqual(["2026-05-04", "2026-05-05"]);
  });
  it("a task spanning a holiday or a vacation skips it", () => {
    expect(
      dates({
        calendar: { holidays: ["2026-05-01"] },
        events: [{ id: 1, type: "task", numberOfDays: 3, startDate: "2026-04-30" }],
      })[1],
    ).toEqual(["2026-04-30", "2026-05-05"]);
    const summer = { vacations: [{ startDate: "2026-08-03", endDate: "2026-08-21" }] };
    expect(
      dates({ calendar: summer, events: [{ id: 1, type: "task", numberOfDays: 2, startDate: "2026-07-31" }] })[1],
    ).toEqual(["2026-07-31", "2026-08-24"]);
  });
  it("a root that has no start date and no parent is refused", () => {
    expect(() => dates({ events: [{ id: 1, type: "task", numberOfDays: 2 }] })).toThrow(
      /ni date de début ni prédécesseur/,
    );
  });
  it("an event with parents ignores its own start date", () => {
    const d = dates({
      events: [
        { id: 1, type: "task", numberOfDays: 3, startDate: "2026-02-04" },
        { id: 2, type: "task", numberOfDays: 1, startDate: "2026-03-02" },
      ],
      links: [{ parentId: 1, childId: 2, type: "end-begin", delay: 0 }],
    });
    expect(d[2]).toEqual(["2026-02-09", "2026-02-09"]);
  });
});

describe("links between tasks (parent Wed 4 .. Fri 6, child of 2 days)", () => {
  const cases: [string, "end-begin" | "begin-begin" | "end-end" | "begin-end", number, [string, string]][] = [
    ["end-begin 0: the next working day", "end-begin", 0, ["2026-02-09", "2026-02-10"]],
    ["end-begin 2: the third working day after the end", "end-begin", 2, ["2026-02-11", "2026-02-12"]],
    ["end-begin -1: overlaps the parent's last day", "end-begin", -1, ["2026-02-06", "2026-02-09"]],
    ["end-begin -3", "end-begin", -3, ["2026-02-04", "2026-02-05"]],
    ["begin-begin 0: same start", "begin-begin", 0, ["2026-02-04", "2026-02-05"]],
    ["begin-begin 3: across the weekend", "begin-begin", 3, ["2026-02-09", "2026-02-10"]],
    ["begin-begin -2: before the parent", "begin-begin", -2, ["2026-02-02", "2026-02-03"]],
    ["end-end 0: same end", "end-end", 0, ["2026-02-05", "2026-02-06"]],
    ["end-end 1", "end-end", 1, ["2026-02-06", "2026-02-09"]],
    ["end-end -1", "end-end", -1, ["2026-02-04", "2026-02-05"]],
    ["begin-end 0: ends on the parent's first day", "begin-end", 0, ["2026-02-03", "2026-02-04"]],
    ["begin-end 2", "begin-end", 2, ["2026-02-05", "2026-02-06"]],
    ["begin-end -1", "begin-end", -1, ["2026-02-02", "2026-02-03"]],
  ];
  for (const [name, type, delay, expected] of cases) {
    it(name, () => {
      const r = pair(P, { numberOfDays: 2 }, { type, delay });
      expect(r.parent).toEqual(["2026-02-04", "2026-02-06"]);
      expect(r.child).toEqual(expected);
    });
  }
  it("delays count working days: end-begin 1 over a holiday", () => {
    const r = pair({ startDate: "2026-04-30", numberOfDays: 1 }, { numberOfDays: 1 }, { type: "end-begin", delay: 1 }, [
      "2026-05-01",
    ]);
    expect(r.child).toEqual(["2026-05-05", "2026-05-05"]);
  });
  it("the latest of several parents wins", () => {
    const d = dates({
      events: [
        { id: 1, type: "task", numberOfDays: 1, startDate: "2026-02-02" },
        { id: 2, type: "task", numberOfDays: 5, startDate: "2026-02-02" },
        { id: 3, type: "task", numberOfDays: 1 },
      ],
      links: [
        { parentId: 1, childId: 3, type: "end-begin", delay: 0 },
        { parentId: 2, childId: 3, type: "end-begin", delay: 0 },
      ],
    });
    expect(d[3]).toEqual(["2026-02-09", "2026-02-09"]);
  });
  it("a vacation between parent and child pushes the child past it", () => {
    const d = dates({
      calendar: { vacations: [{ startDate: "2026-08-03", endDate: "2026-08-21" }] },
      events: [
        { id: 1, type: "task", numberOfDays: 1, startDate: "2026-07-31" },
        { id: 2, type: "task", numberOfDays: 1 },
      ],
      links: [{ parentId: 1, childId: 2, type: "end-begin" }],
    });
    expect(d[2]).toEqual(["2026-08-24", "2026-08-24"]);
  });
});

describe("milestones", () => {
  it("as a child of end-begin 0 from a parent ending on Friday it lands on Monday", () => {
    expect(pair(P, { type: "milestone" }, { type: "end-begin" }).child).toEqual(["2026-02-09", "2026-02-09"]);
  });
  it("as a child of end-end 0 from a parent ending on Friday it lands on Monday", () => {
    expect(pair(P, { type: "milestone" }, { type: "end-end" }).child).toEqual(["2026-02-09", "2026-02-09"]);
  });
  it("as a child of begin-begin 0 from a parent starting on Wednesday it lands on Wednesday", () => {
    expect(pair(P, { type: "milestone" }, { type: "begin-begin" }).child).toEqual(["2026-02-04", "2026-02-04"]);
  });
  it("as a child of begin-end 0 it behaves as a zero-day task: the day after the parent's start", () => {
    expect(pair(P, { type: "milestone" }, { type: "begin-end" }).child).toEqual(["2026-02-05", "2026-02-05"]);
  });
  it("as a child with delays", () => {
    expect(pair(P, { type: "milestone" }, { type: "end-begin", delay: 1 }).child[0]).toBe("2026-02-10");
    expect(pair(P, { type: "milestone" }, { type: "end-begin", delay: -1 }).child[0]).toBe("2026-02-06");
    expect(pair(P, { type: "milestone" }, { type: "begin-begin", delay: 1 }).child[0]).toBe("2026-02-05");
    expect(pair(P, { type: "milestone" }, { type: "end-end", delay: -1 }).child[0]).toBe("2026-02-06");
    expect(pair(P, { type: "milestone" }, { type: "begin-end", delay: 1 }).child[0]).toBe("2026-02-06");
  });
  it("ignores its numberOfDays: zero length, start = end", () => {
    const d = dates({ events: [{ id: 1, type: "milestone", numberOfDays: 5, startDate: "2026-02-04" }] });
    expect(d[1]).toEqual(["2026-02-04", "2026-02-04"]);
  });
  const M = { type: "milestone" as const, startDate: "2026-02-04" }; // Wednesday
  it("as a parent: an end-begin 0 successor may start on the milestone's day", () => {
    expect(pair(M, { numberOfDays: 2 }, { type: "end-begin" }).child).toEqual(["2026-02-04", "2026-02-05"]);
    expect(pair(M, { numberOfDays: 2 }, { type: "end-begin", delay: 1 }).child).toEqual(["2026-02-05", "2026-02-06"]);
    expect(pair(M, { numberOfDays: 2 }, { type: "end-begin", delay: -1 }).child).toEqual(["2026-02-03", "2026-02-04"]);
  });
  it("as a parent of begin-begin, end-end and begin-end", () => {
    expect(pair(M, { numberOfDays: 2 }, { type: "begin-begin" }).child).toEqual(["2026-02-04", "2026-02-05"]);
    // end-end: the child must end no earlier than the instant at the start of Wednesday, i.e. on Tuesday.
    expect(pair(M, { numberOfDays: 2 }, { type: "end-end" }).child).toEqual(["2026-02-02", "2026-02-03"]);
    // begin-end: the child's last day is at least the milestone's day.
    expect(pair(M, { numberOfDays: 2 }, { type: "begin-end" }).child).toEqual(["2026-02-03", "2026-02-04"]);
  });
  it("milestone after milestone: the same instant", () => {
    expect(pair(M, { type: "milestone" }, { type: "end-begin" }).child).toEqual(["2026-02-04", "2026-02-04"]);
  });
  it("a milestone root on a Saturday moves to Monday", () => {
    expect(dates({ events: [{ id: 1, type: "milestone", startDate: "2026-02-07" }] })[1]).toEqual([
      "2026-02-09",
      "2026-02-09",
    ]);
  });
});

describe("holidays limited to a lot", () => {
  const doc = (delay: number) => ({
    calendar: { lotHolidays: { "7": ["2026-02-09"] } },
    events: [
      { id: 1, type: "task" as const, numberOfDays: 3, startDate: "2026-02-04" },
      { id: 2, type: "task" as const, numberOfDays: 2, lotId: 7 },
      { id: 3, type: "task" as const, numberOfDays: 2, lotId: 8 },
    ],
    links: [
      { parentId: 1, childId: 2, type: "end-begin" as const, delay },
      { parentId: 1, childId: 3, type: "end-begin" as const, delay },
    ],
  });
  it("the lot's tasks skip the day; other lots work", () => {
    const d = dates(doc(0));
    expect(d[2]).toEqual(["2026-02-10", "2026-02-11"]);
    expect(d[3]).toEqual(["2026-02-09", "2026-02-10"]);
  });
  it("a link's delay counts in the child's calendar", () => {
    const d = dates(doc(1));
    expect(d[2]).toEqual(["2026-02-11", "2026-02-12"]);
    expect(d[3]).toEqual(["2026-02-10", "2026-02-11"]);
  });
  it("a lot task spanning its lot holiday is lengthened", () => {
    const d = dates({
      calendar: { lotHolidays: { a: ["2026-02-09"] } },
      events: [{ id: 1, type: "task", numberOfDays: 2, startDate: "2026-02-06", lotId: "a" }],
    });
    expect(d[1]).toEqual(["2026-02-06", "2026-02-10"]);
  });
  it("a parent on a lot calendar feeds a child on the project calendar", () => {
    const d = dates({
      calendar: { lotHolidays: { "7": ["2026-02-09"] } },
      events: [
        { id: 1, type: "task", numberOfDays: 2, startDate: "2026-02-06", lotId: 7 }, // Fri 6, Tue 10
        { id: 2, type: "task", numberOfDays: 1 },
        { id: 3, type: "task", numberOfDays: 1 },
      ],
      links: [
        { parentId: 1, childId: 2, type: "end-begin" },
        { parentId: 1, childId: 3, type: "begin-begin", delay: 1 },
      ],
    });
    expect(d[1]).toEqual(["2026-02-06", "2026-02-10"]);
    expect(d[2]).toEqual(["2026-02-11", "2026-02-11"]);
    expect(d[3]).toEqual(["2026-02-09", "2026-02-09"]);
  });
});
