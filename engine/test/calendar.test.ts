import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  createCalendar,
  createCalendarSet,
  dayOfWeek,
  easterSunday,
  formatDay,
  parseDay,
  InvalidDateError,
} from "../src/index.js";

const day = parseDay;

/** Day-by-day reference: what the rank tables must agree with. */
function naiveAdd(d: number, n: number, off: Set<number>): number {
  const working = (x: number) => dayOfWeek(x) < 5 && !off.has(x);
  let x = d;
  while (!working(x)) x++;
  let k = n;
  while (k > 0) {
    x++;
    if (working(x)) k--;
  }
  while (k < 0) {
    x--;
    if (working(x)) k++;
  }
  return x;
}

describe("days", () => {
  it("round-trips ISO days and knows the weekday", () => {
    expect(formatDay(day("2026-02-02"))).toBe("2026-02-02");
    expect(dayOfWeek(day("2026-02-02"))).toBe(0); // Monday
    expect(dayOfWeek(day("2026-02-08"))).toBe(6); // Sunday
    expect(formatDay(day("1969-12-31"))).toBe("1969-12-31");
  });
  it("refuses impossible dates with 'Date invalide'", () => {
    for (const bad of ["2026-02-30", "2026-13-01", "26-01-01", "", "2026-1-1", null, 42]) {
      expect(() => day(bad)).toThrow(InvalidDateError);
    }
    expect(() => day("2026-02-30")).toThrow("Date invalide");
  });
});

describe("Easter Sunday", () => {
  it("falls on the dates of the Gregorian calendar's tables, always a Sunday", () => {
    const known = {
      2024: "2024-03-31",
      2025: "2025-04-20",
      2026: "2026-04-05",
      2027: "2027-03-28",
      2038: "2038-04-25",
    };
    for (const [year, iso] of Object.entries(known)) expect(formatDay(easterSunday(Number(year)))).toBe(iso);
    fc.assert(fc.property(fc.integer({ min: 1583, max: 4099 }), (y) => dayOfWeek(easterSunday(y)) === 6));
  });
});

describe("calendar", () => {
  const cal = createCalendar({
    holidays: [day("2026-05-01"), day("2026-05-08")],
    vacations: [[day("2026-08-03"), day("2026-08-21")]],
  });

  it("skips weekends", () => {
    expect(formatDay(cal.addWorkingDays(day("2026-02-06"), 1))).toBe("2026-02-09"); // Fri + 1 = Mon
    expect(formatDay(cal.addWorkingDays(day("2026-02-09"), -1))).toBe("2026-02-06");
    expect(cal.isWorking(day("2026-02-07"))).toBe(false);
    expect(formatDay(cal.nextWorking(day("2026-02-07")))).toBe("2026-02-09");
    expect(formatDay(cal.previousWorking(day("2026-02-08")))).toBe("2026-02-06");
  });

  it("skips holidays and vacations", () => {
    expect(cal.isWorking(day("2026-05-01"))).toBe(false);
    expect(formatDay(cal.addWorkingDays(day("2026-04-30"), 1))).toBe("2026-05-04");
    expect(formatDay(cal.addWorkingDays(day("2026-07-31"), 1))).toBe("2026-08-24");
    expect(cal.countWorkingDays(day("2026-08-01"), day("2026-08-31"))).toBe(6);
  });

  it("ignores a holiday that falls on a weekend", () => {
    const c = createCalendar({ holidays: [day("2026-11-01")] }); // a Sunday
    expect(c.exceptions.length).toBe(0);
  });

  it("agrees with day-by-day stepping everywhere, inside and far outside the holiday span", () => {
    const off = new Set<number>([day("2026-05-01"), day("2026-05-08"), day("2026-07-14")]);
    for (let d = day("2026-08-03"); d <= day("2026-08-21"); d++) off.add(d);
    const c = createCalendar({ holidays: [...off] });
    fc.assert(
      fc.property(
        fc.integer({ min: day("2020-01-01"), max: day("2032-12-31") }),
        fc.integer({ min: -400, max: 400 }),
        (d, n) => {
          expect(c.addWorkingDays(d, n)).toBe(naiveAdd(d, n, off));
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("gives each lot with holidays of its own a calendar that adds them to the project's", () => {
    const set = createCalendarSet({ holidays: [day("2026-05-01")], lotHolidays: { "7": [day("2026-05-04")] } });
    expect(set.calendars.length).toBe(2);
    const lot = set.calendars[set.byLot.get("7")!];
    expect(lot.isWorking(day("2026-05-01"))).toBe(false);
    expect(lot.isWorking(day("2026-05-04"))).toBe(false);
    expect(set.calendars[0].isWorking(day("2026-05-04"))).toBe(true);
  });
});
