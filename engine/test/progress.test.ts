import { describe, expect, it } from "vitest";
import {
  indexOf,
  parseDay,
  planFromDocument,
  schedulePlan,
  theoreticalProgress,
  weightedProgress,
} from "../src/index.js";

const day = parseDay;

describe("weightedProgress", () => {
  it("weights each task's percentage by numberOfPeople × numberOfDays", () => {
    // 2×5 = 10 at 100 %, 1×3 = 3 at 50 %, 3×2 = 6 at 25 %: (1000 + 150 + 150) / 19.
    expect(
      weightedProgress([
        { numberOfPeople: 2, numberOfDays: 5, percentage: 100 },
        { numberOfPeople: 1, numberOfDays: 3, percentage: 50 },
        { numberOfPeople: 3, numberOfDays: 2, percentage: 25 },
      ]),
    ).toBe(68.42);
  });
  it("counts a task never counted as 0 % and gives milestones no weight", () => {
    expect(
      weightedProgress([
        { numberOfPeople: 1, numberOfDays: 4, percentage: 50 },
        { numberOfPeople: 1, numberOfDays: 4, percentage: null },
        { numberOfPeople: 5, numberOfDays: 0, percentage: 100, milestone: true },
        { numberOfPeople: 9, numberOfDays: 9, percentage: 100, milestone: true },
      ]),
    ).toBe(25);
  });
  it("is 0 for an empty set or a set of no weight, and never leaves 0..100", () => {
    expect(weightedProgress([])).toBe(0);
    expect(weightedProgress([{ numberOfPeople: 0, numberOfDays: 3, percentage: 80 }])).toBe(0);
    expect(weightedProgress([{ numberOfPeople: 1, numberOfDays: 1, percentage: 250 }])).toBe(100);
  });
});

describe("theoreticalProgress at its boundaries", () => {
  // Thu 2026-03-05, 4 working days: Thu 5, Fri 6, (weekend), Mon 9, Tue 10.
  const plan = planFromDocument({ events: [{ id: 1, type: "task", numberOfDays: 4, startDate: "2026-03-05" }] });
  const s = schedulePlan(plan);
  const i = indexOf(plan, 1);
  it("is 0 before the start, counts the start day itself, stands still over a weekend, 100 from the end", () => {
    expect(theoreticalProgress(plan, s, i, day("2026-03-04"))).toBe(0);
    expect(theoreticalProgress(plan, s, i, day("2026-03-05"))).toBe(25);
    expect(theoreticalProgress(plan, s, i, day("2026-03-06"))).toBe(50);
    expect(theoreticalProgress(plan, s, i, day("2026-03-07"))).toBe(50);
    expect(theoreticalProgress(plan, s, i, day("2026-03-08"))).toBe(50);
    expect(theoreticalProgress(plan, s, i, day("2026-03-09"))).toBe(75);
    expect(theoreticalProgress(plan, s, i, day("2026-03-10"))).toBe(100);
    expect(theoreticalProgress(plan, s, i, day("2027-01-01"))).toBe(100);
  });
});
