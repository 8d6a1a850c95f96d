import type { Knex } from "knex";

/**
 * Phases and phase categories (spec 001 routes /dashboard/phases, /phases/categories): a version-owned
 * classification built like tags and tag categories (a category has a type, a position and a parent
 * category; a phase has a colour, a type and a category). Version-owned with a tracking id, so that
 * db/versionCopy.ts copies them with their version.
 */
function versionOwned(knex: Knex, t: Knex.CreateTableBuilder, table: string): void {
  t.increments("id");
  t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
  t.integer("version_id").notNullable().references("versions.id").onDelete("CASCADE");
  t.integer("tracking_id").notNullable().defaultTo(knex.raw("nextval('tracking_id_seq')"));
  t.timestamps(true, true);
  t.unique(["version_id", "tracking_id"], { indexName: `${table}_version_tracking_unique` });
  t.index(["project_id"], `${table}_project_index`);
}

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("phase_categories", (t) => {
    versionOwned(knex, t, "phase_categories");
    t.string("name", 200).notNullable();
    t.string("type", 40);
    t.integer("position").notNullable().defaultTo(0);
    t.integer("parent_category_id").references("phase_categories.id").onDelete("SET NULL");
    t.index(["version_id", "position"], "phase_categories_version_position_index");
  });
  await knex.schema.createTable("phases", (t) => {
    versionOwned(knex, t, "phases");
    t.string("name", 200).notNullable();
    t.string("color", 20);
    t.string("type", 40);
    t.integer("category_id").references("phase_categories.id").onDelete("SET NULL");
    t.index(["version_id"], "phases_version_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  await knex.schema.dropTableIfExists("phases");
  await knex.schema.dropTableIfExists("phase_categories");
}
