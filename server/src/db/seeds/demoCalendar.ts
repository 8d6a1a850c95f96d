import { dayOfWeek, easterSunday, formatDay, parseDay } from "@jalon/engine";
import { todayInParis } from "../../planning/progress.js";

/**
 * The demo's dates follow the day it is seeded: its plan starts 30 weeks before that week's Monday, when the
 * signed plan has most of its tasks at work (about twenty). A demo anchored to fixed dates ages into a finished
 * site, and the dashboard, countings and workforce screens (and their tests) would show an empty present.
 */
export const DEMO_WEEKS_BEFORE_TODAY = 30;

export function demoStartFor(today: string): string {
  const day = parseDay(today);
  return formatDay(day - dayOfWeek(day) - DEMO_WEEKS_BEFORE_TODAY * 7);
}

export const DEMO_START = demoStartFor(todayInParis());

export interface DemoHoliday {
  name: string;
  date: string;
  lots?: string[];
}

/** French public holidays of a year, and the electricians' bridge day after Ascension. */
export function frenchHolidays(year: number): DemoHoliday[] {
  const e = easterSunday(year);
  const fixed = (name: string, mmdd: string) => ({ name, date: `${year}-${mmdd}` });
  return [
    fixed("Jour de l'an", "01-01"),
    { name: "Lundi de Pâques", date: formatDay(e + 1) },
    fixed("Fête du Travail", "05-01"),
    fixed("Victoire 1945", "05-08"),
    { name: "Ascension", date: formatDay(e + 39) },
    { name: "Pont de l'Ascension (électricité)", date: formatDay(e + 40), lots: ["elec"] },
    { name: "Lundi de Pentecôte", date: formatDay(e + 50) },
    fixed("Fête nationale", "07-14"),
    fixed("Assomption", "08-15"),
    fixed("Toussaint", "11-01"),
    fixed("Armistice 1918", "11-11"),
    fixed("Noël", "12-25"),
  ].sort((x, y) => x.date.localeCompare(y.date));
}

/** The building trade's closures of a year: three summer weeks from August's first Monday, and year end. */
export function tradeVacations(year: number): { name: string; startDate: string; endDate: string }[] {
  let monday = parseDay(`${year}-08-01`);
  while (dayOfWeek(monday) !== 0) monday++;
  return [
    { name: "Congés d'été du BTP", startDate: formatDay(monday), endDate: formatDay(monday + 18) },
    { name: "Congés de fin d'année", startDate: `${year}-12-21`, endDate: `${year + 1}-01-01` },
  ];
}

const startYear = Number(DEMO_START.slice(0, 4));
/** The start's year and the two after it: the plan and the project's contractual end fall within them. */
const YEARS = [startYear, startYear + 1, startYear + 2];
export const DEMO_HOLIDAYS: DemoHoliday[] = YEARS.flatMap(frenchHolidays);
export const DEMO_VACATIONS = YEARS.flatMap(tradeVacations);

/** The last day of the 15th month after the start's month (the demo's contractual end). */
export function contractualEnd(start: string): string {
  const year = Number(start.slice(0, 4));
  const month = Number(start.slice(5, 7)) - 1 + 15;
  // Day 0 of the next month is the last day of this one.
  const last = new Date(Date.UTC(year, month + 1, 0));
  return last.toISOString().slice(0, 10);
}
