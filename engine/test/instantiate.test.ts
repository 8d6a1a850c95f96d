import { describe, expect, it } from "vitest";
import {
  createCalendar,
  createPlan,
  CycleError,
  EventKind,
  formatDay,
  InstantiationError,
  InstantiationRole,
  instantiateSequence,
  parseDay,
  schedulePlan,
  type InstantiationInput,
  type InstantiationResult,
} from "../src/index.js";

const calendar = createCalendar();
/** Day 1 of the worked example: Monday 1 January 2024. */
const DAY1 = parseDay("2024-01-01");
/** The n-th working day counted from day 1 (day 1 = 1). */
const d = (n: number) => formatDay(calendar.dayAt(calendar.rank(DAY1) + n - 1));

const abc = {
  tasks: [
    { id: 10, numberOfDays: 5 },
    { id: 11, numberOfDays: 3 },
    { id: 12, numberOfDays: 4 },
  ],
  links: [
    { parentId: 10, childId: 11 },
    { parentId: 11, childId: 12, type: "end-begin" as const, delay: 0 },
  ],
};
const zones = [1, 2, 3, 4].map((id) => ({ id, typology: "logement" }));

function run(over: Partial<InstantiationInput> = {}): InstantiationResult {
  return instantiateSequence({
    ...abc,
    zones,
    calendar,
    takt: 5,
    reference: { kind: "date", day: DAY1 },
    ...over,
  });
}

/** zoneId -> task template id -> [start, end]. */
function table(r: InstantiationResult, input: { tasks: readonly { id: number }[] }) {
  const out: Record<number, Record<number, [string, string]>> = {};
  for (const inst of r.instances) {
    const row: Record<number, [string, string]> = {};
    for (let i = inst.firstTask; i < inst.firstTask + inst.taskCount; i++)
      row[input.tasks[r.events.task[i]].id] = [formatDay(r.events.startDay[i]), formatDay(r.events.endDay[i])];
    out[inst.zoneId] = row;
  }
  return out;
}

describe("instantiateSequence", () => {
  it("lays the worked example: A(5) -> B(3) -> C(4) over Z1..Z4, takt 5 from day 1", () => {
    const r = run();
    const t = table(r, abc);
    expect(t[1]).toEqual({ 10: [d(1), d(5)], 11: [d(6), d(8)], 12: [d(9), d(12)] });
    expect(t[2]).toEqual({ 10: [d(6), d(10)], 11: [d(11), d(13)], 12: [d(14), d(17)] });
    expect(t[3]).toEqual({ 10: [d(11), d(15)], 11: [d(16), d(18)], 12: [d(19), d(22)] });
    expect(t[4]).toEqual({ 10: [d(16), d(20)], 11: [d(21), d(23)], 12: [d(24), d(27)] });
    expect(formatDay(r.endDay)).toBe(d(28)); // the train's end milestone: the instant C of Z4 finishes
    expect(r.instances.map((i) => [i.index, formatDay(i.startDay)])).toEqual([
      [1, d(1)],
      [2, d(6)],
      [3, d(11)],
      [4, d(16)],
    ]);
    expect(r.warnings).toEqual([]);
    // 2 train milestones + 4 × (2 milestones + 3 tasks).
    expect(r.events.size).toBe(22);
    expect(r.events.role[r.trainStartEvent]).toBe(InstantiationRole.TrainStart);
    expect(formatDay(r.events.startDay[r.trainStartEvent])).toBe(d(1));
  });

  it("returns links that the planning's scheduler turns into the same dates", () => {
    const r = run();
    const ev = r.events;
    const events = Array.from({ length: ev.size }, (_, i) => ({
      id: i + 1,
      kind: ev.duration[i] === 0 ? EventKind.Milestone : EventKind.Task,
      duration: ev.duration[i],
      startDay: i === r.trainStartEvent ? DAY1 : undefined,
    }));
    const links = Array.from({ length: r.links.size }, (_, k) => ({
      parentId: r.links.parent[k] + 1,
      childId: r.links.child[k] + 1,
      type: r.links.type[k] as 0 | 1 | 2 | 3,
      delay: r.links.delay[k],
    }));
    const s = schedulePlan(createPlan(events, links, [calendar]));
    expect(Array.from(s.startDay)).toEqual(Array.from(ev.startDay));
    expect(Array.from(s.endDay)).toEqual(Array.from(ev.endDay));
  });

  it("puts every zone in parallel with takt 0, without overlap warnings", () => {
    const r = run({ takt: 0 });
    const t = table(r, abc);
    for (const z of [1, 2, 3, 4]) expect(t[z]).toEqual({ 10: [d(1), d(5)], 11: [d(6), d(8)], 12: [d(9), d(12)] });
    expect(r.warnings).toEqual([]);
  });

  it("warns when a task longer than the takt overlaps itself in the next zone", () => {
    const r = run({ takt: 3 });
    const t = table(r, abc);
    expect(t[2][10]).toEqual([d(4), d(8)]);
    const w = r.warnings.filter((x) => x.code === "task_overlaps_next_instance");
    // A (5 days) and C (4 days) are longer than 3: each overlaps itself in the three following zones.
    expect(w).toEqual([
      { code: "task_overlaps_next_instance", taskId: 10, zoneId: 1, nextZoneId: 2, days: 2, count: 3 },
      { code: "task_overlaps_next_instance", taskId: 12, zoneId: 1, nextZoneId: 2, days: 1, count: 3 },
    ]);
  });

  it("counts takt and delays in working days of the project calendar", () => {
    // A holiday on day 3 (Wednesday 3 January 2024) pushes everything after it by one working day.
    const cal = createCalendar({ holidays: [parseDay("2024-01-03")] });
    const r = run({ calendar: cal, takt: 2, zones: zones.slice(0, 2) });
    const t = table(r, abc);
    expect(t[1][10]).toEqual(["2024-01-01", "2024-01-08"]);
    expect(t[2][10]).toEqual(["2024-01-04", "2024-01-10"]);
  });

  it("filters tasks by the task template's typologies and reconnects links around skipped ones", () => {
    const tasks = [
      { id: 10, numberOfDays: 5 },
      { id: 11, numberOfDays: 3, typology: ["logement"] },
      { id: 12, numberOfDays: 4 },
    ];
    const links = [
      { parentId: 10, childId: 11, delay: 1 },
      { parentId: 11, childId: 12, delay: 2 },
    ];
    const r = instantiateSequence({
      tasks,
      links,
      zones: [
        { id: 1, typology: "logement" },
        { id: 2, typology: "commerce" },
      ],
      calendar,
      takt: 0,
      reference: { kind: "date", day: DAY1 },
    });
    const t = table(r, { tasks });
    expect(Object.keys(t[1])).toEqual(["10", "11", "12"]);
    expect(Object.keys(t[2])).toEqual(["10", "12"]);
    // In zone 2, A -> C end-begin with the delays added (1 + 2): C starts on the 4th working day after A.
    expect(t[2][12]).toEqual([d(9), d(12)]);
    const inst = r.instances[1];
    const a = inst.firstTask;
    const c = inst.firstTask + 1;
    const between: [number, number][] = [];
    for (let k = 0; k < r.links.size; k++)
      if (r.links.parent[k] === a && r.links.child[k] === c) between.push([r.links.type[k], r.links.delay[k]]);
    expect(between).toEqual([[0, 3]]);
  });

  it("applies overrides to one instance only and moves its successors", () => {
    const r = run({ overrides: [{ zoneId: 2, taskId: 11, numberOfDays: 6 }] });
    const t = table(r, abc);
    expect(t[2][11]).toEqual([d(11), d(16)]);
    expect(t[2][12]).toEqual([d(17), d(20)]);
    expect(t[3][11]).toEqual([d(16), d(18)]);
    const shifted = table(run({ overrides: [{ zoneId: 1, taskId: 10, shift: 2 }] }), abc);
    expect(shifted[1][10]).toEqual([d(3), d(7)]);
    expect(shifted[2][10]).toEqual([d(6), d(10)]);
  });

  it("starts after a reference event shifted by its delay", () => {
    const task = { kind: "event" as const, startDay: DAY1, endDay: DAY1 + 4, milestone: false, delay: 2 };
    expect(table(run({ reference: task }), abc)[1][10][0]).toBe(d(8));
    const milestone = { kind: "event" as const, startDay: DAY1 + 7, endDay: DAY1 + 7, milestone: true, delay: 1 };
    expect(table(run({ reference: milestone }), abc)[1][10][0]).toBe(d(7));
    const inst = { ...milestone, instancesStartDay: DAY1, instancesEndDay: DAY1 + 14 };
    expect(table(run({ reference: { ...inst, milestoneReferenceType: "earliest" } }), abc)[1][10][0]).toBe(d(2));
    expect(table(run({ reference: { ...inst, milestoneReferenceType: "latest" } }), abc)[1][10][0]).toBe(d(13));
  });

  it("refuses a cycle in the template, naming its task templates", () => {
    const links = [...abc.links, { parentId: 12, childId: 10 }];
    let error: unknown;
    try {
      run({ links });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(CycleError);
    expect((error as CycleError).ids).toEqual([10, 11, 12]);
  });

  it("refuses bad input with typed errors and never writes its inputs", () => {
    expect(() => run({ takt: -1 })).toThrow(InstantiationError);
    expect(() => run({ takt: 1.5 })).toThrow(/Takt invalide/);
    expect(() => run({ zones: [] })).toThrow(InstantiationError);
    expect(() => run({ zones: [zones[0], zones[0]] })).toThrow(/Zone en double/);
    expect(() => run({ links: [{ parentId: 10, childId: 99 }] })).toThrow(InstantiationError);
    const frozen = JSON.stringify({ abc, zones });
    run({ overrides: [{ zoneId: 1, taskId: 10, numberOfDays: 2 }] });
    expect(JSON.stringify({ abc, zones })).toBe(frozen);
  });

  it("creates one empty instance (its two milestones) for a zone that keeps no task", () => {
    const r = instantiateSequence({
      tasks: [{ id: 1, numberOfDays: 2, typology: ["commerce"] }],
      links: [],
      zones: [{ id: 5, typology: "logement" }],
      calendar,
      takt: 0,
      reference: { kind: "date", day: DAY1 },
    });
    expect(r.instances[0].taskCount).toBe(0);
    expect(r.warnings).toEqual([{ code: "no_task_in_zone", zoneId: 5 }]);
  });

  it("lays 1,000 zones × 20 tasks", () => {
    const tasks = Array.from({ length: 20 }, (_, i) => ({ id: i + 1, numberOfDays: 1 + (i % 4) }));
    const links = tasks.slice(1).map((t) => ({ parentId: t.id - 1, childId: t.id }));
    const many = Array.from({ length: 1000 }, (_, i) => ({ id: i + 1, typology: "logement" }));
    const r = instantiateSequence({
      tasks,
      links,
      zones: many,
      calendar,
      takt: 3,
      reference: { kind: "date", day: DAY1 },
    });
    expect(r.events.size).toBe(2 + 1000 * 22);
    expect(r.instances[999].index).toBe(1000);
  });
});
