import { describe, expect, it } from "vitest";
import type { PlanningData } from "../src/planning/data.js";
import {
  columnReader,
  compactToJson,
  decodeCompact,
  encodeCompact,
  isCompact,
  storedColumn,
} from "../src/planning/compact.js";
import { toWire, type PlanningDataWire, type PlanningSliceWire } from "../src/planning/wire.js";

const data: PlanningData = {
  projectId: 1,
  versionId: 2,
  writeCounter: 3,
  projectedStartDate: "2026-09-01",
  projectedEndDate: null,
  graph: {
    ids: [10, 11, 3_000_000_000],
    kind: [0, 1, 0],
    duration: [5, 0, 300],
    requestedStart: [20700, -2147483648, -2147483648],
    locked: [0, 0, 1],
    calendarOf: [0, 0, 2],
    startDay: [20700, 20707, 20710],
    endDay: [20704, 20707, 21100],
    revision: [1, 4, 2],
    linkIds: [7],
    linkParentId: [10],
    linkChildId: [11],
    linkType: [0],
    linkDelay: [-2],
  },
  calendars: { holidays: ["2026-11-11"], vacations: [{ startDate: "2027-08-02", endDate: "2027-08-20" }], lots: [] },
  events: [
    {
      id: 10,
      name: "Gros œuvre R+1 — «béton» 🏗️",
      type: "task",
      color: null,
      trigram: "GO",
      zoneId: 3,
      participantGroupProId: 4,
      sequenceId: null,
      macroTaskId: null,
      numberOfPeople: 2.5,
      progress: 40,
      isTracked: true,
      milestoneToHide: false,
      numberOfRoadblocks: 2,
    },
    {
      id: 11,
      name: "Réception",
      type: "milestone",
      color: "#ff0000",
      trigram: null,
      zoneId: null,
      participantGroupProId: null,
      sequenceId: 5,
      macroTaskId: null,
      numberOfPeople: 0,
      progress: null,
      isTracked: false,
      milestoneToHide: true,
      qualityLate: true,
    },
  ],
  zones: [{ id: 3, name: "Bât. A — R+1", fullName: null, parentId: null, position: 0 }],
  lots: [{ id: 1, name: "Électricité", color: "#00ff00" }],
  sequences: [],
  comparisons: [{ versionId: 9, name: "V1", eventIds: [10], startDay: [20690], endDay: [20694] }],
};

/** What a client of the JSON answer reads: the JSON text parsed. */
const asJson = (v: unknown) => JSON.parse(JSON.stringify(v)) as unknown;

describe("compact planning answer", () => {
  it("decodes to exactly the JSON answer (round trip)", () => {
    const wire = toWire(data);
    const bytes = encodeCompact(wire);
    expect(isCompact(bytes)).toBe(true);
    const decoded = decodeCompact<PlanningDataWire>(bytes.slice().buffer);
    expect(compactToJson(decoded)).toEqual(asJson(wire));
    // Numbers without null are typed arrays (views on the buffer), in the narrowest type that holds them.
    expect(decoded.graph.kind).toBeInstanceOf(Uint8Array);
    expect(decoded.graph.linkDelay).toBeInstanceOf(Int32Array);
    expect(decoded.graph.ids).toBeInstanceOf(Float64Array);
    expect(decoded.eventColumns.numberOfPeople).toBeInstanceOf(Float64Array);
  });

  it("sends mostly distinct names as text, cut out when read, with every UTF-16 character kept", () => {
    const base = toWire(data);
    const n = 300;
    const names = Array.from({ length: n }, (_, i) =>
      i % 3 === 0 ? `Gros œuvre ${i} — «béton» 🏗️` : i % 3 === 1 ? `Réception ${i}` : `T${i}`,
    );
    names[10] = "";
    names[11] = names[12];
    const pick = <T>(a: T[]) => Array.from({ length: n }, (_, i) => a[i % a.length]);
    const c = base.eventColumns;
    const many = {
      ...base,
      eventColumns: Object.fromEntries(
        Object.entries(c).map(([k, v]) => [
          k,
          k === "name" ? names : k === "id" ? names.map((_, i) => i + 1) : pick(v as unknown[]),
        ]),
      ),
    } as unknown as PlanningDataWire;
    const bytes = encodeCompact(many);
    // The names are not in the head's JSON: about their UTF-8 size is saved.
    const headLength = new DataView(bytes.buffer).getUint32(4, true);
    expect(String.fromCharCode(...bytes.subarray(8, 8 + headLength))).not.toContain("T299");
    const decoded = decodeCompact<PlanningDataWire>(bytes.slice().buffer);
    expect(decoded.eventColumns.name[n - 1]).toBe(names[n - 1]);
    expect(decoded.eventColumns.name[0]).toBe("Gros œuvre 0 — «béton» 🏗️");
    expect(decoded.eventColumns.name[10]).toBe("");
    expect(compactToJson(decoded)).toEqual(asJson(many));
    // A cut text is refused, not misread.
    const cut = bytes.slice(0, bytes.length - 8);
    expect(() => decodeCompact(cut.buffer)).toThrow(RangeError);
  });

  it("keeps nulls as null and unicode names as they are", () => {
    const decoded = decodeCompact<PlanningDataWire>(encodeCompact(toWire(data)).slice().buffer);
    const c = decoded.eventColumns;
    expect(c.name).toEqual(["Gros œuvre R+1 — «béton» 🏗️", "Réception"]);
    expect(c.color).toEqual([null, "#ff0000"]);
    expect(c.trigram).toEqual(["GO", null]);
    expect(c.zoneId).toEqual([3, null]);
    expect(c.progress).toEqual([40, null]);
    expect(c.sequenceId).toEqual([null, 5]);
    // A column of nulls only.
    expect(c.macroTaskId).toEqual([null, null]);
    expect(decoded.projectedEndDate).toBeNull();
    expect(decoded.zones[0].name).toBe("Bât. A — R+1");
  });

  it("keeps nullable and dictionary columns as stored until read: value by value without an array, or as the array", () => {
    const wire = decodeCompact<PlanningDataWire>(encodeCompact(toWire(data)).slice().buffer);
    const columns = wire.eventColumns as unknown as Record<string, unknown>;
    const json = asJson(toWire(data)) as { eventColumns: Record<string, unknown[]> };
    for (const key of ["color", "trigram", "participantGroupProId", "sequenceId", "progress", "qualityLate"]) {
      const expected = json.eventColumns[key] ?? [];
      const read = columnReader<unknown>(columns, key);
      expect([0, 1].map(read), key).toEqual([0, 1].map((k) => expected[k] ?? null));
    }
    // Stored: read from the stored values, no array made yet.
    expect(storedColumn(columns, "color")?.dict).toContain("#ff0000");
    expect(storedColumn(columns, "id")).toBeNull();
    // Read as an array: the same array each time, the JSON's values.
    const progress = columns.progress;
    expect(progress).toEqual([40, null]);
    expect(columns.progress).toBe(progress);
    // Replaced by a reader: the new values are the column's, read value by value too.
    columns.trigram = ["AB", null];
    expect(storedColumn(columns, "trigram")).toBeNull();
    expect(columnReader<string>(columns, "trigram")(0)).toBe("AB");
  });

  it("round-trips an empty plan", () => {
    const empty: PlanningData = {
      ...data,
      graph: Object.fromEntries(Object.keys(data.graph).map((k) => [k, []])) as unknown as PlanningData["graph"],
      events: [],
      zones: [],
      lots: [],
      comparisons: undefined,
    };
    const wire = toWire(empty);
    const decoded = decodeCompact<PlanningDataWire>(encodeCompact(wire).slice().buffer);
    expect(compactToJson(decoded)).toEqual(asJson(wire));
    expect(decoded.graph.ids.length).toBe(0);
  });

  it("encodes a slice answer (eventsOnly) too", () => {
    const slice: PlanningSliceWire = {
      projectId: 1,
      versionId: 2,
      writeCounter: 3,
      eventColumns: toWire(data).eventColumns,
    };
    expect(compactToJson(decodeCompact(encodeCompact(slice).slice().buffer))).toEqual(asJson(slice));
  });

  it("keeps every value at the storages' edges, with and without nulls", () => {
    const edges = [0, 254, 255, 256, 65534, 65535, 65536, -1, -2147483648, 2147483647, 2147483648, 1.5, -0.25];
    const graph: Record<string, (number | null)[]> = {};
    edges.forEach((v, k) => {
      graph[`a${k}`] = [0, v];
      graph[`n${k}`] = [null, v, 0];
    });
    const answer = { projectId: 1, graph };
    const decoded = decodeCompact<{ graph: Record<string, ArrayLike<number | null>> }>(
      encodeCompact(answer).slice().buffer,
    );
    expect(compactToJson(decoded)).toEqual(answer);
    expect(decoded.graph.a1).toBeInstanceOf(Uint8Array);
    expect(decoded.graph.a3).toBeInstanceOf(Uint16Array);
    expect(decoded.graph.a6).toBeInstanceOf(Int32Array);
    expect(decoded.graph.a10).toBeInstanceOf(Float64Array);
  });

  it("stores ids in order as differences, decoded to the same values and storage", () => {
    const ids = Array.from({ length: 1000 }, (_, i) => 2_000_000 + i * 3 - (i % 7 === 0 ? 1 : 0));
    const answer = { graph: { ids, down: ids.map((v) => -v) } };
    const bytes = encodeCompact(answer);
    // One byte per id (differences 2 to 3), four per value of the other column (negative differences stay Int32).
    expect(bytes.length).toBeLessThan(1000 + 4 * 1000 + 300);
    const decoded = decodeCompact<{ graph: { ids: Int32Array; down: Int32Array } }>(bytes.slice().buffer);
    expect(decoded.graph.ids).toBeInstanceOf(Int32Array);
    expect(compactToJson(decoded)).toEqual(answer);
  });

  it("refuses other bytes", () => {
    const json = Uint8Array.from('{"a":1,"b":2}', (c) => c.charCodeAt(0));
    expect(isCompact(json)).toBe(false);
    expect(() => decodeCompact(json.buffer)).toThrow(/compact/);
    // A body cut short: its columns are refused, not read past the end.
    const bytes = encodeCompact(toWire(data));
    expect(() => decodeCompact(bytes.slice(0, bytes.length - 8).buffer)).toThrow(/cut/);
  });
});
