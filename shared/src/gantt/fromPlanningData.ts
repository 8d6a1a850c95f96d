import { calendarSetOf, type PlanningData } from "../planning/data.js";
import { barColor } from "./colors.js";
import { buildRows, type GanttEvent, type GanttRow, type Grouping } from "./layout.js";
import { zonePathTexts } from "./zonePath.js";

/**
 * The Gantt events of GET /planning/data with the dates of its graph columns: what the server prints. (The web
 * builds the same from its live dates in web/src/planning/model.ts.)
 */
export function ganttEventsOf(data: PlanningData): GanttEvent[] {
  const lotColor = new Map(data.lots.map((l) => [l.id, l.color]));
  const g = data.graph;
  const index = new Map<number, number>();
  for (let i = 0; i < g.ids.length; i++) index.set(g.ids[i], i);
  const out: GanttEvent[] = [];
  for (const e of data.events) {
    const gi = index.get(e.id);
    if (gi === undefined) continue;
    out.push({
      id: e.id,
      kind: e.type,
      name: e.name,
      startDay: g.startDay[gi],
      endDay: g.endDay[gi],
      numberOfDays: g.duration[gi],
      color: barColor(e.color, e.participantGroupProId === null ? null : lotColor.get(e.participantGroupProId)),
      trigram: e.trigram ? e.trigram.toUpperCase() : null,
      progress: e.progress ?? 0,
      zoneId: e.zoneId,
      lotId: e.participantGroupProId,
      sequenceId: e.sequenceId,
      locked: g.locked[gi] === 1,
    });
  }
  return out;
}

/** Names of the groups of a grouping (zones by their full name). */
export function groupLabelsOf(data: PlanningData, grouping: Grouping): Map<number, string> {
  const labels = grouping === "zone" ? zonePathTexts(data.zones).labels : new Map<number, string>();
  if (grouping === "lot") for (const l of data.lots) labels.set(l.id, l.name);
  if (grouping === "sequence") for (const s of data.sequences) labels.set(s.id, s.name);
  return labels;
}

/**
 * The printed rows of GET /planning/data's events: the server's PDF and the web's print preview build them
 * the same way, so that both count the same sheets.
 */
export function printRows(
  data: PlanningData,
  grouping: Grouping,
  aggregatedZoneIds: readonly number[],
  noGroupLabel = "Sans groupe",
): { events: GanttEvent[]; rows: GanttRow[]; lots: { name: string; color: string }[] } {
  const events = ganttEventsOf(data);
  const rows = buildRows(events, {
    grouping,
    groupLabels: groupLabelsOf(data, grouping),
    aggregated: grouping === "zone" ? new Set(aggregatedZoneIds) : undefined,
    calendar: calendarSetOf(data.calendars).calendars[0],
    noGroupLabel,
  });
  const used = new Set(events.map((e) => e.lotId));
  const lots = data.lots.filter((l) => used.has(l.id)).map((l) => ({ name: l.name, color: l.color }));
  return { events, rows, lots };
}
