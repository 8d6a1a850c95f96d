import { describe, expect, it } from "vitest";
import { byDueDay, dayAfterKey, monthWeeks, sameDayInMonth, shiftMonth } from "./monthGrid";

describe("quality calendar month grid", () => {
  it("covers the month in whole weeks, Monday first", () => {
    const weeks = monthWeeks("2026-11-15");
    expect(weeks[0][0]).toBe("2026-10-26");
    expect(weeks.at(-1)!.at(-1)).toBe("2026-12-06");
    expect(weeks).toHaveLength(6);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
    // February 2027 starts on a Monday and ends on a Sunday: four rows.
    expect(monthWeeks("2027-02-10")).toHaveLength(4);
  });

  it("moves by day, week, week edge and month with the keys, across daylight saving", () => {
    expect(dayAfterKey("2026-10-25", "ArrowRight")).toBe("2026-10-26");
    expect(dayAfterKey("2026-03-29", "ArrowLeft")).toBe("2026-03-28");
    expect(dayAfterKey("2026-11-02", "ArrowUp")).toBe("2026-10-26");
    expect(dayAfterKey("2026-11-26", "Home")).toBe("2026-11-23");
    expect(dayAfterKey("2026-11-26", "End")).toBe("2026-11-29");
    expect(dayAfterKey("2027-01-31", "PageDown")).toBe("2027-02-28");
    expect(dayAfterKey("2026-11-26", "Tab")).toBeNull();
    expect(shiftMonth("2026-12-15", 1)).toBe("2027-01-01");
    expect(sameDayInMonth("2026-03-31", -1)).toBe("2026-02-28");
  });

  it("groups items by the day of their due date", () => {
    const m = byDueDay(
      [
        { id: 1, dueDate: "2026-11-03" },
        { id: 2, dueDate: null },
        { id: 3, dueDate: "2026-11-03" },
      ],
      (x) => x.dueDate,
    );
    expect(m.get("2026-11-03")!.map((x) => x.id)).toEqual([1, 3]);
    expect(m.size).toBe(1);
  });
});
