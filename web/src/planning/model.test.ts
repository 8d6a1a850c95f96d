import { describe, expect, it } from "vitest";
import { fromWire, toWire, type PlanningData } from "@jalon/shared/planning";
import { buildModel, datesOf } from "./model";
import { smallPlanning } from "./testData";

/** The graph's columns in another order (the server sends them by id; other sources may not). */
function shuffledGraph(data: PlanningData): PlanningData {
  const g = data.graph;
  const order = g.ids.map((_, i) => i).reverse();
  const pick = <T>(a: T[]) => order.map((i) => a[i]);
  return {
    ...data,
    graph: {
      ...g,
      ids: pick(g.ids),
      kind: pick(g.kind),
      duration: pick(g.duration),
      requestedStart: pick(g.requestedStart),
      locked: pick(g.locked),
      calendarOf: pick(g.calendarOf),
      startDay: pick(g.startDay),
      endDay: pick(g.endDay),
      revision: pick(g.revision),
    },
  };
}
const summary = (m: ReturnType<typeof buildModel>) => ({
  events: m.events.map((e) => [e.id, e.startDay, e.endDay, e.numberOfDays, e.locked, e.color, e.kind]),
  rows: m.rows.map((r) => r.key),
  links: m.links,
});

describe("planning model", () => {
  it("is the same from the wire's columns, from event objects and from a graph in another order", () => {
    const data = smallPlanning();
    const reference = summary(buildModel(data, datesOf(data), { grouping: "zone" }));
    const wire = fromWire(JSON.parse(JSON.stringify(toWire(data))));
    expect(summary(buildModel(wire, datesOf(wire), { grouping: "zone" }))).toEqual(reference);
    const shuffled = shuffledGraph(data);
    expect(summary(buildModel(shuffled, datesOf(shuffled), { grouping: "zone" }))).toEqual(reference);
    // Dates that are not the load's (a move committed since) come from the map, not the graph.
    const moved = new Map(datesOf(data));
    moved.set(3, [moved.get(3)![0] + 7, moved.get(3)![1] + 7]);
    const after = buildModel(data, moved, { grouping: "zone" });
    expect(after.events.find((e) => e.id === 3)?.startDay).toBe(datesOf(data).get(3)![0] + 7);
  });

  it("makes link objects only when read, from the graph's columns", () => {
    const data = smallPlanning();
    const m = buildModel(data, datesOf(data), { grouping: "none" });
    expect(Array.from(m.linkColumns.parentId)).toEqual(data.graph.linkParentId);
    expect(m.links).toEqual(
      data.graph.linkParentId.map((p, k) => ({
        parentId: p,
        childId: data.graph.linkChildId[k],
        type: data.graph.linkType[k],
        delay: data.graph.linkDelay[k],
      })),
    );
    expect(m.links).toBe(m.links);
  });

  it("makes the event and row objects a screen reads, not the others; columns answer the walks over all of them", () => {
    const data = smallPlanning();
    const wire = toWire(data);
    // Counts the names read: an event object reads its name when it is made.
    const reads = new Set<number>();
    const names = new Proxy(wire.eventColumns.name, {
      get(target, prop, receiver) {
        if (typeof prop === "string" && /^\d+$/.test(prop)) reads.add(Number(prop));
        return Reflect.get(target, prop, receiver) as unknown;
      },
    });
    const lazy = fromWire({ ...wire, eventColumns: { ...wire.eventColumns, name: names } });
    const m = buildModel(lazy, datesOf(lazy), { grouping: "zone" });
    expect(reads.size).toBe(0);
    const firstEventRow = m.rows.findIndex((r) => r.kind === "event");
    expect(reads.size).toBe(1);
    expect(m.rows[firstEventRow].label).toBe(m.events[m.rows[firstEventRow].events[0]].name);
    // The same model as one made of objects, once everything is read.
    expect(summary(m)).toEqual(summary(buildModel(data, datesOf(data), { grouping: "zone" })));
    expect(reads.size).toBe(data.events.length);
  });

  it("orders zone groups by their whole path in French order (accents folded, then case)", () => {
    const data = smallPlanning();
    // Paths that differ by an accent or a case only, under parents: "Bâtiment A / étage" before "Bâtiment A / Étage".
    const zones = [
      { id: 31, name: "Bâtiment A", fullName: null, parentId: null, position: 0 },
      { id: 32, name: "Étage", fullName: null, parentId: 31, position: 0 },
      { id: 33, name: "étage", fullName: null, parentId: 31, position: 1 },
      { id: 34, name: "Eau", fullName: null, parentId: 31, position: 2 },
    ];
    const zoneOf = [32, 33, 34, 31, 32];
    const events = data.events.map((e, i) => ({ ...e, zoneId: zoneOf[i % zoneOf.length] }));
    const changed = { ...data, zones, events };
    const m = buildModel(changed, datesOf(changed), { grouping: "zone" });
    const groups = m.rows.filter((r) => r.kind === "group").map((r) => r.label);
    expect(groups).toEqual(["Bâtiment A", "Bâtiment A / Eau", "Bâtiment A / Étage", "Bâtiment A / étage"]);
  });
});
