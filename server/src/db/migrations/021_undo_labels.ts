import type { Knex } from "knex";

/**
 * The undo history (issue 20): the undo button lists the version's steps with readable labels ("Déplacement de
 * 12 tâches", "Durée de « Cloisons R+1 » : 5 → 8 jours"), which the step's action and its previous values cannot
 * give (they hold ids). Each step keeps the label its command knew when it wrote it (names, counts, old and new
 * values, as JSON the web translates). An undo still deletes its step, so the steps left are the ones an undo can
 * take back (the header's count); the undone ones move to undone_steps with their label, so the history shows the
 * undos too.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.alterTable("undo_steps", (t) => {
    t.jsonb("label");
  });
  await knex.schema.createTable("undone_steps", (t) => {
    t.bigIncrements("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("version_id").notNullable().references("versions.id").onDelete("CASCADE");
    /** Who undid it. */
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.string("action", 40).notNullable();
    t.jsonb("label");
    /** When the step undone was written. */
    t.timestamp("step_created_at", { useTz: true }).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["version_id", "id"], "undone_steps_version_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("undone_steps");
  await knex.schema.alterTable("undo_steps", (t) => {
    t.dropColumn("label");
  });
}
