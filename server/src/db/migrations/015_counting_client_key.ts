import type { Knex } from "knex";

/**
 * Idempotent countings (issue 17): a counting may carry the client-generated key it was queued with (the web's
 * offline queue), unique within its version, so that a counting sent twice is stored once and the second call
 * answers the first's result. NULLs are distinct: countings without a key are not constrained. The version copy
 * copies the key with the row (unique in the new version too), so the original is found in any version.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("countings", (t) => {
    t.string("client_key", 64);
    t.unique(["version_id", "client_key"], { indexName: "countings_version_client_key_unique" });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.alterTable("countings", (t) => {
    t.dropUnique(["version_id", "client_key"], "countings_version_client_key_unique");
    t.dropColumn("client_key");
  });
}
