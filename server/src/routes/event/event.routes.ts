import type Router from "@koa/router";
import {
  AppError,
  eventBulkDeleteBody,
  eventProgressQuery,
  parseListQuery,
  PERMISSIONS,
  type Event,
} from "@jalon/shared";
import { listVersionId } from "../../http/listVersion.js";
import type { AppDeps } from "../../context.js";
import { readableProject, writableProject } from "../../access/projects.js";
import { deleteEvents } from "../../commands/eventWrite.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { runList } from "../../lib/listQuery.js";
import { eventTheoreticalProgress, theoreticalProgressOf } from "../../planning/progress.js";
import {
  eventSelect,
  linksOf,
  orderLineTasksOf,
  presentEvent,
  qualityControlsOf,
  tagsOf,
  type EventDbRow,
} from "./event.presenter.js";
import { eventColumns, eventListResource, eventParams } from "./event.schema.js";

async function withJoins(db: Db, rows: EventDbRow[], join: string[]): Promise<Event[]> {
  const events = rows.map(presentEvent);
  const ids = events.map((e) => e.id);
  if (join.includes("parentsEvents") || join.includes("childrenEvents")) {
    const { parents, children } = await linksOf(db, ids);
    for (const e of events) {
      if (join.includes("parentsEvents")) e.parentsEvents = parents.get(e.id) ?? [];
      if (join.includes("childrenEvents")) e.childrenEvents = children.get(e.id) ?? [];
    }
  }
  if (join.includes("tags")) {
    const tags = await tagsOf(db, ids);
    for (const e of events) e.tags = tags.get(e.id) ?? [];
  }
  if (join.includes("qualityControls")) {
    const controls = await qualityControlsOf(db, "event_id", ids);
    for (const e of events) e.qualityControls = controls.get(e.id) ?? [];
  }
  if (join.includes("orderLineTasks")) {
    const tasks = await orderLineTasksOf(db, ids);
    for (const e of events) e.orderLineTasks = tasks.get(e.id) ?? [];
  }
  const out = events as (Event & Record<string, unknown>)[];
  if (join.includes("sequence") || join.includes("sequence.instantiationConfig")) {
    const seqIds = [...new Set(events.map((e) => e.sequenceId).filter((x): x is number => x !== null))];
    const seqs = seqIds.length === 0 ? [] : await db("sequences").whereIn("id", seqIds);
    const cfgIds = seqs.map((x) => x.instantiation_config_id).filter((x) => x !== null);
    const cfgs =
      join.includes("sequence.instantiationConfig") && cfgIds.length > 0
        ? await db("instantiation_configs").whereIn("id", cfgIds)
        : [];
    const cfgById = new Map(cfgs.map((c) => [c.id, c]));
    const byId = new Map(seqs.map((x) => [x.id, x]));
    for (const e of out) {
      const seq = e.sequenceId ? byId.get(e.sequenceId) : undefined;
      const cfg = seq?.instantiation_config_id ? cfgById.get(seq.instantiation_config_id) : undefined;
      e.sequence = seq
        ? {
            id: seq.id,
            name: seq.name,
            color: seq.color,
            startDate: seq.start_date,
            endDate: seq.end_date,
            instantiationConfig: cfg
              ? {
                  id: cfg.id,
                  type: cfg.type,
                  referenceEventId: cfg.reference_event_id,
                  delayWithReferenceEvent: cfg.delay_with_reference_event,
                  milestoneReferenceType: cfg.milestone_reference_type,
                  takt: cfg.takt,
                }
              : null,
          }
        : null;
    }
  }
  // Zones have no colour (their rows carry a full name instead); lots do.
  const refJoins = [
    {
      joinName: "zone",
      table: "zones",
      key: "zoneId",
      columns: ["id", "name", "full_name"],
      present: (r: Record<string, unknown>) => ({ id: r.id, name: r.name, fullName: r.full_name ?? null }),
    },
    {
      joinName: "participantGroupPro",
      table: "participant_group_pros",
      key: "participantGroupProId",
      columns: ["id", "name", "color"],
      present: (r: Record<string, unknown>) => ({ id: r.id, name: r.name, color: r.color ?? null }),
    },
  ] as const;
  for (const { joinName, table, key, columns, present } of refJoins) {
    if (!join.includes(joinName)) continue;
    const refIds = [...new Set(events.map((e) => e[key]).filter((x): x is number => x !== null))];
    const refs: Record<string, unknown>[] =
      refIds.length === 0
        ? []
        : await db(table)
            .whereIn("id", refIds)
            .select(...columns);
    const byId = new Map(refs.map((r) => [r.id as number, present(r)]));
    for (const e of out) e[joinName] = e[key] ? (byId.get(e[key] as number) ?? null) : null;
  }
  return out;
}

export function eventRoutes(router: Router<AppState>, deps: AppDeps): void {
  /**
   * GET /event: filter triples (projectId and/or versionId required; versionId defaults to the current
   * version), join parentsEvents/childrenEvents/tags/sequence..., sort, limit (default 10), offset.
   */
  route(router, deps, {
    method: "get",
    path: "/event",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const query = parseListQuery(ctx.query, eventListResource);
      const versionId = await listVersionId(db, user, query);
      const base = eventSelect(db).where("events.version_id", versionId);
      const { rows, total } = await runList<EventDbRow>(db, base, query, eventListResource, eventColumns, "events.id");
      const data = await withJoins(db, rows, query.join);
      // Today's theoretical progress from the version's (cached) schedule, as GET /event/{id} gives it.
      const progress = await theoreticalProgressOf(
        db,
        versionId,
        data.map((e) => e.id),
      );
      data.forEach((e, i) => (e.theoreticalProgress = progress[i]));
      return { data, count: data.length, total };
    },
  });

  /** DELETE /event/bulk-delete {ids, projectId, versionId?}: refuses counted tasks and tasks others depend on. */
  route(router, deps, {
    method: "delete",
    path: "/event/bulk-delete",
    roles: PERMISSIONS.manager,
    body: eventBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const first = await db("events").whereIn("id", body.ids).first("version_id", "project_id");
      if (!first) throw new AppError("errors.event_not_found", { details: { ids: body.ids } });
      if (first.project_id !== body.projectId) throw new AppError("errors.version_not_in_project");
      await writableProject(db, user, body.projectId);
      const out = await deleteEvents(db, user.id, body.projectId, body.versionId ?? first.version_id, body.ids);
      for (const p of out.emit) emits.add(p);
      return { ids: out.deleted, count: out.deleted.length, undoRemaining: out.undoRemaining };
    },
  });

  /** GET /event/{id}: with parentsEvents and childrenEvents, tags, quality controls and order-line tasks. */
  route(router, deps, {
    method: "get",
    path: "/event/:id",
    roles: PERMISSIONS.external,
    params: eventParams,
    query: eventProgressQuery,
    handler: async ({ db, user, params, query }) => {
      const row = (await eventSelect(db).where("events.id", params.id).first()) as EventDbRow | undefined;
      if (!row) throw new AppError("errors.event_not_found");
      await readableProject(db, user, row.project_id as number);
      const [event] = await withJoins(
        db,
        [row],
        [
          "parentsEvents",
          "childrenEvents",
          "tags",
          "sequence.instantiationConfig",
          "qualityControls",
          "orderLineTasks",
        ],
      );
      event.theoreticalProgress = await eventTheoreticalProgress(
        db,
        row as EventDbRow & { version_id: number },
        query.date,
      );
      return event;
    },
  });
}
