import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS } from "../planningStore";
import { smallPlanning } from "../testData";
import {
  activeFilterCount,
  clientFilter,
  effectiveTagIds,
  NO_MATCH_ID,
  serverFilterParams,
  shiftedEventIds,
} from "./filterLogic";
import { labelOf, tagRefs } from "./filterOptions";

const tags = [
  { id: 1, categoryId: 10 },
  { id: 2, categoryId: 10 },
  { id: 3, categoryId: 20 },
  { id: 4, categoryId: null },
];

describe("planning filters", () => {
  it("sends tag categories as the tags they hold, intersected with picked tags", () => {
    expect(effectiveTagIds([4], [], tags)).toEqual([4]);
    expect(effectiveTagIds([], [10], tags)).toEqual([1, 2]);
    expect(effectiveTagIds([2, 3], [10], tags)).toEqual([2]);
    // A category with no tag (or no picked tag in it) matches nothing rather than everything.
    expect(effectiveTagIds([], [30], tags)).toEqual([NO_MATCH_ID]);
    expect(effectiveTagIds([3], [10], tags)).toEqual([NO_MATCH_ID]);
  });

  it("gives the server the day range as start of day / end of day days, and nothing for empty filters", () => {
    const none = serverFilterParams(EMPTY_FILTERS, tags);
    expect(none.fromDate).toBeUndefined();
    expect(none.toDate).toBeUndefined();
    expect(none.participantGroupProIds).toEqual([]);
    const p = serverFilterParams(
      {
        ...EMPTY_FILTERS,
        participantGroupProIds: [41],
        eventNames: ["Dallage"],
        startDate: "2026-02-05",
        endDate: "2026-02-09",
      },
      tags,
    );
    expect(p).toMatchObject({
      participantGroupProIds: [41],
      eventNames: ["Dallage"],
      fromDate: "2026-02-05",
      toDate: "2026-02-09",
    });
  });

  it("counts active filters (a date range counts once)", () => {
    expect(activeFilterCount(EMPTY_FILTERS)).toBe(0);
    expect(
      activeFilterCount({
        ...EMPTY_FILTERS,
        zoneIds: [1],
        startDate: "2026-01-01",
        endDate: "2026-02-01",
        blockedSequences: true,
      }),
    ).toBe(3);
  });

  it("reads recalibrations on Paris days: 23:30 UTC on Feb 4 is Feb 5 in Paris", () => {
    const rows = [
      { eventId: 1, createdAt: "2026-02-04T23:30:00.000Z" },
      { eventId: 2, createdAt: "2026-02-04T12:00:00.000Z" },
      { eventId: null, createdAt: "2026-02-05T12:00:00.000Z" },
    ];
    expect([...shiftedEventIds(rows, "2026-02-05", "2026-02-05")]).toEqual([1]);
    expect([...shiftedEventIds(rows, null, "2026-02-04")]).toEqual([2]);
  });

  it("keeps only events of sequences holding a locked event, and only shifted events in a recalibration range", () => {
    const data = smallPlanning();
    expect(clientFilter(data, EMPTY_FILTERS, null)).toBeNull();
    const blocked = clientFilter(data, { ...EMPTY_FILTERS, blockedSequences: true }, null)!;
    expect([1, 2, 3, 4, 5].filter(blocked)).toEqual([2, 3]);
    const shifted = clientFilter(data, { ...EMPTY_FILTERS, recalibrationFrom: "2026-01-01" }, new Set([5]))!;
    expect([1, 2, 3, 4, 5].filter(shifted)).toEqual([5]);
  });

  it("labels reference rows by full name, name or person", () => {
    expect(labelOf({ id: 1, name: "Zone", fullName: "Bât A / Zone" })).toBe("Bât A / Zone");
    expect(labelOf({ id: 2, firstname: "Léa", lastname: "Martin" })).toBe("Léa Martin");
    expect(labelOf({ id: 3 })).toBe("#3");
    expect(tagRefs([{ id: 1, categoryId: 5 }, { id: 2, category: { id: 6 } }, { id: 3 }])).toEqual([
      { id: 1, categoryId: 5 },
      { id: 2, categoryId: 6 },
      { id: 3, categoryId: null },
    ]);
  });
});
