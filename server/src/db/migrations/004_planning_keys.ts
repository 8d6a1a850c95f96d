import type { Knex } from "knex";

/**
 * Keys of the three tables that grow by the hundred thousand (events, event_links, event_histories), for
 * set-based copies and bulk writes (bench/server): PostgreSQL checks every foreign key with one lookup per
 * inserted row, and the checks were most of the time of a version copy (4 x 200k for the links alone).
 * - project_id and version_id are checked together by one composite key to versions (id, project_id) instead
 *   of two separate keys. It is also stricter: a row's project is its version's project. Deleting a project
 *   still deletes its rows (projects -> versions -> rows cascade).
 * - event_links_version_index duplicated the leading column of event_links_version_tracking_unique.
 */
const TABLES = ["events", "event_links", "event_histories"] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("CREATE UNIQUE INDEX versions_id_project_unique ON versions (id, project_id)");
  for (const table of TABLES) {
    await knex.raw(
      `ALTER TABLE ${table} DROP CONSTRAINT ${table}_project_id_foreign, DROP CONSTRAINT ${table}_version_id_foreign`,
    );
    await knex.raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_version_project_foreign FOREIGN KEY (version_id, project_id) REFERENCES versions (id, project_id) ON DELETE CASCADE`,
    );
  }
  await knex.raw("DROP INDEX event_links_version_index");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX event_links_version_index ON event_links (version_id)");
  for (const table of TABLES) {
    await knex.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_version_project_foreign`);
    await knex.raw(
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_project_id_foreign FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE, ` +
        `ADD CONSTRAINT ${table}_version_id_foreign FOREIGN KEY (version_id) REFERENCES versions (id) ON DELETE CASCADE`,
    );
  }
  await knex.raw("DROP INDEX versions_id_project_unique");
}
