import type { Knex } from "knex";

/**
 * Roadblocks (issue 18): the table exists since 002; what it lacked for its routes and the planning.
 * - The planning data shows each task's open roadblocks, and its answer is cached by versions.content_revision
 *   (006): roadblock writes bump that revision too, with the same statement-level triggers as the planning's
 *   tables, so a marker never lags behind a commit.
 * - Open roadblocks are counted per task (Event.numberOfRoadblocks, planning data) and per version (dashboard):
 *   a partial index on the open ones keeps both counts an index scan; the list filters by version.
 */
const OPS = [
  ["insert", "INSERT", "NEW"],
  ["update", "UPDATE", "NEW"],
  ["delete", "DELETE", "OLD"],
] as const;

export async function up(knex: Knex): Promise<void> {
  for (const [name, op, side] of OPS) {
    const rows = side === "NEW" ? "changed_new" : "changed_old";
    await knex.raw(
      `CREATE TRIGGER roadblocks_content_revision_${name} AFTER ${op} ON roadblocks
         REFERENCING ${side} TABLE AS ${rows} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision_${side.toLowerCase()}()`,
    );
  }
  await knex.raw("CREATE INDEX roadblocks_open_event_index ON roadblocks (event_id) WHERE NOT validate");
  await knex.raw("CREATE INDEX roadblocks_version_index ON roadblocks (version_id, name)");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX roadblocks_version_index");
  await knex.raw("DROP INDEX roadblocks_open_event_index");
  for (const [name] of OPS) await knex.raw(`DROP TRIGGER roadblocks_content_revision_${name} ON roadblocks`);
}
