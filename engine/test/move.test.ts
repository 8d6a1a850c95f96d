import { describe, expect, it } from "vitest";
import {
  applyDelta,
  formatDay,
  indexOf,
  InvalidDateError,
  moveSelection,
  moveSelectionTo,
  parseDay,
  planFromDocument,
  schedulePlan,
  type ScheduleDocument,
} from "../src/index.js";

// A(3) -> B(2) -> C(1); D(1) begin-begin 1 after B; E root far away.
const doc: ScheduleDocument = {
  calendar: { holidays: ["2026-02-16"] },
  events: [
    { id: 1, type: "task", numberOfDays: 3, startDate: "2026-02-02" },
    { id: 2, type: "task", numberOfDays: 2 },
    { id: 3, type: "task", numberOfDays: 1 },
    { id: 4, type: "task", numberOfDays: 1 },
    { id: 5, type: "task", numberOfDays: 1, startDate: "2026-03-02" },
  ],
  links: [
    { parentId: 1, childId: 2, type: "end-begin", delay: 0 },
    { parentId: 2, childId: 3, type: "end-begin", delay: 0 },
    { parentId: 2, childId: 4, type: "begin-begin", delay: 1 },
  ],
};
const day = (plan: ReturnType<typeof planFromDocument>, s: ReturnType<typeof schedulePlan>, id: number) => [
  formatDay(s.startDay[indexOf(plan, id)]),
  formatDay(s.endDay[indexOf(plan, id)]),
];

describe("moves", () => {
  const plan = planFromDocument(doc);
  const base = schedulePlan(plan);

  it("moving a root changes its start date and carries every successor", () => {
    const r = moveSelection(plan, base, [indexOf(plan, 1)], 2);
    expect(r.starts).toEqual([[indexOf(plan, 1), parseDay("2026-02-04")]]);
    expect(r.delays).toEqual([]);
    expect(day(r.plan, r.schedule, 1)).toEqual(["2026-02-04", "2026-02-06"]);
    expect(day(r.plan, r.schedule, 2)).toEqual(["2026-02-09", "2026-02-10"]);
    expect(day(r.plan, r.schedule, 3)).toEqual(["2026-02-11", "2026-02-11"]);
    expect(day(r.plan, r.schedule, 4)).toEqual(["2026-02-10", "2026-02-10"]);
    expect(new Set(r.delta.ids)).toEqual(new Set([1, 2, 3, 4]));
    expect(r.schedule.projectEndDay).toBe(parseDay("2026-03-02"));
  });

  it("moving an event with parents adds k to its incoming delays, so a later parent move still carries it", () => {
    const b = indexOf(plan, 2);
    const r = moveSelection(plan, base, [b], 3);
    expect(r.delays).toEqual([[0, 3]]);
    expect(day(r.plan, r.schedule, 2)).toEqual(["2026-02-10", "2026-02-11"]);
    const r2 = moveSelection(r.plan, r.schedule, [indexOf(plan, 1)], 1);
    expect(day(r2.plan, r2.schedule, 2)).toEqual(["2026-02-11", "2026-02-12"]);
  });

  it("a negative move gives a negative delay", () => {
    const r = moveSelection(plan, base, [indexOf(plan, 2)], -2);
    expect(r.delays).toEqual([[0, -2]]);
    expect(day(r.plan, r.schedule, 2)).toEqual(["2026-02-03", "2026-02-04"]);
  });

  it("a selection keeps the delays of links inside it; only entering links change", () => {
    const r = moveSelection(plan, base, [indexOf(plan, 2), indexOf(plan, 3)], 2);
    expect(r.delays).toEqual([[0, 2]]);
    expect(day(r.plan, r.schedule, 2)).toEqual(["2026-02-09", "2026-02-10"]);
    expect(day(r.plan, r.schedule, 3)).toEqual(["2026-02-11", "2026-02-11"]);
    // The holiday on Monday 16 is skipped by the moved group and its successors alike.
    const r2 = moveSelection(plan, base, [indexOf(plan, 2), indexOf(plan, 3)], 5);
    expect(day(r2.plan, r2.schedule, 2)).toEqual(["2026-02-12", "2026-02-13"]);
    expect(day(r2.plan, r2.schedule, 3)).toEqual(["2026-02-17", "2026-02-17"]);
  });

  it("moving to a date refuses a non-working day with 'Date invalide'", () => {
    expect(() => moveSelectionTo(plan, base, [0], 0, parseDay("2026-02-07"))).toThrow(InvalidDateError);
    expect(() => moveSelectionTo(plan, base, [0], 0, parseDay("2026-02-16"))).toThrow("Date invalide");
    const r = moveSelectionTo(plan, base, [0], 0, parseDay("2026-02-09"));
    expect(day(r.plan, r.schedule, 1)).toEqual(["2026-02-09", "2026-02-11"]);
  });

  it("never writes into the plan or schedule it was given", () => {
    const before = [base.startDay.slice(), base.endDay.slice(), plan.linkDelay.slice(), plan.requestedStart.slice()];
    moveSelection(plan, base, [indexOf(plan, 2), indexOf(plan, 1)], 4);
    expect([base.startDay, base.endDay, plan.linkDelay, plan.requestedStart]).toEqual(before);
  });

  it("a delta applied to the base gives the moved schedule", () => {
    const r = moveSelection(plan, base, [indexOf(plan, 1)], 7);
    const applied = applyDelta(r.plan, base, r.delta);
    expect(applied.startDay).toEqual(r.schedule.startDay);
    expect(applied.endDay).toEqual(r.schedule.endDay);
    expect(applied.start).toEqual(r.schedule.start);
  });

  it("a move of 0 changes nothing", () => {
    const r = moveSelection(plan, base, [indexOf(plan, 2)], 0);
    expect(r.delta.ids.length).toBe(0);
    expect(r.plan).toBe(plan);
  });
});
