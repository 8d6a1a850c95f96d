import type { Knex } from "knex";

/**
 * versions.cost_revision moves with every committed change to the rows the cost monitoring reads besides those
 * content_revision already follows (migration 006: events, countings, event tags, zones): order lines, their
 * tasks, macro-tasks, their tags and the tags. The finance and productivity answers of a version are then kept
 * in memory under its write_counter + content_revision + cost_revision, one read of the version row telling
 * whether they still hold (server/src/routes/costs/costs.cache.ts). Same statement-level triggers as 006: one
 * UPDATE of the versions row per statement, over the distinct versions of its transition table.
 */
const TABLES = ["order_lines", "order_line_tasks", "macro_tasks", "macro_task_tags", "tags"] as const;
const OPS = [
  ["insert", "INSERT", "NEW"],
  ["update", "UPDATE", "NEW"],
  ["delete", "DELETE", "OLD"],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE versions ADD COLUMN cost_revision bigint NOT NULL DEFAULT 0");
  for (const side of ["NEW", "OLD"] as const) {
    const rows = side === "NEW" ? "changed_new" : "changed_old";
    await knex.raw(`
      CREATE FUNCTION bump_cost_revision_${side.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE versions SET cost_revision = cost_revision + 1
         WHERE id IN (SELECT DISTINCT version_id FROM ${rows});
        RETURN NULL;
      END $$`);
  }
  for (const table of TABLES) {
    for (const [name, op, side] of OPS) {
      const rows = side === "NEW" ? "changed_new" : "changed_old";
      await knex.raw(
        `CREATE TRIGGER ${table}_cost_revision_${name} AFTER ${op} ON ${table}
           REFERENCING ${side} TABLE AS ${rows} FOR EACH STATEMENT EXECUTE FUNCTION bump_cost_revision_${side.toLowerCase()}()`,
      );
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES)
    for (const [name] of OPS) await knex.raw(`DROP TRIGGER ${table}_cost_revision_${name} ON ${table}`);
  await knex.raw("DROP FUNCTION bump_cost_revision_new()");
  await knex.raw("DROP FUNCTION bump_cost_revision_old()");
  await knex.raw("ALTER TABLE versions DROP COLUMN cost_revision");
}
