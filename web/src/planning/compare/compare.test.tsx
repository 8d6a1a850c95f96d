import { describe, expect, it, vi } from "vitest";
import userEvent from "@testing-library/user-event";
import { render, screen } from "@testing-library/react";
import { parseDay } from "@jalon/engine";
import { BASELINE_HEIGHT, baselineBand, createTimeScale, ROW_HEIGHT } from "@jalon/shared/gantt";
import type { PlanningData } from "@jalon/shared/planning";
import { Providers } from "../../app/App";
import { buildModel, datesOf, eventGeometry, hitTest } from "../model";
import { drawBaselines, MISSING_COLOR } from "../layers/drawBaselines";
import { BASELINE_COLORS, buildComparison, isOnlyHere } from "./compareModel";
import { CompareCell } from "./CompareCell";
import { GhostRow } from "./GhostRow";
import { ComparisonLegend } from "./ComparisonLegend";
import { comparisonTipAt } from "./compareTip";
import { i18n } from "../../i18n";

const d = parseDay;
/** Three tasks; 1 May 2026 (a Friday) is a holiday. Compared: version 60 has tasks 1 and 2, version 50 task 1 only. */
function data(): PlanningData {
  const ids = [1, 2, 3];
  const start = [d("2026-04-27"), d("2026-05-04"), d("2026-05-11")];
  const end = [d("2026-04-30"), d("2026-05-06"), d("2026-05-12")];
  return {
    projectId: 7,
    versionId: 70,
    writeCounter: 1,
    projectedStartDate: null,
    projectedEndDate: null,
    graph: {
      ids,
      kind: [0, 0, 0],
      duration: [4, 3, 2],
      requestedStart: start,
      locked: [0, 0, 0],
      calendarOf: [0, 0, 0],
      startDay: start,
      endDay: end,
      revision: [1, 1, 1],
      linkIds: [],
      linkParentId: [],
      linkChildId: [],
      linkType: [],
      linkDelay: [],
    },
    calendars: { holidays: ["2026-05-01"], vacations: [], lots: [] },
    events: ids.map((id) => ({
      id,
      name: `Tâche ${id}`,
      type: "task",
      color: "#8B4513",
      trigram: null,
      zoneId: null,
      participantGroupProId: null,
      sequenceId: null,
      macroTaskId: null,
      numberOfPeople: 0,
      progress: null,
      isTracked: false,
      milestoneToHide: false,
    })),
    zones: [],
    lots: [],
    sequences: [],
    comparisons: [
      // Task 1 started on Thursday 23 April there (2 working days earlier), task 2 ended on Thursday 30 April (3 working days earlier, across the holiday).
      {
        versionId: 60,
        name: "V2",
        eventIds: [1, 2],
        startDay: [d("2026-04-23"), d("2026-04-28")],
        endDay: [d("2026-04-28"), d("2026-04-30")],
      },
      // V1 also has a task that this version deleted since (trackingId 900), in the same (no) zone.
      {
        versionId: 50,
        name: "V1",
        eventIds: [1],
        startDay: [d("2026-04-27")],
        endDay: [d("2026-04-30")],
        onlyThere: [
          {
            trackingId: 900,
            name: "Dépose ancienne",
            type: "task",
            startDay: d("2026-05-05"),
            endDay: d("2026-05-07"),
            zoneId: null,
            participantGroupProId: null,
            sequenceId: null,
          },
        ],
      },
    ],
  };
}

describe("version comparison", () => {
  const pd = data();
  const model = buildModel(pd, datesOf(pd), { grouping: "none" });
  const cmp = buildComparison(pd, datesOf(pd), model.calendar)!;

  it("gives start and end deltas in working days per compared version, matched by the server", () => {
    expect(cmp.versions.map((v) => [v.name, v.color])).toEqual([
      ["V2", BASELINE_COLORS[0]],
      ["V1", BASELINE_COLORS[1]],
    ]);
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

  it("draws one thin bar per compared version in the band under the bar, and flags tasks missing from a version", () => {
    const scale = createTimeScale("month", 75, d("2026-04-01"), d("2026-05-31"));
    const rects: { fill: string; x: number; y: number; w: number; h: number }[] = [];
    const paths: string[] = [];
    const dashed: { x: number; w: number }[] = [];
    let fill = "";
    const ctx = {
      save() {},
      restore() {},
      translate() {},
      beginPath() {},
      moveTo() {},
      lineTo() {},
      closePath() {},
      setLineDash() {},
      fill() {
        paths.push(fill);
      },
      fillRect(x: number, y: number, w: number, h: number) {
        rects.push({ fill, x, y, w, h });
      },
      strokeRect(x: number, _y: number, w: number) {
        dashed.push({ x, w });
      },
      set fillStyle(v: string) {
        fill = v;
      },
      get fillStyle() {
        return fill;
      },
      strokeStyle: "",
      lineWidth: 1,
    } as unknown as CanvasRenderingContext2D;
    const drawn = drawBaselines(ctx, {
      model,
      scale,
      width: 2000,
      height: 500,
      scrollLeft: 0,
      scrollTop: 0,
      comparison: cmp,
      live: new Map(),
    });
    // Task 1 in V2 and V1, task 2 in V2, the deleted task in V1.
    expect(drawn).toBe(4);
    const x = (iso: string) => (d(iso) - scale.firstDay) * scale.dayWidth;
    const row1 = model.rows[model.rowOfId.get(1)!];
    expect(row1.height).toBe(ROW_HEIGHT + baselineBand(2));
    const bar1 = eventGeometry(scale, row1, model.events[model.indexOfId.get(1)!]);
    const v2 = rects.find((r) => r.fill === BASELINE_COLORS[0] && r.x === x("2026-04-23"))!;
    const v1 = rects.find((r) => r.fill === BASELINE_COLORS[1] && r.x === x("2026-04-27"))!;
    expect(v2.w).toBe((d("2026-04-28") - d("2026-04-23") + 1) * scale.dayWidth);
    expect(v1.w).toBe(4 * scale.dayWidth);
    // Under the bar, one slot per version, inside the row: they never cover the task's bar.
    expect(v2.y).toBeGreaterThanOrEqual(bar1.y + bar1.height);
    expect(v1.y).toBeGreaterThan(v2.y);
    expect(v1.y + v1.h).toBeLessThanOrEqual(row1.y + row1.height);
    // The deleted task: its own row (after task 2, by start date), its V1 baseline and a dashed outline.
    const ghostRow = model.rows.find((r) => r.kind === "ghost")!;
    expect(ghostRow.label).toBe("Dépose ancienne");
    expect(rects).toContainEqual({
      fill: BASELINE_COLORS[1],
      x: x("2026-05-05"),
      y: ghostRow.y + ROW_HEIGHT + 1 + BASELINE_HEIGHT + 1,
      w: 3 * scale.dayWidth,
      h: BASELINE_HEIGHT,
    });
    expect(dashed).toEqual([{ x: x("2026-05-05") + 0.5, w: 3 * scale.dayWidth - 1 }]);
    // Tasks 2 and 3 are missing from a compared version, the deleted task from this one: three flags.
    expect(paths).toEqual([MISSING_COLOR, MISSING_COLOR, MISSING_COLOR]);
    // A ghost row is not a task of this version: no hit, so no drag, no selection, no dialog.
    const mid = eventGeometry(scale, ghostRow, {
      id: -1,
      kind: "task",
      name: "",
      startDay: d("2026-05-05"),
      endDay: d("2026-05-07"),
      numberOfDays: 3,
      color: "#000",
    });
    expect(hitTest(model, scale, mid.x + 5, mid.y + 5)).toBeNull();
    expect(cmp.ghosts).toBe(1);
  });

  it("lists a compared-only task in the grid with the versions it comes from, not editable", () => {
    const ghostRow = model.rows.find((r) => r.kind === "ghost")!;
    render(
      <Providers>
        <div style={{ position: "relative" }}>
          <GhostRow row={ghostRow} comparison={cmp} width={440} nameWidth={200} />
        </div>
      </Providers>,
    );
    const row = screen.getByTestId("grid-ghost");
    expect(row).toHaveTextContent("Dépose ancienne");
    expect(screen.getByTestId("ghost-versions")).toHaveTextContent("Uniquement dans V1");
    expect(row).toHaveAttribute("aria-disabled", "true");
    expect(row).not.toHaveAttribute("tabindex");
    expect(row.getAttribute("title")).toBe(
      "Dépose ancienne\nAbsente de cette version, non modifiable.\nV1 : du 05/05/2026 au 07/05/2026",
    );
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
    expect(second).toHaveAttribute(
      "title",
      "V2 : début +3 j ouvrés, fin +3 j ouvrés\nV1 : tâche absente de cette version",
    );
    expect(third).toHaveTextContent("Nouvelle");
  });

  it("gives the canvas the same tooltips: a compared task's deltas, anywhere on a compared-only task's row its versions and dates", () => {
    const scale = createTimeScale("year", 75, d("2026-04-01"), d("2026-06-30"));
    const ghostRow = model.rows.find((r) => r.kind === "ghost")!;
    const task2Row = model.rows[model.rowOfId.get(2)!];
    const bar = eventGeometry(scale, task2Row, model.events[model.indexOfId.get(2)!]);
    const tip = (x: number, y: number) => comparisonTipAt(i18n.t, model, scale, cmp, x, y, () => undefined);
    expect(tip(bar.x + 2, bar.y + 2)).toBe(
      "Tâche 2\nV2 : début +3 j ouvrés, fin +3 j ouvrés\nV1 : tâche absente de cette version",
    );
    expect(tip(1, ghostRow.y + 2)).toBe(
      "Dépose ancienne\nAbsente de cette version, non modifiable.\nV1 : du 05/05/2026 au 07/05/2026",
    );
    expect(tip(1, task2Row.y + 2)).toBeNull();
  });

  it("folds its legend to one button that unfolds it again, so the bars under it can be read", async () => {
    const user = userEvent.setup();
    const stop = vi.fn();
    render(
      <Providers>
        <ComparisonLegend comparison={cmp} onClear={stop} />
      </Providers>,
    );
    const legend = screen.getByTestId("comparison-legend");
    expect(legend).toHaveTextContent("V2");
    // Each version also by its line under the bars, not by its colour alone.
    expect(legend).toHaveTextContent(/V2\(1re ligne sous la barre\)V1\(2e ligne sous la barre\)/);
    await user.click(screen.getByRole("button", { name: "Réduire" }));
    expect(legend).not.toHaveTextContent("V2");
    await user.click(screen.getByRole("button", { name: "Comparaison (2 versions)" }));
    await user.click(screen.getByRole("button", { name: "Arrêter la comparaison" }));
    expect(stop).toHaveBeenCalledTimes(1);
  });
});
