import type { Knex } from "knex";

/**
 * Copying a version's rows into another version (version creation, freeze, project clone) with one
 * `INSERT ... SELECT` per table, never row by row in JavaScript.
 *
 * Foreign keys between version-owned rows are remapped by joining the old row's target on its tracking id
 * inside the new version: `LEFT JOIN t old ON old.id = o.fk LEFT JOIN t new ON new.version_id = :to AND
 * new.tracking_id = old.tracking_id`. Tables are copied in dependency order; a reference to the same table
 * or to a table copied later (zones.parent_id, sequences.start_milestone_id...) is written NULL first and set
 * by one `UPDATE ... FROM` once its target is copied. Every other column is copied as it is, so a column
 * added by a later migration is copied without touching this file (columns are read from the catalogue).
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
    table: "instantiation_configs", tracked: true,
    refs: { sequence_template_pro_id: p("sequence_template_pros"), reference_event_id: v("events") },
  },
  {
    table: "sequences", tracked: true,
    refs: {
      zone_id: v("zones"), parent_sequence_id: v("sequences"), sequence_template_pro_id: p("sequence_template_pros"),
      instantiation_config_id: v("instantiation_configs"), start_milestone_id: v("events"), end_milestone_id: v("events"),
    },
  },
  {
    table: "events", tracked: true,
    refs: {
      zone_id: v("zones"), macro_task_id: v("macro_tasks"), participant_group_pro_id: v("participant_group_pros"),
      participant_id: v("participants"), speciality_id: v("specialities"), sequence_id: v("sequences"),
      event_template_pro_id: p("event_template_pros"), instantiation_config_id: v("instantiation_configs"),
    },
  },
  { table: "event_links", tracked: true, refs: { parent_id: v("events"), child_id: v("events") } },
  { table: "holiday_lots", tracked: false, refs: { holiday_id: v("holidays"), participant_group_pro_id: v("participant_group_pros") } },
  { table: "participant_group_pro_participants", tracked: false, refs: { participant_group_pro_id: v("participant_group_pros"), participant_id: v("participants") } },
  { table: "participant_zones", tracked: false, refs: { participant_id: v("participants"), zone_id: v("zones") } },
  { table: "participant_specialities", tracked: false, refs: { participant_id: v("participants"), speciality_id: v("specialities") } },
  { table: "macro_task_specialities", tracked: false, refs: { macro_task_id: v("macro_tasks"), speciality_id: v("specialities") } },
  { table: "event_tags", tracked: false, refs: { event_id: v("events"), tag_id: v("tags") } },
  { table: "sequence_tags", tracked: false, refs: { sequence_id: v("sequences"), tag_id: v("tags") } },
  { table: "zone_tags", tracked: false, refs: { zone_id: v("zones"), tag_id: v("tags") } },
  { table: "participant_group_pro_tags", tracked: false, refs: { participant_group_pro_id: v("participant_group_pros"), tag_id: v("tags") } },
  { table: "participant_tags", tracked: false, refs: { participant_id: v("participants"), tag_id: v("tags") } },
  { table: "speciality_tags", tracked: false, refs: { speciality_id: v("specialities"), tag_id: v("tags") } },
  { table: "macro_task_tags", tracked: false, refs: { macro_task_id: v("macro_tasks"), tag_id: v("tags") } },
  { table: "countings", tracked: true, refs: { event_id: v("events"), zone_id: v("zones") } },
  { table: "workforce_countings", tracked: true, refs: { participant_group_pro_id: v("participant_group_pros"), participant_id: v("participants") } },
  {
    table: "quality_controls", tracked: true,
    refs: { event_id: v("events"), sequence_id: v("sequences"), macro_task_id: v("macro_tasks") },
  },
  { table: "quality_control_tags", tracked: false, refs: { quality_control_id: v("quality_controls"), tag_id: v("tags") } },
  {
    table: "order_lines", tracked: true,
    refs: { macro_task_id: v("macro_tasks"), participant_group_pro_id: v("participant_group_pros") },
  },
  {
    table: "order_line_tasks", tracked: true,
    refs: { order_line_id: v("order_lines"), event_id: v("events"), zone_id: v("zones"), speciality_id: v("specialities") },
  },
  {
    table: "roadblocks", tracked: true,
    refs: { event_id: v("events"), participant_id: v("participants"), participant_group_pro_id: v("participant_group_pros"), zone_id: v("zones") },
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
}

export interface CopyReport {
  rows: Record<string, number>;
}

/** Copies every version-owned row of one version into another, inside the caller's transaction. */
export async function copyVersionRows(trx: Knex, input: CopyVersionInput): Promise<CopyReport> {
  const { fromVersionId, toVersionId, toProjectId, fromProjectId } = input;
  const bind = { from: fromVersionId, to: toVersionId, project: toProjectId };
  const copied = new Set<string>();
  const deferred: { table: string; column: string; ref: Ref }[] = [];
  const rows: Record<string, number> = {};

  for (const spec of VERSION_TABLES) {
    const cols = await columnsOf(trx, spec.table);
    const insertCols: string[] = [];
    const selectExprs: string[] = [];
    const joins: string[] = [];
    let j = 0;
    for (const col of cols) {
      if (col === "id") continue;
      if (col === "version_id") {
        insertCols.push(col);
        selectExprs.push(":to");
        continue;
      }
      if (col === "project_id") {
        insertCols.push(col);
        selectExprs.push(":project");
        continue;
      }
      const ref = spec.refs[col];
      if (!ref) {
        insertCols.push(col);
        selectExprs.push(`o.${q(col)}`);
        continue;
      }
      if (ref.scope === "project") {
        insertCols.push(col);
        if (fromProjectId === toProjectId) {
          selectExprs.push(`o.${q(col)}`);
        } else {
          const a = `r${j++}`;
          const b = `r${j++}`;
          joins.push(`LEFT JOIN ${q(ref.table)} ${a} ON ${a}.id = o.${q(col)}`);
          joins.push(`LEFT JOIN ${q(ref.table)} ${b} ON ${b}.project_id = :project AND ${b}.tracking_id = ${a}.tracking_id`);
          selectExprs.push(`${b}.id`);
        }
        continue;
      }
      if (ref.table === spec.table || !copied.has(ref.table)) {
        // Written NULL now, set once the target rows exist.
        deferred.push({ table: spec.table, column: col, ref });
        continue;
      }
      const a = `r${j++}`;
      const b = `r${j++}`;
      joins.push(`LEFT JOIN ${q(ref.table)} ${a} ON ${a}.id = o.${q(col)}`);
      joins.push(`LEFT JOIN ${q(ref.table)} ${b} ON ${b}.version_id = :to AND ${b}.tracking_id = ${a}.tracking_id`);
      insertCols.push(col);
      selectExprs.push(`${b}.id`);
    }
    const sql =
      `INSERT INTO ${q(spec.table)} (${insertCols.map(q).join(", ")}) ` +
      `SELECT ${selectExprs.join(", ")} FROM ${q(spec.table)} o ${joins.join(" ")} WHERE o.version_id = :from`;
    const res = await trx.raw(sql, bind);
    rows[spec.table] = Number(res.rowCount ?? 0);
    copied.add(spec.table);
  }

  for (const { table, column, ref } of deferred) {
    const spec = VERSION_TABLES.find((t) => t.table === table);
    if (!spec?.tracked) throw new Error(`versionCopy: deferred reference ${table}.${column} needs a tracked table`);
    await trx.raw(
      `UPDATE ${q(table)} n SET ${q(column)} = tn.id ` +
        `FROM ${q(table)} o JOIN ${q(ref.table)} tp ON tp.id = o.${q(column)} ` +
        `JOIN ${q(ref.table)} tn ON tn.version_id = :to AND tn.tracking_id = tp.tracking_id ` +
        `WHERE o.version_id = :from AND n.version_id = :to AND n.tracking_id = o.tracking_id`,
      bind,
    );
  }
  return { rows };
}

/** Copies a project's own templates into another project (clone), keeping their tracking ids. */
export async function copyProjectTemplates(trx: Knex, fromProjectId: number, toProjectId: number): Promise<void> {
  const bind = { from: fromProjectId, to: toProjectId };
  const stCols = (await columnsOf(trx, "sequence_template_pros")).filter((c) => c !== "id" && c !== "project_id");
  await trx.raw(
    `INSERT INTO sequence_template_pros (project_id, ${stCols.map(q).join(", ")}) SELECT :to, ${stCols.map((c) => `o.${q(c)}`).join(", ")} FROM sequence_template_pros o WHERE o.project_id = :from`,
    bind,
  );
  const etCols = (await columnsOf(trx, "event_template_pros")).filter((c) => c !== "id" && c !== "project_id" && c !== "sequence_template_pro_id");
  await trx.raw(
    `INSERT INTO event_template_pros (project_id, sequence_template_pro_id, ${etCols.map(q).join(", ")}) ` +
      `SELECT :to, sn.id, ${etCols.map((c) => `o.${q(c)}`).join(", ")} FROM event_template_pros o ` +
      `LEFT JOIN sequence_template_pros so ON so.id = o.sequence_template_pro_id ` +
      `LEFT JOIN sequence_template_pros sn ON sn.project_id = :to AND sn.tracking_id = so.tracking_id ` +
      `WHERE o.project_id = :from`,
    bind,
  );
}
