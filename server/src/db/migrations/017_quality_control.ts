import type { Knex } from "knex";

/**
 * Quality control (issue 18; spec 001 sections 3-5), on top of migration 002's quality_controls:
 * - `delay` may be null ("no delay value", which the indicator rule distinguishes from 0); 0 stays the default;
 * - one control per task, type and name (case-insensitive): the command answers 409 first, the index is the
 *   second line under concurrent writes;
 * - history: one row per changed field. A row names its control by tracking id inside the project, so a
 *   control's history reads the same in every version without copying rows, and outlives the control;
 * - templates belong to the project (as task templates do): a tag and a macro-task are named by tracking id;
 *   deliverables are the task templates, sequence templates or macro-tasks a template is made for;
 * - the planning marks tasks whose prerequisites are late, and its answer is cached by versions.content_revision
 *   (006): control writes bump that revision, with the same statement-level triggers as the planning's tables.
 */
const OPS = [
  ["insert", "INSERT", "NEW"],
  ["update", "UPDATE", "NEW"],
  ["delete", "DELETE", "OLD"],
] as const;
const TYPES = "('prerequisites','finishes')";
const CATEGORIES = "('reception-support','study','supply','auto-control')";

export async function up(knex: Knex): Promise<void> {
  await knex.raw("ALTER TABLE quality_controls ALTER COLUMN delay DROP NOT NULL");
  await knex.raw(
    `CREATE UNIQUE INDEX quality_controls_event_type_name_unique ON quality_controls (event_id, type, lower(name))
      WHERE event_id IS NOT NULL`,
  );
  for (const [name, op, side] of OPS) {
    const rows = side === "NEW" ? "changed_new" : "changed_old";
    await knex.raw(
      `CREATE TRIGGER quality_controls_content_revision_${name} AFTER ${op} ON quality_controls
         REFERENCING ${side} TABLE AS ${rows} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision_${side.toLowerCase()}()`,
    );
  }
  await knex.schema.alterTable("quality_controls", (t) => {
    t.index(["version_id", "type"], "quality_controls_version_type_index");
    t.index(["sequence_id"], "quality_controls_sequence_index");
    t.index(["macro_task_id"], "quality_controls_macro_task_index");
  });

  await knex.schema.createTable("quality_control_histories", (t) => {
    t.increments("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("version_id").references("versions.id").onDelete("SET NULL");
    t.integer("quality_control_id").references("quality_controls.id").onDelete("SET NULL");
    t.integer("quality_control_tracking_id").notNullable();
    t.string("field_name", 60).notNullable();
    t.text("previous_value");
    t.text("new_value");
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["project_id", "quality_control_tracking_id"], "quality_control_histories_tracking_index");
  });

  await knex.schema.createTable("quality_control_templates", (t) => {
    t.increments("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("tracking_id").notNullable().defaultTo(knex.raw("nextval('tracking_id_seq')"));
    t.string("name", 200).notNullable();
    t.string("type", 14).notNullable();
    t.string("category", 20);
    t.integer("delay").defaultTo(0);
    t.text("comment");
    t.string("document_name", 200);
    t.timestamps(true, true);
    t.unique(["project_id", "tracking_id"], { indexName: "quality_control_templates_project_tracking_unique" });
    t.index(["project_id", "type"], "quality_control_templates_project_type_index");
  });
  await knex.raw(
    `ALTER TABLE quality_control_templates ADD CONSTRAINT quality_control_templates_type_check CHECK (type IN ${TYPES})`,
  );
  await knex.raw(
    `ALTER TABLE quality_control_templates ADD CONSTRAINT quality_control_templates_category_check
      CHECK (category IS NULL OR category IN ${CATEGORIES})`,
  );
  await knex.schema.createTable("quality_control_template_tags", (t) => {
    t.integer("quality_control_template_id")
      .notNullable()
      .references("quality_control_templates.id")
      .onDelete("CASCADE");
    t.integer("tag_tracking_id").notNullable();
    t.primary(["quality_control_template_id", "tag_tracking_id"], {
      constraintName: "quality_control_template_tags_pkey",
    });
  });
  await knex.schema.createTable("quality_control_template_deliverables", (t) => {
    t.increments("id");
    t.integer("quality_control_template_id")
      .notNullable()
      .references("quality_control_templates.id")
      .onDelete("CASCADE");
    t.integer("event_template_pro_id").references("event_template_pros.id").onDelete("CASCADE");
    t.integer("sequence_template_pro_id").references("sequence_template_pros.id").onDelete("CASCADE");
    t.integer("macro_task_tracking_id");
    t.index(["quality_control_template_id"], "quality_control_template_deliverables_template_index");
    t.index(["event_template_pro_id"], "quality_control_template_deliverables_event_template_index");
    t.index(["sequence_template_pro_id"], "quality_control_template_deliverables_sequence_template_index");
  });
  await knex.raw(
    `ALTER TABLE quality_control_template_deliverables ADD CONSTRAINT quality_control_template_deliverables_one_check
      CHECK (num_nonnulls(event_template_pro_id, sequence_template_pro_id, macro_task_tracking_id) = 1)`,
  );
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTable("quality_control_template_deliverables");
  await knex.schema.dropTable("quality_control_template_tags");
  await knex.schema.dropTable("quality_control_templates");
  await knex.schema.dropTable("quality_control_histories");
  await knex.schema.alterTable("quality_controls", (t) => {
    t.dropIndex([], "quality_controls_version_type_index");
    t.dropIndex([], "quality_controls_sequence_index");
    t.dropIndex([], "quality_controls_macro_task_index");
  });
  for (const [name] of OPS)
    await knex.raw(`DROP TRIGGER quality_controls_content_revision_${name} ON quality_controls`);
  await knex.raw("DROP INDEX quality_controls_event_type_name_unique");
  await knex.raw("UPDATE quality_controls SET delay = 0 WHERE delay IS NULL");
  await knex.raw("ALTER TABLE quality_controls ALTER COLUMN delay SET NOT NULL");
}
