import { describe, expect, it } from "vitest";
import { moveSelection, parseDay, planFromDocument, schedulePlan, formatDay, indexOf } from "../src/index.js";
import { scheduleDocument } from "../src/index.js";

const doc = {
  events: [
    { id: 1, type: "task" as const, numberOfDays: 3, startDate: "2026-02-02" }, // Mon 2 .. Wed 4
    { id: 2, type: "task" as const, numberOfDays: 2, startDate: "2026-02-05", locked: true },
    { id: 3, type: "task" as const, numberOfDays: 1 },
  ],
  links: [
    { parentId: 1, childId: 2, type: "end-begin" as const, delay: 0 },
    { parentId: 2, childId: 3, type: "end-begin" as const, delay: 0 },
  ],
};

describe("locked events", () => {
  it("keep their dates and report no violation while their links hold", () => {
    const out = scheduleDocument(doc);
    expect(out.events.find((e) => e.id === 2)).toMatchObject({ startDate: "2026-02-05", endDate: "2026-02-06" });
    expect(out.violations).toBeUndefined();
  });
  it("keep their dates when a parent moves, and report the broken link", () => {
    const plan = planFromDocument(doc);
    const base = schedulePlan(plan);
    const moved = moveSelection(plan, base, [indexOf(plan, 1)], 2); // parent now ends Fri 6
    const s = moved.schedule;
    expect(formatDay(s.startDay[indexOf(plan, 2)])).toBe("2026-02-05");
    expect(formatDay(s.startDay[indexOf(plan, 3)])).toBe("2026-02-09");
    expect(s.violations).toHaveLength(1);
    expect(s.violations[0]).toMatchObject({
      parent: indexOf(plan, 1),
      child: indexOf(plan, 2),
      requiredStartDay: parseDay("2026-02-09"),
    });
    // The delta names only what moved: the parent.
    expect([...moved.delta.ids]).toEqual([1]);
  });
  it("a violation is also reported by a full pass", () => {
    const out = scheduleDocument({
      ...doc,
      events: [{ ...doc.events[0], numberOfDays: 5 }, doc.events[1], doc.events[2]],
    });
    expect(out.violations).toEqual([{ parentId: 1, childId: 2, type: "end-begin", requiredDate: "2026-02-09" }]);
    // A broken link makes the locked event's float negative: it is critical.
    expect(out.events.find((e) => e.id === 1)!.totalFloat).toBeLessThan(0);
  });
  it("a moved-back parent mends the violation", () => {
    const plan = planFromDocument({
      ...doc,
      events: [{ ...doc.events[0], numberOfDays: 5 }, doc.events[1], doc.events[2]],
    });
    const base = schedulePlan(plan);
    expect(base.violations).toHaveLength(1);
    const moved = moveSelection(plan, base, [indexOf(plan, 1)], -2);
    expect(moved.schedule.violations).toHaveLength(0);
  });
});
