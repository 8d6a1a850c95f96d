import type { Knex } from "knex";

/**
 * Tags of a project's task and sequence templates (spec 001 section 3: "tags" on both). Tags belong to a
 * version while templates belong to the project, so a template names a tag by its tracking id (the same tag in
 * every version, as for the lots and macro-tasks of migration 012); the API shows the current version's row.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("event_template_pro_tags", (t) => {
    t.integer("event_template_pro_id").notNullable().references("event_template_pros.id").onDelete("CASCADE");
    t.integer("tag_tracking_id").notNullable();
    t.primary(["event_template_pro_id", "tag_tracking_id"], { constraintName: "event_template_pro_tags_pkey" });
  });
  await knex.schema.createTable("sequence_template_pro_tags", (t) => {
    t.integer("sequence_template_pro_id").notNullable().references("sequence_template_pros.id").onDelete("CASCADE");
    t.integer("tag_tracking_id").notNullable();
    t.primary(["sequence_template_pro_id", "tag_tracking_id"], { constraintName: "sequence_template_pro_tags_pkey" });
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("sequence_template_pro_tags");
  await knex.schema.dropTable("event_template_pro_tags");
}
