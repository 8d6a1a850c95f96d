import type { Knex } from "knex";

/**
 * versions.content_revision moves with every committed change to what GET /planning/data shows of a version
 * (events, their countings and tags, zones, lots, sequences), so that the server can keep that answer in
 * memory and know, with one read of the version row, whether it still holds. write_counter cannot serve: it
 * is bumped only by the planning commands, not by the reference-data screens (a lot renamed, a zone moved).
 * The counter is bumped by statement-level triggers, whatever the writer: one UPDATE of the versions row per
 * statement (not per row), over the distinct versions of the statement's transition table. It is
 * transactional, so a reader that reads it before the data never keeps old data under a new revision.
 */
const TABLES = ["events", "countings", "event_tags", "zones", "participant_group_pros", "sequences"] as const;
const OPS = [
  ["insert", "INSERT", "NEW"],
  ["update", "UPDATE", "NEW"],
  ["delete", "DELETE", "OLD"],
] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE versions ADD COLUMN content_revision bigint NOT NULL DEFAULT 0");
  // One function per transition-table name: a trigger names its table, the function's SQL must match it.
  for (const side of ["NEW", "OLD"] as const) {
    const rows = side === "NEW" ? "changed_new" : "changed_old";
    await knex.raw(`
      CREATE FUNCTION bump_content_revision_${side.toLowerCase()}() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE versions SET content_revision = content_revision + 1
         WHERE id IN (SELECT DISTINCT version_id FROM ${rows});
        RETURN NULL;
      END $$`);
  }
  for (const table of TABLES) {
    for (const [name, op, side] of OPS) {
      const rows = side === "NEW" ? "changed_new" : "changed_old";
      await knex.raw(
        `CREATE TRIGGER ${table}_content_revision_${name} AFTER ${op} ON ${table}
           REFERENCING ${side} TABLE AS ${rows} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision_${side.toLowerCase()}()`,
      );
    }
  }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of TABLES)
    for (const [name] of OPS) await knex.raw(`DROP TRIGGER ${table}_content_revision_${name} ON ${table}`);
  await knex.raw("DROP FUNCTION bump_content_revision_new()");
  await knex.raw("DROP FUNCTION bump_content_revision_old()");
  await knex.raw("ALTER TABLE versions DROP COLUMN content_revision");
}
