import { describe, expect, it } from "vitest";
import type { PlanningData } from "@jalon/shared/planning";
import { buildModel, datesOf } from "../model";
import { smallPlanning } from "../testData";
import { KeptOrder } from "./keptOrder";

/** The version as loaded again after an edit moved event `id` by `shift` calendar days. */
function reloadedWith(data: PlanningData, id: number, shift: number): PlanningData {
  const g = data.graph;
  const i = g.ids.indexOf(id);
  return {
    ...data,
    graph: {
      ...g,
      startDay: g.startDay.map((d, k) => (k === i ? d + shift : d)),
      endDay: g.endDay.map((d, k) => (k === i ? d + shift : d)),
    },
  };
}

const eventRows = (m: ReturnType<typeof buildModel>) =>
  m.rows.filter((r) => r.kind === "event").map((r) => m.events[r.events[0]].id);

describe("rows keep their order across reloads", () => {
  it("a task moved after the others keeps its row; without the kept order it would sort last", () => {
    const first = smallPlanning();
    const kept = new KeptOrder();
    const firstDates = datesOf(first);
    expect(kept.orderFor(first, firstDates)).toBeNull();
    const before = eventRows(buildModel(first, firstDates, { grouping: "none" }));
    expect(before).toEqual([1, 5, 2, 3, 4]);

    // Task 1 (Terrassement) now starts three weeks later: a plain sort puts it after all the others.
    const next = reloadedWith(first, 1, 21);
    const nextDates = datesOf(next);
    expect(eventRows(buildModel(next, nextDates, { grouping: "none" }))).toEqual([5, 2, 3, 4, 1]);

    const order = kept.orderFor(next, nextDates);
    expect(order).not.toBeNull();
    const after = buildModel(next, nextDates, { grouping: "none", rowOrder: order! });
    expect(eventRows(after)).toEqual(before);
    // The moved task's bar has its new dates on its old row.
    expect(after.events[after.indexOfId.get(1)!].startDay).toBe(first.graph.startDay[0] + 21);
    expect(after.rowOfId.get(1)).toBe(0);
  });

  it("keeps the zone grouping and sorts an event created since by its own dates", () => {
    const first = smallPlanning();
    const kept = new KeptOrder();
    kept.orderFor(first, datesOf(first));
    const grouped = eventRows(buildModel(first, datesOf(first), { grouping: "zone" }));
    const next = reloadedWith(first, 2, 30);
    const g = next.graph;
    // A new task 9 in zone 31, starting between tasks 1 and 3.
    const withNew: PlanningData = {
      ...next,
      graph: {
        ...g,
        ids: [...g.ids, 9],
        kind: [...g.kind, 0],
        duration: [...g.duration, 1],
        requestedStart: [...g.requestedStart, g.startDay[0] + 1],
        locked: [...g.locked, 0],
        calendarOf: [...g.calendarOf, 0],
        startDay: [...g.startDay, g.startDay[0] + 1],
        endDay: [...g.endDay, g.startDay[0] + 1],
        revision: [...g.revision, 1],
      },
      events: [...next.events, { ...next.events[0], id: 9, name: "Nouvelle tâche" }],
    };
    const dates = datesOf(withNew);
    const rows = eventRows(buildModel(withNew, dates, { grouping: "zone", rowOrder: kept.orderFor(withNew, dates)! }));
    expect(rows.filter((id) => id !== 9)).toEqual(grouped);
    expect(rows.indexOf(9)).toBe(rows.indexOf(1) + 1);
  });
});
