import type Router from "@koa/router";
import {
  HOURS_PER_DAY,
  type ProductivityRow,
  financeQuery,
  productivityParams,
  productivityQuery,
  supplyQuery,
  type FinanceAnswer,
  type FinanceQuery,
  type ProductivityAnswer,
  type ProductivityOrder,
  type ProductivityQuery,
  type SupplyAnswer,
} from "@jalon/shared";
import type { AppDeps, AuthUser } from "../../context.js";
import type { Db } from "../../db/knex.js";
import { exportFileName, sendFile, XLSX_MIME } from "../../exports/xlsx.js";
import type { AppState } from "../../http/auth.js";
import { route } from "../../http/route.js";
import { analytic } from "../../db/analytic.js";
import { readAll } from "../../db/readAll.js";
import { todayInParis } from "../../planning/progress.js";
import { cachedCosts, peekCosts, versionStamps } from "./costs.cache.js";
import { productivityXlsx } from "./costs.export.js";
import { COSTS_ROLES, comparedVersions, costsScope, referentVersionId, versionOfProject } from "./costs.policy.js";
import {
  financeWeeks,
  presentProductivityRow,
  presentSupply,
  productivityRanks,
  productivityRows,
  sortProductivity,
} from "./costs.presenter.js";
import {
  financeSeries,
  productivityNames,
  productivityPage,
  productivityTable,
  productivityUnits,
  resolveFilters,
  supplyRows,
} from "./costs.schema.js";

/**
 * Cost monitoring (issue 19; rules in shared/src/contract/costs.ts): supply, finance and productivity, each a
 * few set-based aggregates over the version's order lines, tasks and countings. Managers of the project only.
 */

/** The finance series of a version (exported for bench/server/costs.ts). */
export async function computeFinance(db: Db, user: AuthUser, q: FinanceQuery): Promise<FinanceAnswer> {
  const scope = await costsScope(db, user, q.projectId, q.versionId);
  const versionList = await comparedVersions(db, scope, q.versionIds);
  const filters = await resolveFilters(db, scope.versionId, q);
  const ids = versionList.map((v) => v.id);
  // Countings are made on the signed version (spec 000): they say what was done on site, whichever plan is read.
  const countingVersion = scope.project.signed_version_id ?? scope.versionId;
  const referent = await referentVersionId(db, scope.projectId);
  // The series depend on the versions' rows and the counting version's countings only: kept under their stamps.
  const stamps = await versionStamps(db, [...ids, countingVersion]);
  const weeks = await cachedCosts(
    `finance|${stamps}|${JSON.stringify(filters)}`,
    (w) => w.length,
    async () => {
      const { planned, realized } = await financeSeries(db, ids, countingVersion, filters);
      return financeWeeks(ids, planned, realized);
    },
  );
  const last = weeks[weeks.length - 1];
  return {
    projectId: scope.projectId,
    versionId: scope.versionId,
    referentVersionId: referent,
    versionList,
    weeks,
    totals: { planned: last?.planned_accumulated ?? 0, realized: last?.realized_accumulated ?? 0 },
  };
}

/**
 * The productivity table of a version against its referent, a page of it (`all`: every row, for the export);
 * exported for bench/server/costs.ts.
 */
export async function computeProductivity(
  db: Db,
  user: AuthUser,
  orderBy: ProductivityOrder,
  q: ProductivityQuery,
  all = false,
): Promise<ProductivityAnswer> {
  const scope = await costsScope(db, user, q.projectId, q.versionId);
  const referent =
    q.referentVersionId !== undefined
      ? await versionOfProject(db, scope.projectId, q.referentVersionId)
      : await referentVersionId(db, scope.projectId);
  const filters = await resolveFilters(db, scope.versionId, q);
  const stamps = await versionStamps(db, referent === null ? [scope.versionId] : [scope.versionId, referent]);
  const key = `productivity|${orderBy}|${stamps}|${JSON.stringify(filters)}`;
  const byQuantity = orderBy === "quantity";
  const ask = { byQuantity, currentId: scope.versionId, referentId: referent, f: filters, hoursPerDay: HOURS_PER_DAY };
  const table = () =>
    cachedCosts(
      key,
      (r: ProductivityRow[]) => r.length,
      async () =>
        productivityRows(orderBy, referent !== null, await analytic(db, (trx) => productivityTable(trx, ask))),
    );
  const sort = q.sort ?? { field: "macroTask", direction: "ASC" };
  let data: ProductivityRow[];
  let total: number;
  const kept = peekCosts<ProductivityRow[]>(key);
  if (!all && sort.field === "macroTask" && !kept) {
    // A page in the default order (the first screen), cut by PostgreSQL: the table's 100k rows are neither sent
    // nor built, only the page's (kept under its own key); other orders and the export build the whole table.
    const descending = sort.direction === "DESC";
    ({ data, total } = await cachedCosts(
      `${key}|page|${sort.direction},${q.offset},${q.limit}`,
      (p: { data: ProductivityRow[] }) => p.data.length,
      async () => {
        // Names and units from the pool alongside (READ COMMITTED: the statement has its own snapshot anyway).
        const [names, units] = await readAll(db, [
          () => productivityNames(db, scope.versionId, referent),
          () => (byQuantity ? productivityUnits(db, scope.versionId, referent) : Promise.resolve([])),
        ]);
        const ranks = productivityRanks(names.macros, names.zones, units);
        const page = await productivityPage(db, ask, ranks, {
          descending,
          offset: q.offset,
          limit: q.limit,
        });
        const rows = page.rows.map((r) =>
          presentProductivityRow(r, orderBy, referent !== null, names.macros, names.zones),
        );
        return { data: rows, total: page.total };
      },
    ));
  } else {
    const sorted =
      sort.field === "macroTask" && sort.direction === "ASC"
        ? await table()
        : await cachedCosts(
            `${key}|${sort.field},${sort.direction}`,
            (r: ProductivityRow[]) => r.length,
            async () => sortProductivity(await table(), sort),
          );
    data = all ? sorted : sorted.slice(q.offset, q.offset + q.limit);
    total = sorted.length;
  }
  return {
    orderBy,
    projectId: scope.projectId,
    versionId: scope.versionId,
    referentVersionId: referent,
    data,
    count: data.length,
    total,
  };
}

export function costsRoutes(router: Router<AppState>, deps: AppDeps): void {
  /** GET /costs/supply: the version's supply lines, late orders flagged at the date (today by default). */
  route(router, deps, {
    method: "get",
    path: "/costs/supply",
    roles: COSTS_ROLES,
    query: supplyQuery,
    handler: async ({ db, user, query }): Promise<SupplyAnswer> => {
      const scope = await costsScope(db, user, query.projectId, query.versionId);
      const date = query.date ?? todayInParis();
      const data = (await supplyRows(db, scope.versionId)).map((r) => presentSupply(r, date));
      return { projectId: scope.projectId, versionId: scope.versionId, date, data, count: data.length };
    },
  });

  /** GET /costs/finance: weekly planned and realized amounts against the compared versions. */
  route(router, deps, {
    method: "get",
    path: "/costs/finance",
    roles: COSTS_ROLES,
    query: financeQuery,
    handler: ({ db, user, query }) => computeFinance(db, user, query),
  });

  /** GET /costs/productivity/{orderBy}/export: the table as .xlsx. */
  route(router, deps, {
    method: "get",
    path: "/costs/productivity/:orderBy/export",
    roles: COSTS_ROLES,
    params: productivityParams,
    query: productivityQuery,
    handler: async ({ db, user, params, query, ctx }) => {
      const answer = await computeProductivity(db, user, params.orderBy, query, true);
      const project = await db("projects").where({ id: answer.projectId }).first("name");
      const prefix = params.orderBy === "quantity" ? "Productivite_quantite" : "Productivite_prix";
      sendFile(
        ctx,
        await productivityXlsx(answer),
        exportFileName(prefix, String(project?.name ?? ""), "xlsx"),
        XLSX_MIME,
      );
    },
  });

  /** GET /costs/productivity/{orderBy}: by quantity (unit of work) or by price. */
  route(router, deps, {
    method: "get",
    path: "/costs/productivity/:orderBy",
    roles: COSTS_ROLES,
    params: productivityParams,
    query: productivityQuery,
    handler: ({ db, user, params, query }) => computeProductivity(db, user, params.orderBy, query),
  });
}
