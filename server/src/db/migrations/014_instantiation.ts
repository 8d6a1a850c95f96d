import type { Knex } from "knex";

/**
 * Instantiation of sequence templates on zones (issue 16). A train is a sequence (instantiation_config_id set,
 * no parent) whose subsequences are its instances, one per zone, in train order (`instance_index`, 1-based:
 * instance k starts takt×(k−1) working days after instance 1). Every event the instantiation creates names its
 * role (`instance_role`: 0 train start, 1 train end, 2 instance start, 3 instance end, 4 task, as the engine's
 * InstantiationRole), so that a re-dating or a synchronisation matches the engine's events to the rows by
 * (instance, role, task template). `instantiation_configs.start_date` is the requested start when the train has
 * no reference event. Plain columns: the version copy copies them as they are.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("sequences", (t) => {
    t.integer("instance_index");
    t.index(["instantiation_config_id"], "sequences_instantiation_config_index");
  });
  await knex.schema.alterTable("events", (t) => {
    t.smallint("instance_role");
    t.index(["instantiation_config_id"], "events_instantiation_config_index");
  });
  await knex.schema.alterTable("instantiation_configs", (t) => {
    t.date("start_date");
  });
  await knex.raw(
    "ALTER TABLE events ADD CONSTRAINT events_instance_role_check CHECK (instance_role IS NULL OR instance_role BETWEEN 0 AND 4)",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE events DROP CONSTRAINT events_instance_role_check");
  await knex.schema.alterTable("instantiation_configs", (t) => t.dropColumn("start_date"));
  await knex.schema.alterTable("events", (t) => {
    t.dropIndex([], "events_instantiation_config_index");
    t.dropColumn("instance_role");
  });
  await knex.schema.alterTable("sequences", (t) => {
    t.dropIndex([], "sequences_instantiation_config_index");
    t.dropColumn("instance_index");
  });
}
