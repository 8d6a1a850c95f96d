import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  dayOfWeek,
  formatDay,
  moveSelection,
  parseDay,
  planFromDocument,
  propagate,
  schedulePlan,
  withChanges,
  type ScheduleDocument,
} from "../src/index.js";

const TYPES = ["end-begin", "begin-begin", "end-end", "begin-end"] as const;
const HOLIDAYS = ["2026-05-01", "2026-05-08", "2026-05-14", "2026-05-25", "2026-07-14", "2026-08-15", "2026-11-11"];
const LOT_HOLIDAYS = ["2026-03-09", "2026-03-10", "2026-04-03"];

/** Random plans: a DAG whose links go from lower to higher index, with every link type and delays from -3 to 5. */
const planArb = fc
  .record({
    n: fc.integer({ min: 1, max: 30 }),
    seedEdges: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.constantFrom(...TYPES), fc.integer({ min: -3, max: 5 })), {
      maxLength: 60,
    }),
    kinds: fc.array(fc.boolean(), { minLength: 30, maxLength: 30 }),
    durations: fc.array(fc.integer({ min: 1, max: 8 }), { minLength: 30, maxLength: 30 }),
    starts: fc.array(fc.integer({ min: 0, max: 120 }), { minLength: 30, maxLength: 30 }),
    locks: fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 30, maxLength: 30 }),
    lots: fc.array(fc.integer({ min: 0, max: 3 }), { minLength: 30, maxLength: 30 }),
  })
  .map(({ n, seedEdges, kinds, durations, starts, locks, lots }): ScheduleDocument => {
    const seen = new Set<string>();
    const links = [];
    for (const [a, b, type, delay] of seedEdges) {
      if (n < 2) break;
      const p = a % n;
      const c = b % n;
      if (p >= c || seen.has(`${p}-${c}`)) continue;
      seen.add(`${p}-${c}`);
      links.push({ parentId: p + 1, childId: c + 1, type, delay });
    }
    const base = parseDay("2026-02-02");
    const events = Array.from({ length: n }, (_, i) => ({
      id: i + 1,
      type: kinds[i] && i % 3 === 0 ? ("milestone" as const) : ("task" as const),
      numberOfDays: durations[i],
      startDate: formatDay(base + starts[i]),
      locked: locks[i] === 0,
      lotId: lots[i] === 1 ? 1 : undefined,
    }));
    return { calendar: { holidays: HOLIDAYS, lotHolidays: { "1": LOT_HOLIDAYS } }, events, links };
  });

/** An independent, day-by-day notion of instants: working days of a calendar before a day. */
function naiveCalendar(off: Set<string>) {
  const origin = parseDay("2025-01-01");
  const working = (d: number) => dayOfWeek(d) < 5 && !off.has(formatDay(d));
  const cache = new Map<number, number>();
  return {
    working,
    instant(d: number): number {
      let hit = cache.get(d);
      if (hit !== undefined) return hit;
      hit = 0;
      for (let x = origin; x < d; x++) if (working(x)) hit++;
      cache.set(d, hit);
      return hit;
    },
  };
}

function check(doc: ScheduleDocument) {
  const plan = planFromDocument(doc);
  const s = schedulePlan(plan);
  const project = naiveCalendar(new Set(HOLIDAYS));
  const lot = naiveCalendar(new Set([...HOLIDAYS, ...LOT_HOLIDAYS]));
  const calOf = (i: number) => (doc.events[i].lotId === 1 ? lot : project);
  const idx = (id: number) => id - 1;
  const broken = new Set<string>();
  for (const ev of doc.events) {
    const i = idx(ev.id);
    const cal = calOf(i);
    expect(cal.working(s.startDay[i])).toBe(true);
    expect(cal.working(s.endDay[i])).toBe(true);
  }
  // requirement(link, childStartInstant) on the child's instants
  const satisfied = (l: (typeof doc.links & object)[number], childStart: number) => {
    const p = idx(l.parentId);
    const c = idx(l.childId);
    const cal = calOf(c);
    const np = doc.events[p].type === "milestone" ? 0 : doc.events[p].numberOfDays!;
    const nc = doc.events[c].type === "milestone" ? 0 : doc.events[c].numberOfDays!;
    const ps = cal.instant(s.startDay[p]);
    const pe = np > 0 ? cal.instant(s.endDay[p] + 1) : ps;
    const d = l.delay ?? 0;
    switch (l.type) {
      case "end-begin":
        return childStart >= pe + d;
      case "begin-begin":
        return childStart >= ps + d;
      case "end-end":
        return childStart + nc >= pe + d;
      default:
        return childStart + nc >= ps + d + 1;
    }
  };
  for (const ev of doc.events) {
    const i = idx(ev.id);
    const cal = calOf(i);
    const incoming = (doc.links ?? []).filter((l) => l.childId === ev.id);
    const start = cal.instant(s.startDay[i]);
    if (ev.locked || incoming.length === 0) {
      // Anchored: its own start date moved forward to a working day.
      let want = parseDay(ev.startDate!);
      while (!cal.working(want)) want++;
      expect(formatDay(s.startDay[i])).toBe(formatDay(want));
      for (const l of incoming) if (!satisfied(l, start)) broken.add(`${l.parentId}-${l.childId}`);
      continue;
    }
    for (const l of incoming)
      expect(satisfied(l, start), `link ${l.parentId}->${l.childId} ${l.type} ${l.delay}`).toBe(true);
    // Tight: one working day earlier breaks at least one link.
    expect(incoming.some((l) => !satisfied(l, start - 1))).toBe(true);
  }
  const reported = new Set(s.violations.map((v) => `${plan.ids[v.parent]}-${plan.ids[v.child]}`));
  expect(reported).toEqual(broken);
  return { plan, s };
}

describe("properties on random plans", () => {
  it("every link is satisfied, every derived event is tight, anchored events keep their day, violations are exact", () => {
    fc.assert(
      fc.property(planArb, (doc) => void check(doc)),
      { numRuns: 300 },
    );
  });

  it("the same holds on one calendar (the engine's fast path) and agrees with the general path", () => {
    fc.assert(
      fc.property(planArb, (doc) => {
        const single = { ...doc, events: doc.events.map((e) => ({ ...e, lotId: undefined })) };
        const { plan, s } = check(single);
        expect(plan.singleCalendar).toBe(true);
        // A lot calendar identical to the project's gives the general path the same plan: same dates.
        const general = planFromDocument({
          ...single,
          calendar: { ...single.calendar, lotHolidays: { "1": ["2026-05-01"] } },
          events: single.events.map((e, i) => ({ ...e, lotId: i % 2 ? 1 : undefined })),
        });
        expect(general.singleCalendar).toBe(single.events.length < 2);
        const g = schedulePlan(general);
        expect(g.startDay).toEqual(s.startDay);
        expect(g.endDay).toEqual(s.endDay);
      }),
      { numRuns: 300 },
    );
  });

  it("an incremental move equals a full pass on the moved plan", () => {
    fc.assert(
      fc.property(
        planArb,
        fc.array(fc.nat(), { minLength: 1, maxLength: 4 }),
        fc.integer({ min: -6, max: 6 }),
        (doc, picks, k) => {
          const plan = planFromDocument(doc);
          const base = schedulePlan(plan);
          const selection = [...new Set(picks.map((p) => p % plan.size))];
          const moved = moveSelection(plan, base, selection, k);
          const full = schedulePlan(moved.plan);
          expect(moved.schedule.startDay).toEqual(full.startDay);
          expect(moved.schedule.endDay).toEqual(full.endDay);
          expect(moved.schedule.projectEndDay).toBe(full.projectEndDay);
          expect(new Set(moved.schedule.violations.map((v) => v.link))).toEqual(
            new Set(full.violations.map((v) => v.link)),
          );
          // The delta lists exactly the events whose dates changed.
          const changed = [];
          for (let i = 0; i < plan.size; i++)
            if (full.startDay[i] !== base.startDay[i] || full.endDay[i] !== base.endDay[i]) changed.push(i);
          expect([...moved.delta.index].sort((a, b) => a - b)).toEqual(changed);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("an incremental change of durations and delays equals a full pass", () => {
    fc.assert(
      fc.property(
        planArb,
        fc.nat(),
        fc.integer({ min: 1, max: 9 }),
        fc.nat(),
        fc.integer({ min: -4, max: 6 }),
        (doc, e, dur, l, delay) => {
          const plan = planFromDocument(doc);
          const base = schedulePlan(plan);
          const i = e % plan.size;
          const changes = {
            durations: [[i, dur] as const],
            delays: plan.linkParent.length ? [[l % plan.linkParent.length, delay] as const] : [],
          };
          const next = withChanges(plan, changes);
          const seeds = [i, ...changes.delays.map(([k]) => next.linkChild[k])];
          const inc = propagate(next, base, seeds);
          const full = schedulePlan(next);
          expect(inc.schedule.startDay).toEqual(full.startDay);
          expect(inc.schedule.endDay).toEqual(full.endDay);
        },
      ),
      { numRuns: 300 },
    );
  });
});
