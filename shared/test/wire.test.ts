import { describe, expect, it } from "vitest";
import type { PlanningData } from "../src/planning/data.js";
import { eventColumnsOf, fromWire, toWire } from "../src/planning/wire.js";

const data: PlanningData = {
  projectId: 1,
  versionId: 2,
  writeCounter: 3,
  projectedStartDate: "2026-09-01",
  projectedEndDate: "2027-03-01",
  graph: {
    ids: [10, 11],
    kind: [0, 1],
    duration: [5, 0],
    requestedStart: [20700, 0],
    locked: [0, 0],
    calendarOf: [0, 0],
    startDay: [20700, 20707],
    endDay: [20704, 20707],
    revision: [1, 4],
    linkIds: [7],
    linkParentId: [10],
    linkChildId: [11],
    linkType: [0],
    linkDelay: [2],
  },
  calendars: { holidays: ["2026-11-11"], vacations: [], lots: [] },
  events: [
    {
      id: 10,
      name: "Gros œuvre R+1",
      type: "task",
      color: null,
      trigram: "GO",
      zoneId: 3,
      participantGroupProId: 4,
      sequenceId: null,
      macroTaskId: null,
      numberOfPeople: 2,
      progress: 40,
      isTracked: false,
      milestoneToHide: false,
    },
    {
      id: 11,
      name: "Hors d'eau",
      type: "milestone",
      color: "#FFFFFF",
      trigram: null,
      zoneId: null,
      participantGroupProId: null,
      sequenceId: 9,
      macroTaskId: 5,
      numberOfPeople: 1,
      progress: null,
      isTracked: true,
      milestoneToHide: true,
    },
  ],
  zones: [{ id: 3, name: "R+1", fullName: "Bâtiment A / R+1", parentId: null, position: 1 }],
  lots: [{ id: 4, name: "Gros œuvre", color: "#8A8886" }],
  sequences: [{ id: 9, name: "Séquence", color: null }],
};

describe("planning data on the wire", () => {
  it("sends the events as columns and gives back the same data", () => {
    const wire = toWire(data);
    expect(wire).not.toHaveProperty("events");
    expect(wire.eventColumns.name).toEqual(["Gros œuvre R+1", "Hors d'eau"]);
    expect(wire.eventColumns.type).toEqual([0, 1]);
    expect(fromWire(JSON.parse(JSON.stringify(wire)))).toEqual(data);
  });

  it("keeps the columns for readers that want them, and makes the objects only when read", () => {
    const decoded = fromWire(JSON.parse(JSON.stringify(toWire(data))));
    expect(eventColumnsOf(decoded)?.id).toEqual([10, 11]);
    expect(decoded.events[1]).toMatchObject({ name: "Hors d'eau", type: "milestone", isTracked: true });
    expect(decoded.events).toBe(decoded.events);
    expect({ ...decoded }.events).toEqual(data.events);
    // Replaced events win over the columns.
    decoded.events = [data.events[0]];
    expect(eventColumnsOf(decoded)).toBeNull();
    expect(decoded.events).toHaveLength(1);
  });

  it("is smaller than the object form", () => {
    const many = { ...data, events: Array.from({ length: 500 }, (_, i) => ({ ...data.events[i % 2], id: i })) };
    expect(JSON.stringify(toWire(many)).length).toBeLessThan(JSON.stringify(many).length * 0.7);
  });
});
