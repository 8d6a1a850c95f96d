import type { Knex } from "knex";
import { COPYING_VERSION_SETTING } from "./migrations/statementChecks.js";
import { takeIdBlocks } from "./idBlocks.js";

/**
 * Copying a version's rows into another version (version creation, freeze, project clone) with one
 * `INSERT ... SELECT` per table, never row by row in JavaScript (see copyVersionRows for the id remapping).
 * Every column but the keys is copied as it is, tracking ids included, so a column added by a later
 * migration is copied without touching this file (columns are read from the catalogue).
 */

type RefScope = "version" | "project";

interface Ref {
  table: string;
  scope: RefScope;
}

interface CopiedTable {
  table: string;
  /** Has a tracking_id (join tables do not). */
  tracked: boolean;
  refs: Record<string, Ref>;
}

const v = (table: string): Ref => ({ table, scope: "version" });
const p = (table: string): Ref => ({ table, scope: "project" });

/** Version-owned tables in copy order. Project-owned templates keep their id inside a project. */
export const VERSION_TABLES: readonly CopiedTable[] = [
  { table: "tag_categories", tracked: true, refs: { parent_category_id: v("tag_categories") } },
  { table: "tags", tracked: true, refs: { category_id: v("tag_categories") } },
  { table: "phase_categories", tracked: true, refs: { parent_category_id: v("phase_categories") } },
  { table: "phases", tracked: true, refs: { category_id: v("phase_categories") } },
  { table: "zones", tracked: true, refs: { parent_id: v("zones") } },
  { table: "participant_group_pros", tracked: true, refs: {} },
  { table: "participants", tracked: true, refs: {} },
  { table: "specialities", tracked: true, refs: { participant_group_pro_id: v("participant_group_pros") } },
  { table: "macro_tasks", tracked: true, refs: { participant_group_pro_id: v("participant_group_pros") } },
  { table: "holidays", tracked: true, refs: {} },
  {
    table: "instantiation_configs",
    tracked: true,
    refs: { sequence_template_pro_id: p("sequence_template_pros"), reference_event_id: v("events") },
  },
  {
    table: "sequences",
    tracked: true,
    refs: {
      zone_id: v("zones"),
      parent_sequence_id: v("sequences"),
      sequence_template_pro_id: p("sequence_template_pros"),
      instantiation_config_id: v("instantiation_configs"),
      start_milestone_id: v("events"),
      end_milestone_id: v("events"),
    },
  },
  {
    table: "events",
    tracked: true,
    refs: {
      zone_id: v("zones"),
      macro_task_id: v("macro_tasks"),
      participant_group_pro_id: v("participant_group_pros"),
      participant_id: v("participants"),
      speciality_id: v("specialities"),
      sequence_id: v("sequences"),
      event_template_pro_id: p("event_template_pros"),
      instantiation_config_id: v("instantiation_configs"),
    },
  },
  { table: "event_links", tracked: true, refs: { parent_id: v("events"), child_id: v("events") } },
  {
    table: "holiday_lots",
    tracked: false,
    refs: { holiday_id: v("holidays"), participant_group_pro_id: v("participant_group_pros") },
  },
  {
    table: "participant_group_pro_participants",
    tracked: false,
    refs: { participant_group_pro_id: v("participant_group_pros"), participant_id: v("participants") },
  },
  { table: "participant_zones", tracked: false, refs: { participant_id: v("participants"), zone_id: v("zones") } },
  {
    table: "participant_specialities",
    tracked: false,
    refs: { participant_id: v("participants"), speciality_id: v("specialities") },
  },
  {
    table: "macro_task_specialities",
    tracked: false,
    refs: { macro_task_id: v("macro_tasks"), speciality_id: v("specialities") },
  },
  { table: "event_tags", tracked: false, refs: { event_id: v("events"), tag_id: v("tags") } },
  { table: "sequence_tags", tracked: false, refs: { sequence_id: v("sequences"), tag_id: v("tags") } },
  { table: "zone_tags", tracked: false, refs: { zone_id: v("zones"), tag_id: v("tags") } },
  {
    table: "participant_group_pro_tags",
    tracked: false,
    refs: { participant_group_pro_id: v("participant_group_pros"), tag_id: v("tags") },
  },
  { table: "participant_tags", tracked: false, refs: { participant_id: v("participants"), tag_id: v("tags") } },
  { table: "speciality_tags", tracked: false, refs: { speciality_id: v("specialities"), tag_id: v("tags") } },
  { table: "macro_task_tags", tracked: false, refs: { macro_task_id: v("macro_tasks"), tag_id: v("tags") } },
  { table: "countings", tracked: true, refs: { event_id: v("events"), zone_id: v("zones") } },
  {
    table: "workforce_countings",
    tracked: true,
    refs: { participant_group_pro_id: v("participant_group_pros"), participant_id: v("participants") },
  },
  {
    table: "quality_controls",
    tracked: true,
    refs: { event_id: v("events"), sequence_id: v("sequences"), macro_task_id: v("macro_tasks") },
  },
  {
    table: "quality_control_tags",
    tracked: false,
    refs: { quality_control_id: v("quality_controls"), tag_id: v("tags") },
  },
  { table: "order_line_imports", tracked: true, refs: {} },
  {
    table: "order_lines",
    tracked: true,
    refs: {
      macro_task_id: v("macro_tasks"),
      participant_group_pro_id: v("participant_group_pros"),
      import_id: v("order_line_imports"),
    },
  },
  {
    table: "order_line_tasks",
    tracked: true,
    refs: {
      order_line_id: v("order_lines"),
      event_id: v("events"),
      zone_id: v("zones"),
      speciality_id: v("specialities"),
    },
  },
  {
    table: "roadblocks",
    tracked: true,
    refs: {
      event_id: v("events"),
      participant_id: v("participants"),
      participant_group_pro_id: v("participant_group_pros"),
      zone_id: v("zones"),
    },
  },
  { table: "shift_histories", tracked: true, refs: { event_id: v("events") } },
];

/** Tables whose rows are planning data of a version (what a write to a frozen version would touch). */
export const VERSION_TABLE_NAMES = VERSION_TABLES.map((t) => t.table);

const columnsCache = new WeakMap<object, Map<string, string[]>>();

async function columnsOf(trx: Knex, table: string): Promise<string[]> {
  const key = trx.client as object;
  let byTable = columnsCache.get(key);
  if (!byTable) {
    byTable = new Map();
    columnsCache.set(key, byTable);
  }
  const cached = byTable.get(table);
  if (cached) return cached;
  const res = await trx.raw(
    "SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = ? ORDER BY ordinal_position",
    [table],
  );
  const cols = (res.rows as { column_name: string }[]).map((r) => r.column_name);
  if (cols.length === 0) throw new Error(`versionCopy: table ${table} not found`);
  byTable.set(table, cols);
  return cols;
}

const q = (ident: string) => `"${ident.replace(/"/g, '""')}"`;

export interface CopyVersionInput {
  fromVersionId: number;
  toVersionId: number;
  /** The project of the new version (another project for a clone). */
  toProjectId: number;
  /** The source project: when it differs from toProjectId, project-owned template ids are remapped by tracking id. */
  fromProjectId: number;
  /** The connection pool outside the copy's transaction, where blocks of new ids are taken (idBlocks.ts). */
  pool?: Knex;
}

export interface CopyReport {
  rows: Record<string, number>;
}

const sequenceCache = new WeakMap<object, Map<string, string>>();

async function idSequenceOf(trx: Knex, table: string): Promise<string> {
  const key = trx.client as object;
  let byTable = sequenceCache.get(key);
  if (!byTable) {
    byTable = new Map();
    sequenceCache.set(key, byTable);
  }
  const cached = byTable.get(table);
  if (cached) return cached;
  const res = await trx.raw("SELECT pg_get_serial_sequence(?, 'id') AS seq", [table]);
  const seq = (res.rows as { seq: string | null }[])[0]?.seq;
  if (!seq) throw new Error(`versionCopy: table ${table} has no id sequence`);
  byTable.set(table, seq);
  return seq;
}

/** Ids of one table's rows in the source version and in the copy. */
interface IdRange {
  min: number;
  max: number;
  count: number;
}

/**
 * How an old id of a copied table becomes its new id. New ids are drawn in the order of the old ones, so the
 * k-th old id maps to the k-th new id. When both sets are dense (the usual case: a version is copied as a
 * block, and rows are rarely deleted) that is an offset, plain arithmetic; otherwise a rank join.
 */
type IdMap = { kind: "offset"; oldMin: number; oldMax: number; delta: number } | { kind: "rank"; cte: string };

function int(n: unknown): number {
  const v = Number(n);
  if (!Number.isSafeInteger(v)) throw new Error(`versionCopy: not an integer id: ${String(n)}`);
  return v;
}

const dense = (r: IdRange) => r.count > 0 && r.max - r.min + 1 === r.count;

/**
 * Copies every version-owned row of one version into another, inside the caller's transaction.
 *
 * One `INSERT ... SELECT` per table with rows. The new ids of a table other rows refer to are a block of the
 * table's sequence, old id + offset, when the source's ids are dense (idBlocks.ts), else drawn from the
 * sequence over the source rows sorted by id; foreign keys to tables already copied are remapped with the id
 * maps above, in the same statement (offset arithmetic, or a rank join written as a CTE), never through a table of ids:
 * temporary tables churn PostgreSQL's catalogue, which on-disk PGlite did not survive (the demo seed failed
 * about one run in two with a lost pg_type page). A reference to the same table or to a table copied later
 * is written NULL first and set by one `UPDATE ... FROM` at the end.
 */
export async function copyVersionRows(trx: Knex, input: CopyVersionInput): Promise<CopyReport> {
  // The one key the copy does not map: its rows' (version, project), checked once here, locked as the check would.
  const target = await trx.raw("SELECT 1 FROM versions WHERE id = ? AND project_id = ? FOR KEY SHARE", [
    input.toVersionId,
    input.toProjectId,
  ]);
  if (target.rows.length !== 1)
    throw new Error(`versionCopy: version ${input.toVersionId} of project ${input.toProjectId} does not exist`);
  // The insert checks of events, links and zones are skipped meanwhile: every other key is remapped onto the
  // copy in the statement that writes it, so keys that held in the source version hold in the new one
  // (migration 010). On a failure the transaction (or savepoint) is rolled back, which restores the setting:
  // no statement may run in it then, and trying would hide the failure's own error.
  await trx.raw("SELECT set_config(?, 'on', true)", [COPYING_VERSION_SETTING]);
  const report = await copyRows(trx, input);
  await trx.raw("SELECT set_config(?, 'off', true)", [COPYING_VERSION_SETTING]);
  return report;
}

/**
 * Tables whose new ids are drawn in the order of the old ones, to map one onto the other: those other copied rows
 * refer to, and those with a reference set after the copy (to themselves or to a table copied later).
 */
const MAPPED = new Set(
  VERSION_TABLES.flatMap((t) => {
    const refs = Object.values(t.refs).filter((r) => r.scope === "version");
    return [
      ...refs.map((r) => r.table),
      ...(refs.some((r) => r.table === t.table || !isCopiedBefore(t.table, r.table)) ? [t.table] : []),
    ];
  }),
);

async function copyRows(trx: Knex, input: CopyVersionInput): Promise<CopyReport> {
  const { fromVersionId, toVersionId, toProjectId, fromProjectId } = input;
  const bind = { from: fromVersionId, to: toVersionId, project: toProjectId };
  const maps = new Map<string, IdMap>();
  const deferred: { table: string; column: string; ref: Ref }[] = [];
  const rows: Record<string, number> = {};

  const tracked = VERSION_TABLES.filter((t) => t.tracked && MAPPED.has(t.table)).map((t) => t.table);
  const rangeSql = tracked
    .map(
      (t) =>
        `SELECT '${t}' AS t, min(id) AS min, max(id) AS max, count(*) AS count FROM ${q(t)} WHERE version_id = :from`,
    )
    .join(" UNION ALL ");
  const ranges = new Map<string, IdRange>();
  for (const r of (await trx.raw(rangeSql, bind)).rows as { t: string; min: unknown; max: unknown; count: unknown }[]) {
    ranges.set(r.t, {
      min: r.min === null ? 0 : int(r.min),
      max: r.max === null ? 0 : int(r.max),
      count: int(r.count),
    });
  }
  // A dense source (ids min..max, the usual case: versions are copied as blocks) gets a block of new ids.
  const blockSizes = new Map<string, number>();
  for (const [table, range] of ranges) if (dense(range)) blockSizes.set(await idSequenceOf(trx, table), range.count);
  const blocks = await takeIdBlocks(trx, input.pool, blockSizes);

  /** The new id of `expr` (an old id of `table`), given the CTEs and joins the statement gathers. */
  const remap = (table: string, expr: string, ctes: Map<string, string>, joins: string[]): string => {
    const m = maps.get(table);
    // Not copied (no rows in the source version): the old reference pointed outside it, as the join on
    // tracking ids this replaces, the copy gets NULL.
    if (!m) return "NULL";
    if (m.kind === "offset")
      return `(CASE WHEN ${expr} BETWEEN ${m.oldMin} AND ${m.oldMax} THEN ${expr} + ${m.delta} END)`;
    const name = `m_${table}`;
    ctes.set(name, m.cte);
    const alias = `j${joins.length}`;
    joins.push(`LEFT JOIN ${name} ${alias} ON ${alias}.old_id = ${expr}`);
    return `${alias}.new_id`;
  };
  const withClause = (ctes: Map<string, string>) =>
    ctes.size ? `WITH ${[...ctes].map(([n, sql]) => `${n} AS (${sql})`).join(", ")} ` : "";

  for (const spec of VERSION_TABLES) {
    const range = ranges.get(spec.table);
    if (range?.count === 0) {
      rows[spec.table] = 0;
      continue;
    }
    const cols = await columnsOf(trx, spec.table);
    const insertCols: string[] = [];
    const selectExprs: string[] = [];
    const joins: string[] = [];
    const ctes = new Map<string, string>();
    const mapped = spec.tracked && MAPPED.has(spec.table);
    const blockStart = mapped ? blocks?.get(await idSequenceOf(trx, spec.table)) : undefined;
    for (const col of cols) {
      if (col === "id") {
        if (mapped) {
          insertCols.push(col);
          selectExprs.push(blockStart === undefined ? "s.new_id" : `s.id + ${blockStart - (range as IdRange).min}`);
        }
        continue;
      }
      if (col === "version_id" || col === "project_id") {
        insertCols.push(col);
        selectExprs.push(col === "version_id" ? ":to" : ":project");
        continue;
      }
      const ref = spec.refs[col];
      if (!ref) {
        insertCols.push(col);
        selectExprs.push(`s.${q(col)}`);
        continue;
      }
      if (ref.scope === "project") {
        insertCols.push(col);
        if (fromProjectId === toProjectId) {
          selectExprs.push(`s.${q(col)}`);
        } else {
          const a = `p${joins.length}`;
          const b = `p${joins.length + 1}`;
          joins.push(`LEFT JOIN ${q(ref.table)} ${a} ON ${a}.id = s.${q(col)}`);
          joins.push(
            `LEFT JOIN ${q(ref.table)} ${b} ON ${b}.project_id = :project AND ${b}.tracking_id = ${a}.tracking_id`,
          );
          selectExprs.push(`${b}.id`);
        }
        continue;
      }
      if (ref.table === spec.table || !isCopiedBefore(spec.table, ref.table)) {
        // Written NULL now, set once the target rows exist.
        deferred.push({ table: spec.table, column: col, ref });
        continue;
      }
      insertCols.push(col);
      selectExprs.push(remap(ref.table, `s.${q(col)}`, ctes, joins));
    }
    // The innermost ORDER BY fixes the order nextval() is drawn in (a sorted subquery is never flattened).
    const source =
      mapped && blockStart === undefined
        ? `(SELECT nextval('${await idSequenceOf(trx, spec.table)}') AS new_id, o.* FROM (SELECT * FROM ${q(spec.table)} WHERE version_id = :from ORDER BY id) o) s`
        : `(SELECT * FROM ${q(spec.table)} WHERE version_id = :from) s`;
    const insert = `INSERT INTO ${q(spec.table)} (${insertCols.map(q).join(", ")}) SELECT ${selectExprs.join(", ")} FROM ${source} ${joins.join(" ")}`;
    if (blockStart !== undefined) {
      const old = range as IdRange;
      const res = await trx.raw(`${withClause(ctes)}${insert}`, bind);
      rows[spec.table] = Number(res.rowCount ?? 0);
      if (rows[spec.table] !== old.count)
        throw new Error(`versionCopy: ${spec.table} copied ${rows[spec.table]} rows of ${old.count}`);
      maps.set(spec.table, { kind: "offset", oldMin: old.min, oldMax: old.max, delta: blockStart - old.min });
      continue;
    }
    if (!mapped) {
      // Nothing refers to these rows' ids (links, countings...): they take the sequence's next ids in any order.
      const res = await trx.raw(`${withClause(ctes)}${insert}`, bind);
      rows[spec.table] = Number(res.rowCount ?? 0);
      continue;
    }
    const res = await trx.raw(
      `${withClause(ctes.set("ins", `${insert} RETURNING id`))}SELECT min(id) AS min, max(id) AS max, count(*) AS count FROM ins`,
      bind,
    );
    const got = (res.rows as { min: unknown; max: unknown; count: unknown }[])[0];
    const copy: IdRange = {
      min: got.min === null ? 0 : int(got.min),
      max: got.max === null ? 0 : int(got.max),
      count: int(got.count),
    };
    rows[spec.table] = copy.count;
    const old = range as IdRange;
    if (copy.count !== old.count)
      throw new Error(`versionCopy: ${spec.table} copied ${copy.count} rows of ${old.count}`);
    maps.set(
      spec.table,
      dense(old) && dense(copy)
        ? { kind: "offset", oldMin: old.min, oldMax: old.max, delta: copy.min - old.min }
        : {
            kind: "rank",
            cte:
              `SELECT o.id AS old_id, n.id AS new_id FROM ` +
              `(SELECT id, row_number() OVER (ORDER BY id) AS rn FROM ${q(spec.table)} WHERE version_id = :from) o JOIN ` +
              `(SELECT id, row_number() OVER (ORDER BY id) AS rn FROM ${q(spec.table)} WHERE version_id = :to) n ON n.rn = o.rn`,
          },
    );
  }

  for (const { table, column, ref } of deferred) {
    const spec = VERSION_TABLES.find((t) => t.table === table);
    if (!spec?.tracked || !MAPPED.has(table))
      throw new Error(`versionCopy: deferred reference ${table}.${column} needs a tracked table`);
    if (!maps.has(table) || !maps.has(ref.table)) continue; // nothing copied on one side: the NULL stays
    const ctes = new Map<string, string>();
    const joins: string[] = [];
    const self = remap(table, "o.id", ctes, joins);
    const target = remap(ref.table, `o.${q(column)}`, ctes, joins);
    await trx.raw(
      `${withClause(ctes)}UPDATE ${q(table)} n SET ${q(column)} = x.target ` +
        `FROM (SELECT ${self} AS nid, ${target} AS target FROM ${q(table)} o ${joins.join(" ")} ` +
        `WHERE o.version_id = :from AND o.${q(column)} IS NOT NULL) x WHERE n.id = x.nid AND x.target IS NOT NULL`,
      bind,
    );
  }
  return { rows };
}

function isCopiedBefore(table: string, ref: string): boolean {
  return VERSION_TABLES.findIndex((t) => t.table === ref) < VERSION_TABLES.findIndex((t) => t.table === table);
}
