import { dayOfWeek, parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import { contractualEnd, demoStartFor, frenchHolidays, tradeVacations } from "./demoCalendar.js";

describe("the demo's calendar", () => {
  it("starts on the Monday 30 weeks before the week of the seeding day", () => {
    expect(demoStartFor("2026-11-28")).toBe("2026-04-27");
    expect(demoStartFor("2026-11-23")).toBe("2026-04-27");
    expect(demoStartFor("2026-11-30")).toBe("2026-05-04");
    expect(dayOfWeek(parseDay(demoStartFor("2031-02-14")))).toBe(0);
  });

  it("gives France's public holidays, Easter's moving ones included", () => {
    const y2026 = new Map(frenchHolidays(2026).map((h) => [h.name, h.date]));
    expect(y2026.get("Lundi de Pâques")).toBe("2026-04-06");
    expect(y2026.get("Ascension")).toBe("2026-05-14");
    expect(y2026.get("Lundi de Pentecôte")).toBe("2026-05-25");
    const y2027 = new Map(frenchHolidays(2027).map((h) => [h.name, h.date]));
    expect(y2027.get("Lundi de Pâques")).toBe("2027-03-29");
    expect(y2027.get("Ascension")).toBe("2027-05-06");
    expect(frenchHolidays(2027).find((h) => h.lots)?.date).toBe("2027-05-07");
    expect(frenchHolidays(2028).filter((h) => !h.lots)).toHaveLength(11);
  });

  it("closes three summer weeks from August's first Monday and the year's end; ends the contract 15 months on", () => {
    expect(tradeVacations(2026)[0]).toMatchObject({ startDate: "2026-08-03", endDate: "2026-08-21" });
    expect(tradeVacations(2027)[0]).toMatchObject({ startDate: "2027-08-02", endDate: "2027-08-20" });
    expect(tradeVacations(2026)[1]).toMatchObject({ startDate: "2026-12-21", endDate: "2027-01-01" });
    expect(contractualEnd("2026-03-02")).toBe("2027-06-30");
    expect(contractualEnd("2026-04-27")).toBe("2027-07-31");
  });
});
