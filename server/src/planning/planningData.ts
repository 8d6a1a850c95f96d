import type { Knex } from "knex";
import { formatDay, NO_DAY } from "@jalon/engine";
import { AppError, type PlannedEventType, type PlanningQuery } from "@jalon/shared";
import {
  eventsToColumns,
  type PlanningData,
  type PlanningEventView,
  type PlanningSliceWire,
} from "@jalon/shared/planning";
import { versionGraph } from "./versionGraph.js";
import { comparedOnlyEvents } from "./comparedOnly.js";
import { QUALITY_LATE_SQL } from "../commands/qualityControlDueDates.js";
import { readAll } from "../db/readAll.js";

/** The one planning query (shared/src/contract/planning.ts). */
export type PlanningDataQuery = PlanningQuery;

function monthBounds(startMonth: string | undefined, endMonth: string | undefined): [string | null, string | null] {
  const from = startMonth ? `${startMonth}-01` : null;
  let to: string | null = null;
  if (endMonth) {
    const [y, m] = endMonth.split("-").map(Number);
    to = formatDay(Date.UTC(y, m, 1) / 86_400_000 - 1);
  }
  return [from, to];
}

function eventView(r: Record<string, unknown>): PlanningEventView {
  return {
    id: r.id as number,
    name: r.name as string,
    type: r.type as PlannedEventType,
    color: (r.color as string | null) ?? null,
    trigram: (r.trigram as string | null) ?? null,
    zoneId: (r.zone_id as number | null) ?? null,
    participantGroupProId: (r.participant_group_pro_id as number | null) ?? null,
    sequenceId: (r.sequence_id as number | null) ?? null,
    macroTaskId: (r.macro_task_id as number | null) ?? null,
    numberOfPeople: Number(r.number_of_people),
    progress: r.progress === null || r.progress === undefined ? null : Number(r.progress),
    isTracked: r.is_tracked === true,
    milestoneToHide: r.milestone_to_hide === true,
    // Present only when some are open, as the wire form decodes it (most tasks have none).
    ...(Number(r.number_of_roadblocks ?? 0) > 0 ? { numberOfRoadblocks: Number(r.number_of_roadblocks) } : {}),
    ...(r.quality_late === true ? { qualityLate: true } : {}),
  };
}

/** Display rows of the events in the months [from, to] after the filters (the day filter narrows the months). */
function rangeEvents(db: Knex, q: PlanningDataQuery, from: string | null, to: string | null): Knex.QueryBuilder {
  const events = db("events as e")
    .where("e.version_id", q.versionId)
    .select(
      "e.id",
      "e.name",
      "e.type",
      "e.color",
      "e.trigram",
      "e.zone_id",
      "e.participant_group_pro_id",
      "e.sequence_id",
      "e.macro_task_id",
      "e.number_of_people",
      "e.is_tracked",
      "e.milestone_to_hide",
      db.raw(
        "(select c.percentage from countings c where c.event_id = e.id order by c.counting_date desc, c.id desc limit 1) as progress",
      ),
      db.raw("(select count(*) from roadblocks r where r.event_id = e.id and not r.validate) as number_of_roadblocks"),
      db.raw(QUALITY_LATE_SQL),
    )
    .orderBy("e.id");
  if (from) events.where("e.end_date", ">=", q.fromDate && q.fromDate > from ? q.fromDate : from);
  else if (q.fromDate) events.where("e.end_date", ">=", q.fromDate);
  if (to) events.where("e.start_date", "<=", q.toDate && q.toDate < to ? q.toDate : to);
  else if (q.toDate) events.where("e.start_date", "<=", q.toDate);
  if (q.zoneIds?.length) events.whereIn("e.zone_id", q.zoneIds);
  if (q.participantGroupProIds?.length) events.whereIn("e.participant_group_pro_id", q.participantGroupProIds);
  if (q.participantIds?.length) events.whereIn("e.participant_id", q.participantIds);
  if (q.macroTaskIds?.length) events.whereIn("e.macro_task_id", q.macroTaskIds);
  if (q.sequenceIds?.length) events.whereIn("e.sequence_id", q.sequenceIds);
  if (q.specialityIds?.length) events.whereIn("e.speciality_id", q.specialityIds);
  if (q.eventNames?.length) events.whereIn("e.name", q.eventNames);
  // Order-line families: tasks with an order-line task of those families, or of a macro-task with such lines.
  if (q.familyIds?.length)
    events.where((w) =>
      w
        .whereExists(
          db("order_line_tasks as olt")
            .join("order_lines as ol", "ol.id", "olt.order_line_id")
            .whereRaw("olt.event_id = e.id")
            .whereIn("ol.family_id", q.familyIds!),
        )
        .orWhereExists(
          db("order_lines as ol").whereRaw("ol.macro_task_id = e.macro_task_id").whereIn("ol.family_id", q.familyIds!),
        ),
    );
  if (q.tagIds?.length)
    events.whereExists(db("event_tags as et").whereRaw("et.event_id = e.id").whereIn("et.tag_id", q.tagIds));
  return events;
}

/**
 * GET /planning/data: the whole version's graph in columns (cached by write counter) and display attributes
 * of the events of the requested months after filters; up to 4 versions compared by trackingId.
 */
export async function planningData(db: Knex, q: PlanningDataQuery): Promise<PlanningData> {
  if ((q.compareVersionIds?.length ?? 0) > 4) throw new AppError("errors.compare_max_versions");
  const version = await db("versions").where({ id: q.versionId }).first("id", "project_id");
  if (!version) throw new AppError("errors.version_not_found");
  if (version.project_id !== q.projectId) throw new AppError("errors.version_not_in_project");
  const vg = await versionGraph(db, q.versionId);
  const [from, to] = monthBounds(q.startDate, q.endDate);
  const events = rangeEvents(db, q, from, to);

  const [rows, zones, lots, sequences] = await readAll(db, [
    () => events,
    () =>
      db("zones")
        .where({ version_id: q.versionId })
        .orderBy("position")
        .select("id", "name", "full_name", "parent_id", "position"),
    () => db("participant_group_pros").where({ version_id: q.versionId }).orderBy("name").select("id", "name", "color"),
    () => db("sequences").where({ version_id: q.versionId }).orderBy("name").select("id", "name", "color"),
  ]);
  const views = rows.map(eventView);
  const data: PlanningData = {
    projectId: q.projectId,
    versionId: q.versionId,
    writeCounter: vg.writeCounter,
    projectedStartDate: vg.schedule.projectStartDay === NO_DAY ? null : formatDay(vg.schedule.projectStartDay),
    projectedEndDate: vg.schedule.projectEndDay === NO_DAY ? null : formatDay(vg.schedule.projectEndDay),
    graph: vg.graph,
    calendars: vg.calendars,
    events: views,
    zones: zones.map((z: Record<string, unknown>) => ({
      id: z.id as number,
      name: z.name as string,
      fullName: (z.full_name as string | null) ?? null,
      parentId: (z.parent_id as number | null) ?? null,
      position: z.position as number,
    })),
    lots: lots.map((l: Record<string, unknown>) => ({
      id: l.id as number,
      name: l.name as string,
      color: l.color as string,
    })),
    sequences: sequences.map((s: Record<string, unknown>) => ({
      id: s.id as number,
      name: s.name as string,
      color: (s.color as string | null) ?? null,
    })),
  };
  if (q.compareVersionIds?.length) {
    data.comparisons = [];
    for (const other of q.compareVersionIds) {
      const v = await db("versions").where({ id: other, project_id: q.projectId }).first("id", "name");
      if (!v) throw new AppError("errors.version_not_found", { details: { versionId: other } });
      const matched = await db.raw<{ rows: { id: number; start_date: string | null; end_date: string | null }[] }>(
        `select a.id, b.start_date, b.end_date from events a join events b on b.tracking_id = a.tracking_id and b.version_id = ?
          where a.version_id = ? order by a.id`,
        [other, q.versionId],
      );
      data.comparisons.push({
        versionId: v.id,
        name: v.name,
        eventIds: matched.rows.map((r) => r.id),
        startDay: matched.rows.map((r) =>
          r.start_date ? Date.parse(`${r.start_date}T00:00:00Z`) / 86_400_000 : NO_DAY,
        ),
        endDay: matched.rows.map((r) => (r.end_date ? Date.parse(`${r.end_date}T00:00:00Z`) / 86_400_000 : NO_DAY)),
        onlyThere: await comparedOnlyEvents(db, q.versionId, v.id, from, to, q),
      });
    }
  }
  return data;
}

/**
 * The graph and calendars of a cached version graph, serialised once: they are most of the answer and change
 * only with the version's write counter (a write caches a new graph object), so they are kept per graph object.
 * The rest (display attributes of the requested months) is serialised per request.
 */
const graphJson = new WeakMap<object, string>();

export function planningDataJson(data: PlanningData): string {
  let part = graphJson.get(data.graph);
  if (part === undefined) {
    part = `"graph":${JSON.stringify(data.graph)},"calendars":${JSON.stringify(data.calendars)}`;
    graphJson.set(data.graph, part);
  }
  // The events go in columns (shared/planning/wire.ts): half the bytes a browser decodes and parses.
  const { graph: _graph, calendars: _calendars, events, ...rest } = data;
  return `${JSON.stringify({ ...rest, eventColumns: eventsToColumns(events) }).slice(0, -1)},${part}}`;
}

/**
 * GET /planning/data?eventsOnly=true: the display attributes of the range's events, in columns, with the version's
 * write counter (a client holding another graph reloads in full). No graph, calendars, zones, lots or sequences:
 * a client extending its range by a few months holds them already, and they are most of a full answer.
 */
export async function planningSliceJson(db: Knex, q: PlanningDataQuery): Promise<string> {
  const version = await db("versions").where({ id: q.versionId }).first("id", "project_id", "write_counter");
  if (!version) throw new AppError("errors.version_not_found");
  if (version.project_id !== q.projectId) throw new AppError("errors.version_not_in_project");
  const [from, to] = monthBounds(q.startDate, q.endDate);
  const rows = await rangeEvents(db, q, from, to);
  const slice: PlanningSliceWire = {
    projectId: q.projectId,
    versionId: q.versionId,
    writeCounter: Number(version.write_counter),
    eventColumns: eventsToColumns(rows.map(eventView)),
  };
  return JSON.stringify(slice);
}
