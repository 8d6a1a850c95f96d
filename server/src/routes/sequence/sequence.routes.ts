import type Router from "@koa/router";
import {
  AppError,
  parseListQuery,
  PERMISSIONS,
  sequenceBulkDeleteBody,
  sequenceBulkUpdateBody,
  sequencePostBody,
  sequenceDeleteQuery,
  sequenceListResource,
  sequenceParams,
  sequenceUpdateBody,
} from "@jalon/shared";
import { listVersionId } from "../../http/listVersion.js";
import type { AppDeps, AuthUser } from "../../context.js";
import { readableProject, writableProject } from "../../access/projects.js";
import {
  bulkUpdateSequences,
  createSequence,
  deleteSequences,
  sequenceOfVersion,
  updateSequence,
} from "../../commands/sequenceWrite.js";
import { instantiateSequence } from "../../commands/instantiation.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { runList } from "../../lib/listQuery.js";
import { remember } from "../../planning/versionGraph.js";
import { presentSequence, sequenceRollup, withSequenceJoins, type SequenceDbRow } from "./sequence.presenter.js";
import { sequenceColumns } from "./sequence.schema.js";

/** The version a write addresses: the one named (it must belong to the project), else the current one. */
async function targetVersion(
  db: Db,
  user: AuthUser,
  projectId: number,
  versionId: number | undefined,
): Promise<number> {
  const project = await writableProject(db, user, projectId);
  const vid = versionId ?? project.current_version_id;
  if (!vid) throw new AppError("errors.no_project");
  return vid;
}

async function oneSequence(db: Db, id: number, versionId: number, join: readonly string[]) {
  const row = (await sequenceRollup(db, versionId).where("sq.id", id).first()) as SequenceDbRow | undefined;
  if (!row) throw new AppError("errors.sequence_not_found");
  const [out] = await withSequenceJoins(db, [presentSequence(row)], join);
  return out;
}

export function sequenceRoutes(router: Router<AppState>, deps: AppDeps): void {
  /**
   * GET /sequence: filter triples (projectId and/or versionId; the current version by default), join zone,
   * tags, events, instantiationConfig, subsequences; sort name ASC and limit 10,000 by default. Start and end
   * are rolled up from the events (earliest start, latest end).
   */
  route(router, deps, {
    method: "get",
    path: "/sequence",
    roles: PERMISSIONS.external,
    handler: async ({ db, user, ctx }) => {
      const query = parseListQuery(ctx.query, sequenceListResource);
      const versionId = await listVersionId(db, user, query);
      const { rows, total } = await runList<SequenceDbRow>(
        db,
        sequenceRollup(db, versionId),
        query,
        sequenceListResource,
        sequenceColumns,
        "sq.id",
      );
      const data = await withSequenceJoins(db, rows.map(presentSequence), query.join);
      return { data, count: data.length, total };
    },
  });

  /**
   * POST /sequence {projectId, versionId?, name, color?, zoneId?, parentSequenceId?, tags?, eventIds?}; with
   * `instantiationConfig` and ordered `zoneIds`, the project's sequence template laid over the zones (issue 16):
   * 201 {id, instantiationConfigId, events, warnings}.
   */
  route(router, deps, {
    method: "post",
    path: "/sequence",
    roles: PERMISSIONS.manager,
    body: sequencePostBody,
    write: true,
    status: 201,
    handler: async ({ db, user, body, emits, onCommit }) => {
      const vid = await targetVersion(db, user, body.projectId, body.versionId);
      emits.expect("sequence:create", { projectId: body.projectId, versionId: vid, initiatorId: user.id });
      if ("instantiationConfig" in body) {
        const out = await instantiateSequence(db, user.id, { ...body, versionId: vid });
        for (const p of out.emit) emits.add(p);
        const graph = out.graph;
        if (graph) onCommit(() => remember(graph));
        return out.answer;
      }
      const { projectId, versionId: _v, ...input } = body;
      const out = await createSequence(db, user.id, projectId, vid, input);
      for (const p of out.emit) emits.add(p);
      return oneSequence(db, out.id, vid, ["zone", "tags", "events"]);
    },
  });

  /** PATCH /sequence/bulk-update {projectId, versionId?, sequences: [{id, revision?, ...fields}]}. */
  route(router, deps, {
    method: "patch",
    path: "/sequence/bulk-update",
    roles: PERMISSIONS.manager,
    body: sequenceBulkUpdateBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const vid = await targetVersion(db, user, body.projectId, body.versionId);
      emits.expect("sequence:bulk_update", { projectId: body.projectId, versionId: vid, initiatorId: user.id });
      const out = await bulkUpdateSequences(db, user.id, body.projectId, vid, body.sequences);
      for (const p of out.emit) emits.add(p);
      const rows = (await sequenceRollup(db, vid)
        .whereIn("sq.id", out.ids)
        .orderBy("sq.name")
        .orderBy("sq.id")) as SequenceDbRow[];
      const data = rows.map(presentSequence);
      return { data, count: data.length, total: data.length };
    },
  });

  /** DELETE /sequence/bulk-delete {ids, projectId, versionId?, keepEvents?}. */
  route(router, deps, {
    method: "delete",
    path: "/sequence/bulk-delete",
    roles: PERMISSIONS.manager,
    body: sequenceBulkDeleteBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const vid = await targetVersion(db, user, body.projectId, body.versionId);
      const out = await deleteSequences(db, user.id, body.projectId, vid, body.ids, body.keepEvents === true);
      for (const p of out.emit) emits.add(p);
      const { emit: _e, ...result } = out;
      return { ...result, count: out.ids.length };
    },
  });

  /** GET /sequence/{id}: with its events (sorted by start), zone, tags, instantiation config, subsequences and quality controls. */
  route(router, deps, {
    method: "get",
    path: "/sequence/:id",
    roles: PERMISSIONS.external,
    params: sequenceParams,
    handler: async ({ db, user, params }) => {
      const row = await sequenceOfVersion(db, params.id);
      await readableProject(db, user, row.project_id);
      return oneSequence(db, params.id, row.version_id, [
        "zone",
        "tags",
        "events",
        "instantiationConfig",
        "subsequences",
        "qualityControls",
      ]);
    },
  });

  /**
   * PATCH /sequence/{id}: changed fields only. A move (startDate) announces sequence:startUpdate at once; the
   * room gets sequence:endUpdate after commit or, if it fails, the error twins of both (route() sends them).
   */
  route(router, deps, {
    method: "patch",
    path: "/sequence/:id",
    roles: PERMISSIONS.manager,
    params: sequenceParams,
    body: sequenceUpdateBody,
    write: true,
    handler: async ({ db, user, body, params, emits, onCommit }) => {
      const row = await sequenceOfVersion(db, params.id);
      if (body.projectId !== undefined && body.projectId !== row.project_id)
        throw new AppError("errors.version_not_in_project");
      if (body.versionId !== undefined && body.versionId !== row.version_id)
        throw new AppError("errors.version_not_in_project");
      await writableProject(db, user, row.project_id);
      const { projectId: _p, versionId: _v, ...input } = body;
      const base = { projectId: row.project_id, versionId: row.version_id, initiatorId: user.id, ids: [params.id] };
      if (input.startDate !== undefined) {
        emits.now({ event: "sequence:startUpdate", ...base });
        emits.expect("sequence:endUpdate", base);
      }
      const out = await updateSequence(db, user.id, row.project_id, row.version_id, params.id, input);
      for (const p of out.emit) emits.add(p);
      if (out.graph) onCommit(() => remember(out.graph!));
      const seq = await oneSequence(db, params.id, row.version_id, ["zone", "tags", "events"]);
      return out.undoRemaining === undefined ? seq : { ...seq, undoRemaining: out.undoRemaining };
    },
  });

  /** DELETE /sequence/{id}?keepEvents=true: deletes the sequence and its events (or detaches them). */
  route(router, deps, {
    method: "delete",
    path: "/sequence/:id",
    roles: PERMISSIONS.manager,
    params: sequenceParams,
    query: sequenceDeleteQuery,
    write: true,
    handler: async ({ db, user, params, query, emits }) => {
      const row = await sequenceOfVersion(db, params.id);
      await writableProject(db, user, row.project_id);
      const out = await deleteSequences(
        db,
        user.id,
        row.project_id,
        row.version_id,
        [params.id],
        query.keepEvents === true,
      );
      for (const p of out.emit) emits.add(p);
      const { emit: _e, ...result } = out;
      return { ...result, count: out.ids.length };
    },
  });
}
