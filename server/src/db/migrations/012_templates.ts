import type { Knex } from "knex";

/**
 * Templates (spec 001 sections 3 and 7): the global library (`event_templates`, `sequence_templates`, shared by
 * every project, administered by admins) and the links inside a sequence template, for the library and for the
 * project copies of migration 002. A sequence template is a small network: its task templates and their
 * dependencies (parentsET: the four link types and an integer delay in working days).
 *
 * A project's task template names a lot, macro-task, speciality or participant by the row's tracking_id, not
 * its id: templates belong to the project, while those rows belong to a version; the tracking id is the same
 * row in every version, so an instantiation into any version finds it with (version_id, tracking_id).
 */
const LINK_TYPES = "('end-begin','begin-begin','end-end','begin-end')";

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("sequence_templates", (t) => {
    t.increments("id");
    t.string("name", 200).notNullable();
    t.string("category", 200);
    t.string("color", 20);
    t.integer("duration");
    t.integer("number_of_days");
    t.boolean("is_generic").notNullable().defaultTo(false);
    t.jsonb("typologies").notNullable().defaultTo("[]");
    t.timestamps(true, true);
  });
  await knex.schema.createTable("event_templates", (t) => {
    t.increments("id");
    t.integer("sequence_template_id").references("sequence_templates.id").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.string("trigram", 10);
    t.integer("number_of_days").notNullable().defaultTo(1);
    t.decimal("number_of_people", 10, 2).notNullable().defaultTo(1);
    t.decimal("rate", 12, 2);
    t.jsonb("typology").notNullable().defaultTo("[]");
    t.text("comments");
    t.integer("prerequisites_delay").notNullable().defaultTo(0);
    t.integer("finishes_delay").notNullable().defaultTo(0);
    t.string("prerequisites_document_name", 200);
    t.string("finishes_document_name", 200);
    t.integer("participant_group_id").references("participant_groups.id").onDelete("SET NULL");
    t.timestamps(true, true);
    t.index(["sequence_template_id"], "event_templates_sequence_index");
  });
  await knex.schema.alterTable("sequence_templates", (t) => {
    t.integer("first_event_template_id").references("event_templates.id");
    t.integer("last_event_template_id").references("event_templates.id");
  });
  await knex.schema.createTable("event_template_links", (t) => {
    t.integer("parent_id").notNullable().references("event_templates.id").onDelete("CASCADE");
    t.integer("child_id").notNullable().references("event_templates.id").onDelete("CASCADE");
    t.string("type", 12).notNullable().defaultTo("end-begin");
    t.integer("delay").notNullable().defaultTo(0);
    t.primary(["parent_id", "child_id"], { constraintName: "event_template_links_pkey" });
    t.index(["child_id"], "event_template_links_child_index");
  });

  await knex.schema.alterTable("sequence_template_pros", (t) => {
    t.integer("sequence_template_id").references("sequence_templates.id").onDelete("SET NULL");
  });
  await knex.schema.alterTable("event_template_pros", (t) => {
    t.integer("event_template_id").references("event_templates.id").onDelete("SET NULL");
    t.integer("participant_group_pro_tracking_id");
    t.integer("macro_task_tracking_id");
    t.integer("speciality_tracking_id");
    t.integer("participant_tracking_id");
    t.index(["sequence_template_pro_id"], "event_template_pros_sequence_index");
  });
  await knex.schema.alterTable("sequence_template_pros", (t) => {
    t.integer("first_event_template_pro_id").references("event_template_pros.id");
    t.integer("last_event_template_pro_id").references("event_template_pros.id");
  });
  await knex.schema.createTable("event_template_pro_links", (t) => {
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("parent_id").notNullable().references("event_template_pros.id").onDelete("CASCADE");
    t.integer("child_id").notNullable().references("event_template_pros.id").onDelete("CASCADE");
    t.string("type", 12).notNullable().defaultTo("end-begin");
    t.integer("delay").notNullable().defaultTo(0);
    t.primary(["parent_id", "child_id"], { constraintName: "event_template_pro_links_pkey" });
    t.index(["child_id"], "event_template_pro_links_child_index");
    t.index(["project_id"], "event_template_pro_links_project_index");
  });
  for (const table of ["event_template_links", "event_template_pro_links"]) {
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_type_check CHECK (type IN ${LINK_TYPES})`);
    await knex.raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_not_self CHECK (parent_id <> child_id)`);
  }
  await knex.raw(
    "ALTER TABLE sequence_template_pros ADD CONSTRAINT sequence_template_pros_status_check CHECK (synchronizable_status IN ('ok','partial'))",
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE sequence_template_pros DROP CONSTRAINT sequence_template_pros_status_check");
  await knex.schema.dropTable("event_template_pro_links");
  await knex.schema.alterTable("sequence_template_pros", (t) => {
    t.dropColumn("first_event_template_pro_id");
    t.dropColumn("last_event_template_pro_id");
    t.dropColumn("sequence_template_id");
  });
  await knex.schema.alterTable("event_template_pros", (t) => {
    t.dropIndex([], "event_template_pros_sequence_index");
    for (const c of [
      "event_template_id",
      "participant_group_pro_tracking_id",
      "macro_task_tracking_id",
      "speciality_tracking_id",
      "participant_tracking_id",
    ])
      t.dropColumn(c);
  });
  await knex.schema.dropTable("event_template_links");
  await knex.schema.alterTable("sequence_templates", (t) => {
    t.dropColumn("first_event_template_id");
    t.dropColumn("last_event_template_id");
  });
  await knex.schema.dropTable("event_templates");
  await knex.schema.dropTable("sequence_templates");
}
