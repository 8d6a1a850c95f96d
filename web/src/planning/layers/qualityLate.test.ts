import { describe, expect, it } from "vitest";
import { EMPTY_FILTERS } from "../planningStore";
import { activeFilterCount, clientFilter } from "../filters/filterLogic";
import type { PlanningData } from "@jalon/shared/planning";
import { lateFromPlanning } from "./qualityLate";

describe("tasks with prerequisites not all compliant by their start", () => {
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
    expect(lateFromPlanning({ events: [{ id: 1 }] } as unknown as PlanningData).size).toBe(0);
  });
});
