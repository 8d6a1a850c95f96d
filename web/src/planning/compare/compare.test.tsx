import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import { parseDay } from "@jalon/engine";
import { createTimeScale } from "@jalon/shared/gantt";
import type { PlanningData } from "@jalon/shared/planning";
import { Providers } from "../../app/App";
import { buildModel, datesOf } from "../model";
import { drawBaselines } from "../layers/drawBaselines";
import { BASELINE_COLORS, buildComparison, isOnlyHere } from "./compareModel";
import { CompareCell } from "./CompareCell";

const d = parseDay;
/** Three tasks; 1 May 2026 (a Friday) is a holiday. Compared: version 60 has tasks 1 and 2, version 50 task 1 only. */
function data(): PlanningData {
  const ids = [1, 2, 3];
  const start = [d("2026-04-27"), d("2026-05-04"), d("2026-05-11")];
  const end = [d("2026-04-30"), d("2026-05-06"), d("2026-05-12")];
  return {
    projectId: 7, versionId: 70, writeCounter: 1, projectedStartDate: null, projectedEndDate: null,
    graph: { ids, kind: [0, 0, 0], duration: [4, 3, 2], requestedStart: start, locked: [0, 0, 0], calendarOf: [0, 0, 0], startDay: start, endDay: end, revision: [1, 1, 1], linkIds: [], linkParentId: [], linkChildId: [], linkType: [], linkDelay: [] },
    calendars: { holidays: ["2026-05-01"], vacations: [], lots: [] },
    events: ids.map((id) => ({ id, name: `Tâche ${id}`, type: "task", color: "#8B4513", trigram: null, zoneId: null, participantGroupProId: null, sequenceId: null, macroTaskId: null, numberOfPeople: 0, progress: null, isTracked: false, milestoneToHide: false })),
    zones: [], lots: [], sequences: [],
    comparisons: [
      // Task 1 started on Thursday 23 April there (2 working days earlier), task 2 ended on Thursday 30 April (3 working days earlier, across the holiday).
      { versionId: 60, name: "V2", eventIds: [1, 2], startDay: [d("2026-04-23"), d("2026-04-28")], endDay: [d("2026-04-28"), d("2026-04-30")] },
      { versionId: 50, name: "V1", eventIds: [1], startDay: [d("2026-04-27")], endDay: [d("2026-04-30")] },
    ],
  };
}

describe("version comparison", () => {
  const pd = data();
  const model = buildModel(pd, datesOf(pd), { grouping: "none" });
  const cmp = buildComparison(pd, datesOf(pd), model.calendar)!;

  it("gives start and end deltas in working days per compared version, matched by the server", () => {
    expect(cmp.versions.map((v) => [v.name, v.color])).toEqual([["V2", BASELINE_COLORS[0]], ["V1", BASELINE_COLORS[1]]]);
    expect(cmp.byId.get(1)).toEqual([
      { startDay: d("2026-04-23"), endDay: d("2026-04-28"), startDelta: 2, endDelta: 2 },
      { startDay: d("2026-04-27"), endDay: d("2026-04-30"), startDelta: 0, endDelta: 0 },
    ]);
    // 28 April -> 4 May: 29, 30 April, (1 May holiday), 4 May = 3 working days later.
    expect(cmp.byId.get(2)![0]).toMatchObject({ startDelta: 3, endDelta: 3 });
    expect(cmp.byId.get(2)![1]).toBeNull();
    expect(cmp.byId.get(3)).toEqual([null, null]);
    expect(isOnlyHere(cmp.byId.get(1))).toBe(false);
    expect(isOnlyHere(cmp.byId.get(3))).toBe(true);
    // A move on screen (live dates) changes the deltas.
    const moved = new Map(datesOf(pd));
    moved.set(1, [d("2026-04-28"), d("2026-05-04")]);
    expect(buildComparison(pd, moved, model.calendar)!.byId.get(1)![1]).toMatchObject({ startDelta: 1, endDelta: 1 });
    expect(buildComparison({ ...pd, comparisons: [] }, datesOf(pd), model.calendar)).toBeNull();
  });

  it("draws one thin bar per compared version at its dates, and flags tasks missing from a version", () => {
    const scale = createTimeScale("month", 75, d("2026-04-01"), d("2026-05-31"));
    const rects: { fill: string; x: number; w: number }[] = [];
    const paths: string[] = [];
    let fill = "";
    const ctx = {
      save() {}, restore() {}, translate() {}, beginPath() {}, moveTo() {}, lineTo() {}, closePath() {},
      fill() { paths.push(fill); },
      fillRect(x: number, _y: number, w: number) { rects.push({ fill, x, w }); },
      set fillStyle(v: string) { fill = v; },
      get fillStyle() { return fill; },
    } as unknown as CanvasRenderingContext2D;
    const drawn = drawBaselines(ctx, { model, scale, width: 2000, height: 500, scrollLeft: 0, scrollTop: 0, comparison: cmp, live: new Map() });
    expect(drawn).toBe(3);
    const x = (iso: string) => (d(iso) - scale.firstDay) * scale.dayWidth;
    expect(rects).toContainEqual({ fill: BASELINE_COLORS[0], x: x("2026-04-23"), w: (d("2026-04-28") - d("2026-04-23") + 1) * scale.dayWidth });
    expect(rects).toContainEqual({ fill: BASELINE_COLORS[1], x: x("2026-04-27"), w: 4 * scale.dayWidth });
    // Tasks 2 and 3 are missing from a compared version: two flags.
    expect(paths).toEqual(["#C50F1F", "#C50F1F"]);
  });

  it("shows the delta in the grid with every version in the tooltip, and marks new tasks", () => {
    render(
      <Providers>
        <div style={{ position: "relative" }}>
          <CompareCell comparison={cmp} eventId={2} right={0} />
          <CompareCell comparison={cmp} eventId={3} right={0} />
        </div>
      </Providers>,
    );
    const [second, third] = screen.getAllByTestId("compare-delta");
    expect(second).toHaveTextContent("Δ +3 / +3 · absente d'une version");
    expect(second).toHaveAttribute("title", "V2 : début +3 j ouvrés, fin +3 j ouvrés\nV1 : tâche absente de cette version");
    expect(third).toHaveTextContent("Nouvelle");
  });
});
