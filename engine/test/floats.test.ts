import { describe, expect, it } from "vitest";
import { computeFloats, indexOf, planFromDocument, scheduleDocument, schedulePlan } from "../src/index.js";

// A(3) -> B(5) -> D(2); A -> C(2) -> D. C can slip 3 days.
const doc = {
  events: [
    { id: 1, type: "task" as const, numberOfDays: 3, startDate: "2026-02-02" },
    { id: 2, type: "task" as const, numberOfDays: 5 },
    { id: 3, type: "task" as const, numberOfDays: 2 },
    { id: 4, type: "task" as const, numberOfDays: 2 },
    { id: 5, type: "milestone" as const },
    { id: 6, type: "task" as const, numberOfDays: 1, startDate: "2026-02-02" },
  ],
  links: [
    { parentId: 1, childId: 2, type: "end-begin" as const },
    { parentId: 1, childId: 3, type: "end-begin" as const },
    { parentId: 2, childId: 4, type: "end-begin" as const },
    { parentId: 3, childId: 4, type: "end-begin" as const },
    { parentId: 4, childId: 5, type: "end-begin" as const },
  ],
};

describe("backward pass", () => {
  it("gives total float, the critical path and the projected end date", () => {
    const out = scheduleDocument(doc);
    const by = Object.fromEntries(out.events.map((e) => [e.id, e]));
    expect(by[1]).toMatchObject({ totalFloat: 0, critical: true });
    expect(by[2]).toMatchObject({ totalFloat: 0, critical: true });
    expect(by[3]).toMatchObject({ totalFloat: 3, critical: false });
    expect(by[4]).toMatchObject({ totalFloat: 0, critical: true });
    expect(by[5]).toMatchObject({ startDate: "2026-02-16", totalFloat: 0, critical: true });
    expect(by[6]).toMatchObject({ totalFloat: 9, critical: false });
    // The projected end is the last date the Gantt shows: here the closing milestone's day.
    expect(out.projectedEndDate).toBe("2026-02-16");
  });
  it("gives free float: how far an event slips before moving a successor", () => {
    const plan = planFromDocument(doc);
    const f = computeFloats(plan, schedulePlan(plan));
    expect(f.freeFloat[indexOf(plan, 3)]).toBe(3);
    expect(f.freeFloat[indexOf(plan, 1)]).toBe(0);
    expect(f.freeFloat[indexOf(plan, 6)]).toBe(9);
  });
});
