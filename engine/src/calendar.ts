import { dayOfWeek } from "./days.js";

/**
 * A working-day calendar: Monday to Friday, minus exception days (holidays and vacation days falling on a
 * weekday). Everything works on "ranks": rank(d) is the number of working days before day d, so that
 * "add N working days" is rank arithmetic and the scheduler never steps day by day.
 *
 * Outside the span of the exceptions the calendar is pure Monday-Friday and both directions are closed
 * formulas; inside it, two precomputed tables answer in O(1). Ranks are relative (they count from a fixed
 * Monday, 1969-12-29) and may be negative: only differences mean something.
 */
export class Calendar {
  /** Sorted, unique exception days that fall on weekdays. */
  readonly exceptions: Int32Array;
  private readonly lo: number;
  private readonly hi: number;
  /**
   * rankTable[d - lo] = rank(d) for d in [lo, hi + 1]; dayTable[k - rankLo] = the working day of rank k, for ranks
   * inside [rank(lo), rank(hi + 1)). Built on the first lookup inside [lo, hi]: a calendar with 25 years of
   * holidays spans 9,000 days, and the planning screen builds one on its first paint where nothing reads it yet
   * (bench/web: 9 ms of cold code).
   */
  private rankTable: Int32Array | null = null;
  private dayTable: Int32Array | null = null;
  private readonly rankLo: number;
  private readonly rankAfter: number;

  constructor(exceptionDays: Iterable<number>) {
    const weekdays = new Set<number>();
    for (const d of exceptionDays) if (dayOfWeek(d) < 5) weekdays.add(d);
    this.exceptions = Int32Array.from([...weekdays].sort((a, b) => a - b));
    const h = this.exceptions.length;
    if (h === 0) {
      this.lo = 0;
      this.hi = -1;
      this.rankTable = new Int32Array(0);
      this.dayTable = new Int32Array(0);
      this.rankLo = 0;
      this.rankAfter = 0;
      return;
    }
    this.lo = this.exceptions[0];
    this.hi = this.exceptions[h - 1];
    // lo is the first exception: no exception before it. Every exception lies in [lo, hi].
    this.rankLo = weekdaysBefore(this.lo);
    this.rankAfter = weekdaysBefore(this.hi + 1) - h;
  }

  private buildTables(): void {
    const h = this.exceptions.length;
    const span = this.hi - this.lo + 2;
    const rankTable = new Int32Array(span);
    // Filled in place with the weekday counted along, not pushed to an array with dayOfWeek per day.
    const days = new Int32Array(span);
    const exceptions = this.exceptions;
    let count = 0;
    let rank = this.rankLo;
    let e = 0;
    let dow = dayOfWeek(this.lo);
    for (let i = 0; i < span - 1; i++) {
      const d = this.lo + i;
      rankTable[i] = rank;
      if (dow < 5) {
        if (e < h && exceptions[e] === d) e++;
        else {
          days[count++] = d;
          rank++;
        }
      }
      dow = dow === 6 ? 0 : dow + 1;
    }
    rankTable[span - 1] = rank;
    this.rankTable = rankTable;
    this.dayTable = days.slice(0, count);
  }

  /** Number of working days strictly before `day`; as a start, the rank of the first working day >= day. */
  rank(day: number): number {
    if (day <= this.lo) return weekdaysBefore(day);
    if (day > this.hi) return weekdaysBefore(day) - this.exceptions.length;
    if (this.rankTable === null) this.buildTables();
    return this.rankTable![day - this.lo];
  }

  /** The working day whose rank is `k`. */
  dayAt(k: number): number {
    if (k < this.rankLo || this.exceptions.length === 0) return weekdayAt(k);
    if (k >= this.rankAfter) return weekdayAt(k + this.exceptions.length);
    if (this.dayTable === null) this.buildTables();
    return this.dayTable![k - this.rankLo];
  }

  isWorking(day: number): boolean {
    return this.rank(day + 1) !== this.rank(day);
  }

  /** The first working day on or after `day`. */
  nextWorking(day: number): number {
    return this.dayAt(this.rank(day));
  }

  /** The last working day on or before `day`. */
  previousWorking(day: number): number {
    return this.dayAt(this.rank(day + 1) - 1);
  }

  /** `day` shifted by n working days (n may be negative); a non-working day counts as its next working day. */
  addWorkingDays(day: number, n: number): number {
    return this.dayAt(this.rank(day) + n);
  }

  /** Working days in [from, to] (both included); 0 when to < from. */
  countWorkingDays(from: number, to: number): number {
    if (to < from) return 0;
    return this.rank(to + 1) - this.rank(from);
  }
}

/** Weekdays in [1969-12-29, day) (negative before it): the pure Monday-Friday rank. */
export function weekdaysBefore(day: number): number {
  const x = day + 3;
  const q = Math.floor(x / 7);
  const r = x - q * 7;
  return q * 5 + (r < 5 ? r : 5);
}

/** Inverse of weekdaysBefore on weekdays. */
export function weekdayAt(k: number): number {
  const q = Math.floor(k / 5);
  return q * 7 + (k - q * 5) - 3;
}

export interface CalendarSpec {
  holidays?: readonly number[];
  /** Inclusive day ranges closed for the whole project (e.g. the building trade's summer closure). */
  vacations?: readonly (readonly [number, number])[];
}

export function createCalendar(spec: CalendarSpec = {}): Calendar {
  const days: number[] = [...(spec.holidays ?? [])];
  for (const [from, to] of spec.vacations ?? []) for (let d = from; d <= to; d++) days.push(d);
  return new Calendar(days);
}

/**
 * The calendars of one project: index 0 is the project calendar; every lot with holidays of its own gets the
 * project calendar plus those days.
 */
export interface CalendarSet {
  readonly calendars: readonly Calendar[];
  /** Calendar index of each lot that has its own holidays. Lots not listed use calendar 0. */
  readonly byLot: ReadonlyMap<string, number>;
}

export function createCalendarSet(
  spec: CalendarSpec & { lotHolidays?: ReadonlyMap<string, readonly number[]> | Record<string, readonly number[]> },
): CalendarSet {
  const base = createCalendar(spec);
  const calendars: Calendar[] = [base];
  const byLot = new Map<string, number>();
  const entries =
    spec.lotHolidays instanceof Map ? [...spec.lotHolidays.entries()] : Object.entries(spec.lotHolidays ?? {});
  for (const [lot, extra] of entries) {
    if (extra.length === 0) continue;
    byLot.set(String(lot), calendars.length);
    calendars.push(new Calendar([...base.exceptions, ...extra]));
  }
  return { calendars, byLot };
}
