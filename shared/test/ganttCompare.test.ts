import { parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import {
  BASELINE_HEIGHT,
  barGeometry,
  baselineBand,
  baselineGeometry,
  buildRows,
  comparedOnlyGhosts,
  createTimeScale,
  milestoneGeometry,
  ROW_HEIGHT,
  type GanttEvent,
} from "../src/gantt/index.js";

const day = parseDay;
const ev = (id: number, start: string, end: string, extra: Partial<GanttEvent> = {}): GanttEvent => ({
  id,
  kind: "task",
  name: `T${id}`,
  startDay: day(start),
  endDay: day(end),
  numberOfDays: 1,
  color: "#336699",
  ...extra,
});

describe("comparison layout", () => {
  const s = createTimeScale("month", 75, day("2026-02-01"), day("2026-02-28"));
  const events = [
    ev(1, "2026-02-09", "2026-02-10", { zoneId: 2 }),
    ev(2, "2026-02-02", "2026-02-06", { zoneId: 2 }),
    ev(3, "2026-02-02", "2026-02-02", { zoneId: 1 }),
  ];

  it("gives event rows a band under the bar for up to 4 baselines, keeping the bar where it was", () => {
    expect(baselineBand(0)).toBe(0);
    expect(baselineBand(2)).toBe(9);
    expect(baselineBand(9)).toBe(baselineBand(4));
    const rows = buildRows(events, {
      grouping: "zone",
      baselines: 2,
      groupLabels: new Map([
        [1, "B"],
        [2, "A"],
      ]),
    });
    const row = rows.find((r) => r.kind === "event")!;
    expect(row.height).toBe(ROW_HEIGHT + 9);
    expect(row.band).toBe(9);
    // Group rows keep their height; y still follows heights.
    expect(rows[0].height).toBe(22);
    expect(rows[2].y).toBe(rows[1].y + ROW_HEIGHT + 9);
    const bar = barGeometry(s, row, day("2026-02-02"), day("2026-02-04"));
    expect(bar).toEqual({ x: 24, y: row.y + 4, width: 72, height: 16 });
    expect(milestoneGeometry(s, row, day("2026-02-02")).cy).toBe(row.y + ROW_HEIGHT / 2);
    // Baselines stack below the bar, inside the row, never over it.
    const b0 = baselineGeometry(s, row, 0, "task", day("2026-02-03"), day("2026-02-05"));
    const b1 = baselineGeometry(s, row, 1, "task", day("2026-02-03"), day("2026-02-05"));
    expect(b0).toEqual({ x: 48, y: row.y + ROW_HEIGHT + 1, width: 72, height: BASELINE_HEIGHT });
    expect(b0.y).toBeGreaterThanOrEqual(bar.y + bar.height);
    expect(b1.y).toBe(b0.y + BASELINE_HEIGHT + 1);
    expect(b1.y + b1.height).toBeLessThanOrEqual(row.y + row.height);
    // Without comparison nothing changes (the print and the screen's default rows).
    expect(buildRows(events, { grouping: "none" }).every((r) => r.height === ROW_HEIGHT && r.band === undefined)).toBe(
      true,
    );
  });

  it("merges the compared-only events by trackingId and puts them in their group by start date", () => {
    const ghosts = comparedOnlyGhosts({
      comparisons: [
        {
          versionId: 5,
          name: "V1",
          eventIds: [],
          startDay: [],
          endDay: [],
          onlyThere: [
            {
              trackingId: 77,
              name: "Démoli",
              type: "task",
              startDay: day("2026-02-03"),
              endDay: day("2026-02-04"),
              zoneId: 2,
              participantGroupProId: null,
              sequenceId: null,
            },
          ],
        },
        {
          versionId: 6,
          name: "V2",
          eventIds: [],
          startDay: [],
          endDay: [],
          onlyThere: [
            {
              trackingId: 77,
              name: "Démoli",
              type: "task",
              startDay: day("2026-02-05"),
              endDay: day("2026-02-09"),
              zoneId: 2,
              participantGroupProId: null,
              sequenceId: null,
            },
            {
              trackingId: 78,
              name: "Ajouté",
              type: "milestone",
              startDay: day("2026-02-20"),
              endDay: day("2026-02-20"),
              zoneId: null,
              participantGroupProId: null,
              sequenceId: null,
            },
          ],
        },
      ],
    });
    expect(ghosts).toHaveLength(2);
    expect(ghosts[0]).toMatchObject({
      key: "77",
      name: "Démoli",
      startDay: day("2026-02-03"),
      endDay: day("2026-02-09"),
      zoneId: 2,
    });
    expect(ghosts[0].baselines).toEqual([
      { startDay: day("2026-02-03"), endDay: day("2026-02-04") },
      { startDay: day("2026-02-05"), endDay: day("2026-02-09") },
    ]);
    expect(ghosts[1].baselines[0]).toBeNull();
    const rows = buildRows(events, {
      grouping: "zone",
      baselines: 2,
      ghosts,
      groupLabels: new Map([
        [1, "B"],
        [2, "A"],
      ]),
      noGroupLabel: "Sans zone",
    });
    expect(rows.map((r) => `${r.kind}:${r.label}`)).toEqual([
      "group:A",
      "event:T2",
      "ghost:Démoli",
      "event:T1",
      "group:B",
      "event:T3",
      "group:Sans zone",
      "ghost:Ajouté",
    ]);
    const ghostRow = rows[2];
    expect(ghostRow).toMatchObject({ events: [], groupId: 2, height: ROW_HEIGHT + 9, band: 9 });
    expect(ghostRow.ghost?.name).toBe("Démoli");
    // Group rows list only real events: aggregation and selection never see a ghost.
    expect(rows[0].events).toEqual([1, 0]);
    let y = 0;
    for (const r of rows) {
      expect(r.y).toBe(y);
      y += r.height;
    }
  });
});
