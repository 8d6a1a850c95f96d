import type Router from "@koa/router";
import {
  AppError,
  countingAllQuery,
  countingBulkBody,
  countingClientKey,
  countingCreateBody,
  countingListResource,
  eqFilterValue,
  groupProgressQuery,
  IDEMPOTENCY_KEY_HEADER,
  macroTaskCountingBody,
  parseListQuery,
  PERMISSIONS,
} from "@jalon/shared";
import { readableProject, readableVersion } from "../../access/projects.js";
import { countMacroTask, createCountings, updateCountings } from "../../commands/countingWrite.js";
import { readScope } from "../../commands/referenceScope.js";
import type { AppDeps, AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { applyFilters, listAnswer, pagedList } from "../../lib/listQuery.js";
import { groupProgress } from "../../planning/progress.js";
import { countingsByIds, countingSelect, presentCounting, type CountingDbRow } from "./counting.presenter.js";
import { countingColumns, countingTagColumns } from "./counting.schema.js";

/**
 * Countings (issue 17; spec 001 sections 3-5, 7, 9): progress percentages recorded on the tasks of the
 * project's signed version, by the project's managers. The rules live in commands/countingWrite.ts; reads
 * default to the signed version (else the current one) of the project.
 */

/** The version a counting read addresses: versionId, else the project's signed version, else its current one. */
async function countingVersion(db: Db, user: AuthUser, projectId?: number, versionId?: number): Promise<number> {
  if (versionId !== undefined) {
    const { version } = await readableVersion(db, user, versionId);
    if (projectId !== undefined && version.project_id !== projectId)
      throw new AppError("errors.version_not_in_project");
    return version.id;
  }
  if (projectId === undefined) throw new AppError("errors.no_project");
  const project = await readableProject(db, user, projectId);
  const id = project.signed_version_id ?? project.current_version_id;
  if (!id) throw new AppError("errors.version_not_found");
  return id;
}

/** The idempotency key of a POST: the body's clientKey, else the Idempotency-Key header. */
function clientKeyOf(bodyKey: string | undefined, header: string): string | undefined {
  if (bodyKey) return bodyKey;
  if (!header) return undefined;
  const parsed = countingClientKey.safeParse(header);
  if (!parsed.success)
    throw new AppError("errors.validation", { message: `En-tête ${IDEMPOTENCY_KEY_HEADER} invalide.` });
  return parsed.data;
}

export function countingRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /counting/all?projectId&versionId&eventIds&startDate&endDate: a version's countings by date. */
  route(router, deps, {
    method: "get",
    path: "/counting/all",
    roles: PERMISSIONS.manager,
    query: countingAllQuery,
    handler: async ({ db, user, query }) => {
      const versionId = await countingVersion(db, user, query.projectId, query.versionId);
      const q = countingSelect(db).where("c.version_id", versionId);
      if (query.eventIds) q.whereIn("c.event_id", query.eventIds);
      if (query.startDate) q.where("c.counting_date", ">=", query.startDate);
      if (query.endDate) q.where("c.counting_date", "<=", query.endDate);
      const rows = (await q.orderBy([{ column: "c.counting_date" }, { column: "c.id" }])) as CountingDbRow[];
      return listAnswer(rows.map(presentCounting));
    },
  });

  /**
   * GET /counting/progress?projectId&versionId&sequenceIds&macroTaskIds&date: tasks with sub-events (sequences
   * with their instances, macro-tasks) of a version (the current one by default): days and people summed,
   * real and theoretical progress weighted by people × days.
   */
  route(router, deps, {
    method: "get",
    path: "/counting/progress",
    roles: PERMISSIONS.manager,
    query: groupProgressQuery,
    handler: async ({ db, user, query }) => {
      const scope = await readScope(db, user, query.projectId, query.versionId);
      return listAnswer(await groupProgress(db, scope.versionId, query));
    },
  });

  /** GET /counting: filter triples (projectId or versionId required), newest first, paged. */
  route(router, deps, {
    method: "get",
    path: "/counting",
    roles: PERMISSIONS.manager,
    handler: async ({ db, user, ctx }) => {
      const query = parseListQuery(ctx.query, countingListResource);
      const v = eqFilterValue(query, "versionId");
      const p = eqFilterValue(query, "projectId");
      const versionId = await countingVersion(
        db,
        user,
        typeof p === "number" ? p : undefined,
        typeof v === "number" ? v : undefined,
      );
      const base = countingSelect(db).where("c.version_id", versionId);
      const tagFilters = query.filters.filter((f) => f.field === "tagId");
      applyFilters(db, base, tagFilters, countingListResource, countingTagColumns, "c.event_id");
      const rest = { ...query, filters: query.filters.filter((f) => f.field !== "tagId") };
      return pagedList(db, base, rest, countingListResource, countingColumns, "c.id", presentCounting);
    },
  });

  /**
   * POST /counting {eventId, percentage, countingDate, zoneId?, clientKey?}: one counting on a task of the signed
   * version. With a client key (or an Idempotency-Key header), a second call answers the first's counting.
   */
  route(router, deps, {
    method: "post",
    path: "/counting",
    roles: PERMISSIONS.manager,
    body: countingCreateBody,
    write: true,
    handler: async ({ db, user, body, emits, ctx }) => {
      const clientKey = clientKeyOf(body.clientKey, ctx.get(IDEMPOTENCY_KEY_HEADER));
      const { ids } = await createCountings(db, user, [{ ...body, clientKey }], emits);
      const [counting] = await countingsByIds(db, ids);
      return counting;
    },
  });

  /** PATCH /counting/bulk {countings: [{id, percentage?, countingDate?}]}: corrections, same rules, all or nothing. */
  route(router, deps, {
    method: "patch",
    path: "/counting/bulk",
    roles: PERMISSIONS.manager,
    body: countingBulkBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const ids = await updateCountings(db, user, body.countings, emits);
      const data = await countingsByIds(db, ids);
      return { data, count: data.length };
    },
  });

  /** PATCH /macro-task/counting {macroTaskId, countingDate, countings}: tasks of a macro-task counted at once. */
  route(router, deps, {
    method: "patch",
    path: "/macro-task/counting",
    roles: PERMISSIONS.manager,
    body: macroTaskCountingBody,
    write: true,
    handler: async ({ db, user, body, emits }) => {
      const ids = await countMacroTask(db, user, body, emits);
      const data = await countingsByIds(db, ids);
      return { data, count: data.length };
    },
  });
}
