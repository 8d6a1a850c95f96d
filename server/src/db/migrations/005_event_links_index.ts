import type { Knex } from "knex";

/**
 * event_links_project_index served only the per-row cascade of the links' former project key (replaced in
 * 004 by the composite key to versions); no query reads links by project. One index less to fill for each of
 * the 200k links a 100k-event version copy writes (bench/server).
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX event_links_project_index");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("CREATE INDEX event_links_project_index ON event_links (project_id)");
}
