import { describe, expect, it } from "vitest";
import type { QualityControl } from "../../api/quality";
import { EMPTY_FILTERS } from "../planningStore";
import { activeFilterCount, clientFilter } from "../filters/filterLogic";
import type { PlanningData } from "@jalon/shared/planning";
import { lateFromControls, lateFromPlanning } from "./qualityLate";

const prerequisite = (eventId: number, extra: Partial<QualityControl> = {}) =>
  ({
    id: eventId * 10,
    type: "prerequisites",
    status: "unrealized",
    isArchived: false,
    eventId,
    completionDate: null,
    startDate: "2026-11-23",
    event: null,
    ...extra,
  }) as QualityControl;

describe("tasks with prerequisites not all compliant by their start", () => {
  it("marks a task while one of its prerequisites is not compliant, or was made compliant after its start", () => {
    const late = lateFromControls([
      prerequisite(1),
      prerequisite(1, { id: 11, status: "compliant" }),
      prerequisite(2, { status: "compliant" }),
      prerequisite(3, { status: "compliant", completionDate: "2026-11-25" }),
      prerequisite(4, { status: "compliant", completionDate: "2026-11-23" }),
      prerequisite(5, { status: null }),
      prerequisite(6, { isArchived: true }),
      prerequisite(7, { type: "finishes" }),
    ]);
    expect([...late].sort()).toEqual([1, 3, 5]);
  });

  it("keeps only those tasks with the 'contrôles en retard' filter, counted as one filter", () => {
    const data = { events: [], graph: { ids: [], locked: [] } } as unknown as PlanningData;
    const f = { ...EMPTY_FILTERS, lateControls: true };
    const keep = clientFilter(data, f, null, new Set([3]))!;
    expect(keep(3)).toBe(true);
    expect(keep(4)).toBe(false);
    expect(clientFilter(data, EMPTY_FILTERS, null, new Set([3]))).toBeNull();
    expect(activeFilterCount(f)).toBe(1);
  });

  it("reads the planning data's own mark when the server sends it", () => {
    const marked = {
      events: [
        { id: 1, qualityLate: true },
        { id: 2, qualityLate: false },
      ],
    } as unknown as PlanningData;
    expect([...lateFromPlanning(marked)!]).toEqual([1]);
    expect(lateFromPlanning({ events: [{ id: 1 }] } as unknown as PlanningData)).toBeNull();
  });
});
