import type Router from "@koa/router";
import { formatInTimeZone } from "date-fns-tz";
import {
  AppError,
  eventDistinctQuery,
  eventExportResource,
  eventExtrasProjectParams,
  eventHistoryCsvQuery,
  eventHistoryQuery,
  eventIdParams,
  milestoneExportResource,
  PERMISSIONS,
  taskListCsvQuery,
  TIME_ZONE,
  trackedMilestonesQuery,
  type EventCountingsCheck,
  type EventDistinctName,
  type EventHistoryAnswer,
  type EventHistoryRow,
  type ListResponse,
  type MilestoneTracking,
  type TrackedMilestone,
  type TrackedMilestonesAnswer,
} from "@jalon/shared";
import type { AppDeps } from "../../context.js";
import { readableProject, readableVersion, writableProject } from "../../access/projects.js";
import type { Db } from "../../db/knex.js";
import { countOf, toNumber } from "../../db/numbers.js";
import { buildCsv, CSV_MIME, frDateTime, frDay } from "../../exports/csv.js";
import { exportFileName, sendFile, type XlsxColumn } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { listExportRoute, type ListSource } from "../referenceRoutes.js";
import { isoRequired } from "../../lib/dates.js";
import { setMilestoneTracked } from "../../commands/eventWrite.js";
import { readScope } from "../../commands/referenceScope.js";
import { eventSelect, type EventDbRow } from "./event.presenter.js";
import { loadGraph } from "../../models/base.js";
import { EventModel } from "../../models/planning.js";
import { eventColumns } from "./event.schema.js";

/**
 * The event routes around the planning (spec 000 section 7 "Events", "Milestones", exports): distinct names,
 * history, countings check, tracked milestones, milestone tracking, .xlsx exports, and the project's CSV lists.
 *
 * POST /event/milestone/{id} and DELETE /event/milestone/{id} (the spec names them without a behaviour) add a
 * milestone to and remove it from the dashboard's milestone follow-up (isTracked), the list that
 * GET /event/tracked-milestones answers. Hiding a milestone (milestoneToHide) and turning a task into a
 * milestone (type) are fields of PATCH /event/{id}, which already records their history and undo step.
 */

async function eventRow(
  db: Db,
  eventId: number,
): Promise<{
  id: number;
  project_id: number;
  version_id: number;
  tracking_id: number;
  type: string;
  is_tracked: boolean;
  revision: number;
}> {
  const row = await db("events")
    .where({ id: eventId })
    .first("id", "project_id", "version_id", "tracking_id", "type", "is_tracked", "revision");
  if (!row) throw new AppError("errors.event_not_found");
  return row;
}

/** Events with the names an export shows (zone, lot, participant, sequence). */
function exportSelect(db: Db) {
  return eventSelect(db)
    .leftJoin("zones as xz", "xz.id", "events.zone_id")
    .leftJoin("participant_group_pros as xl", "xl.id", "events.participant_group_pro_id")
    .leftJoin("participants as xp", "xp.id", "events.participant_id")
    .leftJoin("sequences as xs", "xs.id", "events.sequence_id")
    .select("xz.name as zone_name", "xl.name as lot_name", "xp.name as participant_name", "xs.name as sequence_name");
}

const progressOf = (r: EventDbRow) => {
  const last = r.last_counting as { percentage: number | string } | null;
  return last ? toNumber(last.percentage) : null;
};

const TYPE_LABELS: Record<string, string> = { task: "Tâche", milestone: "Jalon" };

const EVENT_EXPORT_COLUMNS: XlsxColumn<EventDbRow>[] = [
  { header: "Nom", width: 40, value: (r) => r.name },
  { header: "Type", width: 10, value: (r) => TYPE_LABELS[String(r.type)] ?? r.type },
  { header: "Trigramme", width: 10, value: (r) => (r.trigram ? String(r.trigram).toUpperCase() : null) },
  { header: "Zone", value: (r) => r.zone_name },
  { header: "Lot", value: (r) => r.lot_name },
  { header: "Intervenant", value: (r) => r.participant_name },
  { header: "Séquence", value: (r) => r.sequence_name },
  { header: "Date de début", kind: "day", value: (r) => r.start_date },
  { header: "Date de fin", kind: "day", value: (r) => r.end_date },
  { header: "Durée (jours ouvrés)", kind: "number", width: 12, value: (r) => toNumber(r.number_of_days) },
  { header: "Effectif", kind: "number", width: 10, value: (r) => toNumber(r.number_of_people) },
  { header: "Avancement (%)", kind: "percent", width: 12, value: progressOf },
  { header: "Bloqué", kind: "boolean", width: 8, value: (r) => r.locked },
  { header: "Contractuel", kind: "boolean", width: 10, value: (r) => r.is_contractual },
  { header: "Commentaires", width: 40, value: (r) => r.comments },
];

/** French labels of history fields (CSV of the project's history). */
const FIELD_LABELS: Record<string, string> = {
  startDate: "Date de début",
  endDate: "Date de fin",
  numberOfDays: "Durée (jours)",
  delay: "Décalage du lien",
  name: "Nom",
  comments: "Commentaires",
  description: "Description",
  trigram: "Trigramme",
  color: "Couleur",
  numberOfPeople: "Effectif",
  zoneId: "Zone",
  macroTaskId: "Macro-tâche",
  participantGroupProId: "Lot",
  participantId: "Intervenant",
  specialityId: "Spécialité",
  sequenceId: "Séquence",
  sequenceType: "Type de séquence",
  referenceType: "Type de référence",
  type: "Type",
  isTracked: "Suivi",
  isContractual: "Contractuel",
  milestoneToHide: "Jalon masqué",
  isRecurringEvent: "Tâche récurrente",
  locked: "Bloqué",
  prerequisitesDelay: "Délai des prérequis",
  finishesDelay: "Délai des finitions",
};

function historyValue(field: string, v: string | null): string | null {
  if (v === null) return null;
  if (field === "startDate" || field === "endDate") return frDay(v) ?? v;
  if (v === "true") return "Oui";
  if (v === "false") return "Non";
  return v;
}

/** A calendar day from an ISO day or an instant (its Europe/Paris day). */
function parisDay(v: string): string {
  return v.includes("T") ? formatInTimeZone(new Date(v), TIME_ZONE, "yyyy-MM-dd") : v;
}

/** GET /project/task-list-csv and GET /project/{projectId}/event-history-list-csv: registered before GET /project/:id. */
export function projectCsvRoutes(router: Router<AppState>, deps: AppDeps): void {
  route(router, deps, {
    method: "get",
    path: "/project/task-list-csv",
    roles: PERMISSIONS.manager,
    query: taskListCsvQuery,
    handler: async ({ db, user, query, ctx }) => {
      const { version, project } = await readableVersion(db, user, query.versionId);
      const q = exportSelect(db).where("events.version_id", version.id).where("events.type", "task");
      if (query.zoneIds?.length) q.whereIn("events.zone_id", query.zoneIds);
      if (query.participantIds?.length) q.whereIn("events.participant_id", query.participantIds);
      // Tasks overlapping the period: start of day for startDate, end of day for endDate (spec 000 section 5).
      if (query.startDate) q.where("events.end_date", ">=", parisDay(query.startDate));
      if (query.endDate) q.where("events.start_date", "<=", parisDay(query.endDate));
      const rows = (await q.orderBy([
        { column: "events.start_date", order: "asc" },
        { column: "events.name", order: "asc" },
        { column: "events.id", order: "asc" },
      ])) as EventDbRow[];
      const csv = buildCsv(
        [
          "Tâche",
          "Trigramme",
          "Zone",
          "Lot",
          "Intervenant",
          "Séquence",
          "Début",
          "Fin",
          "Durée (jours ouvrés)",
          "Effectif",
          "Avancement (%)",
          "Commentaires",
        ],
        rows.map((r) => [
          r.name as string,
          r.trigram ? String(r.trigram).toUpperCase() : null,
          r.zone_name as string | null,
          r.lot_name as string | null,
          r.participant_name as string | null,
          r.sequence_name as string | null,
          frDay(r.start_date),
          frDay(r.end_date),
          toNumber(r.number_of_days),
          toNumber(r.number_of_people),
          progressOf(r),
          r.comments as string | null,
        ]),
      );
      sendFile(ctx, csv, exportFileName("Liste_des_taches", project.name, "csv"), CSV_MIME);
      return undefined;
    },
  });

  route(router, deps, {
    method: "get",
    path: "/project/:projectId/event-history-list-csv",
    roles: PERMISSIONS.manager,
    params: eventExtrasProjectParams,
    query: eventHistoryCsvQuery,
    handler: async ({ db, user, params, query, ctx }) => {
      const project = await readableProject(db, user, params.projectId);
      if (query.versionId !== undefined) {
        const v = await db("versions").where({ id: query.versionId }).first("project_id");
        if (!v) throw new AppError("errors.version_not_found");
        if (v.project_id !== project.id) throw new AppError("errors.version_not_in_project");
      }
      const q = db("event_histories as h")
        .leftJoin("users as u", "u.id", "h.user_id")
        .leftJoin("versions as v", "v.id", "h.version_id")
        .leftJoin("events as e", "e.id", "h.event_id")
        .where("h.project_id", project.id)
        .select(
          "h.created_at",
          "h.field_name",
          "h.previous_value",
          "h.new_value",
          "v.name as version_name",
          "u.firstname",
          "u.lastname",
          db.raw(
            "coalesce(e.name, (select x.name from events x where x.project_id = h.project_id and x.tracking_id = h.event_tracking_id order by x.version_id desc limit 1)) as event_name",
          ),
        )
        .orderBy([
          { column: "h.created_at", order: "desc" },
          { column: "h.id", order: "desc" },
        ])
        .limit(500_000);
      if (query.versionId !== undefined) q.where("h.version_id", query.versionId);
      const rows = await q;
      const csv = buildCsv(
        ["Date", "Version", "Tâche", "Champ", "Ancienne valeur", "Nouvelle valeur", "Utilisateur"],
        rows.map((r: Record<string, string | null>) => [
          frDateTime(r.created_at),
          r.version_name,
          r.event_name,
          FIELD_LABELS[r.field_name as string] ?? r.field_name,
          historyValue(r.field_name as string, r.previous_value),
          historyValue(r.field_name as string, r.new_value),
          [r.firstname, r.lastname].filter(Boolean).join(" ") || null,
        ]),
      );
      sendFile(ctx, csv, exportFileName("Historique_des_taches", project.name, "csv"), CSV_MIME);
      return undefined;
    },
  });
}

const MILESTONE_EXPORT_COLUMNS: XlsxColumn<EventDbRow & { predecessors: string | null }>[] = [
  { header: "Nom", width: 40, value: (r) => r.name },
  { header: "Date", kind: "day", value: (r) => r.start_date },
  { header: "Zone", value: (r) => r.zone_name },
  { header: "Séquence", value: (r) => r.sequence_name },
  { header: "Contractuel", kind: "boolean", width: 10, value: (r) => r.is_contractual },
  { header: "Suivi", kind: "boolean", width: 8, value: (r) => r.is_tracked },
  { header: "Masqué", kind: "boolean", width: 8, value: (r) => r.milestone_to_hide },
  { header: "Prédécesseurs", width: 50, value: (r) => r.predecessors },
  { header: "Commentaires", width: 40, value: (r) => r.comments },
];

/** The exports' lists: the event list's filter triples over the export's select, every matching row. */
const eventExports: ListSource = {
  listResource: eventExportResource,
  columns: eventColumns,
  select: exportSelect,
  alias: "events",
};
const milestoneExports: ListSource = {
  listResource: milestoneExportResource,
  columns: eventColumns,
  select: (db) => exportSelect(db).where("events.type", "milestone"),
  alias: "events",
};

/** The /event routes of this file: registered before GET /event/:id. */
export function eventExtrasRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /event/distinct?projectId&versionId&name&type&limit=10: distinct names, with how many events carry each. */
  route(router, deps, {
    method: "get",
    path: "/event/distinct",
    roles: PERMISSIONS.external,
    query: eventDistinctQuery,
    handler: async ({ db, user, query }) => {
      const { versionId } = await readScope(db, user, query.projectId, query.versionId);
      const q = db("events").where("version_id", versionId);
      if (query.type) q.where("type", query.type);
      if (query.name) q.whereRaw("name ILIKE ? ESCAPE '\\'", [`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
      const totalRows = await db.count({ count: "*" }).from(q.clone().distinct("name").as("t"));
      const rows = (await q
        .select("name")
        .count({ occurrences: "*" })
        .groupBy("name")
        .orderBy("name")
        .limit(query.limit)
        .offset(query.offset)) as { name: string; occurrences: unknown }[];
      const data: EventDistinctName[] = rows.map((r) => ({ name: r.name, occurrences: toNumber(r.occurrences) }));
      const answer: ListResponse<EventDistinctName> = {
        data,
        count: data.length,
        total: countOf(totalRows as Record<string, unknown>[]),
      };
      return answer;
    },
  });

  /**
   * GET /event/tracked-milestones?projectId&versionId(&all=true): the visible milestones in follow-up (or all of
   * them with isTracked), by date, each with its date in the signed version and in the referent version
   * (matched by trackingId) and its shift in calendar days against the baseline (signed, else referent).
   */
  route(router, deps, {
    method: "get",
    path: "/event/tracked-milestones",
    roles: PERMISSIONS.external,
    query: trackedMilestonesQuery,
    handler: async ({ db, user, query }) => {
      const { versionId, project } = await readScope(db, user, query.projectId, query.versionId);
      const referent = await db("versions")
        .where({ project_id: project.id, is_referent_version: true })
        .orderBy("id", "desc")
        .first("id");
      const signedId = project.signed_version_id ?? null;
      const referentId = referent?.id ?? null;
      const q = db("events as e")
        .leftJoin("events as sv", (j) =>
          j.on("sv.tracking_id", "e.tracking_id").andOn("sv.version_id", db.raw("?", [signedId ?? 0])),
        )
        .leftJoin("events as rv", (j) =>
          j.on("rv.tracking_id", "e.tracking_id").andOn("rv.version_id", db.raw("?", [referentId ?? 0])),
        )
        .where("e.version_id", versionId)
        .where("e.type", "milestone")
        .where("e.milestone_to_hide", false)
        .select(
          "e.id",
          "e.tracking_id",
          "e.name",
          "e.start_date",
          "e.end_date",
          "e.color",
          "e.is_tracked",
          "e.is_contractual",
          "e.sequence_id",
          "e.revision",
          "sv.start_date as signed_start_date",
          "rv.start_date as referent_start_date",
        )
        .orderByRaw("e.start_date asc nulls last, e.name asc, e.id asc");
      if (!query.all) q.where("e.is_tracked", true);
      const rows = await q;
      const dayMs = 86_400_000;
      const data = rows.map((r: Record<string, unknown>): TrackedMilestone => {
        const baseline = (r.signed_start_date ?? r.referent_start_date ?? null) as string | null;
        const start = r.start_date as string | null;
        return {
          id: r.id as number,
          trackingId: r.tracking_id as number,
          name: r.name as string,
          type: "milestone",
          startDate: start,
          endDate: r.end_date as string | null,
          color: r.color as string | null,
          isTracked: Boolean(r.is_tracked),
          isContractual: Boolean(r.is_contractual),
          sequenceId: (r.sequence_id as number | null) ?? null,
          revision: r.revision as number,
          signedStartDate: (r.signed_start_date as string | null) ?? null,
          referentStartDate: (r.referent_start_date as string | null) ?? null,
          baselineStartDate: baseline,
          shiftDays:
            baseline && start
              ? Math.round((Date.parse(`${start}T00:00:00Z`) - Date.parse(`${baseline}T00:00:00Z`)) / dayMs)
              : null,
        };
      });
      const answer: TrackedMilestonesAnswer = {
        data,
        count: data.length,
        total: data.length,
        signedVersionId: signedId,
        referentVersionId: referentId,
      };
      return answer;
    },
  });

  /** GET /event/export: the list's filter triples (versionId, type, milestoneToHide, name contL...) as an .xlsx file. */
  listExportRoute(router, deps, {
    path: "/event/export",
    source: eventExports,
    present: async (_db, rows: EventDbRow[]) => rows,
    sheet: "Tâches",
    fileStem: "Taches",
    columns: EVENT_EXPORT_COLUMNS,
  });

  /** GET /event/export/milestones: milestones only (type forced), by name, with their predecessors. */
  listExportRoute(router, deps, {
    path: "/event/export/milestones",
    source: milestoneExports,
    present: async (db, rows: EventDbRow[]) => {
      const linked = await loadGraph<EventModel>(EventModel, rows, "parents(linkEnd, linkOrder)", db);
      return rows.map((r, i) => ({
        ...r,
        predecessors: (linked[i].parents ?? []).map((p) => p.name).join(", ") || null,
      }));
    },
    sheet: "Jalons",
    fileStem: "Jalons",
    columns: MILESTONE_EXPORT_COLUMNS,
  });

  /** GET /event/check-countings/{id}: whether the event has countings (a counted task cannot be deleted). */
  route(router, deps, {
    method: "get",
    path: "/event/check-countings/:id",
    roles: PERMISSIONS.external,
    params: eventIdParams,
    handler: async ({ db, user, params }) => {
      const event = await eventRow(db, params.id);
      await readableProject(db, user, event.project_id);
      const count = countOf(
        (await db("countings").where({ event_id: event.id }).count({ count: "*" })) as Record<string, unknown>[],
      );
      const answer: EventCountingsCheck = { id: event.id, hasCountings: count > 0, count };
      return answer;
    },
  });

  /**
   * GET /event/{id}/history?limit=10000: newest first. Rows are matched by the event's trackingId within the
   * project, so the history follows the event across versions (each row says in which version it happened).
   */
  route(router, deps, {
    method: "get",
    path: "/event/:id/history",
    roles: PERMISSIONS.external,
    params: eventIdParams,
    query: eventHistoryQuery,
    handler: async ({ db, user, params, query }) => {
      const event = await eventRow(db, params.id);
      await readableProject(db, user, event.project_id);
      const base = db("event_histories as h").where({
        "h.project_id": event.project_id,
        "h.event_tracking_id": event.tracking_id,
      });
      const total = countOf((await base.clone().count({ count: "*" })) as Record<string, unknown>[]);
      const rows = await base
        .leftJoin("users as u", "u.id", "h.user_id")
        .leftJoin("versions as v", "v.id", "h.version_id")
        // History keeps no key to events or users (migration 007): a deleted one reads as absent through the join.
        .leftJoin("events as e", "e.id", "h.event_id")
        .select(
          "h.id",
          "h.created_at",
          "h.field_name",
          "h.previous_value",
          "h.new_value",
          "h.version_id",
          "e.id as event_id",
          "v.name as version_name",
          "u.id as user_id",
          "u.firstname",
          "u.lastname",
        )
        .orderBy([
          { column: "h.created_at", order: "desc" },
          { column: "h.id", order: "desc" },
        ])
        .limit(query.limit)
        .offset(query.offset);
      const eventsHistory = rows.map((r: Record<string, unknown>): EventHistoryRow => ({
        id: toNumber(r.id),
        createdAt: isoRequired(r.created_at),
        fieldName: r.field_name as string,
        previousValue: (r.previous_value as string | null) ?? null,
        newValue: (r.new_value as string | null) ?? null,
        eventId: (r.event_id as number | null) ?? null,
        versionId: r.version_id as number,
        versionName: (r.version_name as string | null) ?? null,
        user: r.user_id
          ? { id: r.user_id as number, firstname: r.firstname as string, lastname: r.lastname as string }
          : null,
      }));
      const answer: EventHistoryAnswer = { eventsHistory, count: eventsHistory.length, total };
      return answer;
    },
  });

  for (const [method, tracked] of [
    ["post", true],
    ["delete", false],
  ] as const) {
    /** POST /event/milestone/{id} puts a milestone in the follow-up (isTracked); DELETE takes it out. Idempotent. */
    route(router, deps, {
      method,
      path: "/event/milestone/:id",
      roles: PERMISSIONS.manager,
      params: eventIdParams,
      write: true,
      handler: async ({ db, user, params, emits }) => {
        const event = await eventRow(db, params.id);
        await writableProject(db, user, event.project_id);
        const out = await setMilestoneTracked(db, user.id, event, tracked);
        if (out.emit) emits.add(out.emit);
        const answer: MilestoneTracking = { id: event.id, isTracked: tracked, revision: out.revision };
        return answer;
      },
    });
  }
}
