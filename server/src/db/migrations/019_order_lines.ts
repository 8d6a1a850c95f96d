import type { Knex } from "knex";

/**
 * Order lines (issue 19): order_lines, order_line_tasks and families exist since 002; this adds what their
 * routes need, never renaming or dropping a column (the cost screens read the 002 columns).
 * - order_line_imports: the import history of a version (file name, size in bytes, the file itself for its
 *   download, who imported it). Version-owned like the lines it created, so a version copy keeps each copied
 *   line tied to the copied import (db/versionCopy.ts remaps order_lines.import_id).
 * - order_lines.import_id: the import that created a line; deleting the import deletes its lines (and, by the
 *   002 cascade, their tasks).
 * - Indexes for the lists (lines of a version by label, tasks of a line, of a version by zone, lines of an
 *   import) and the planning's families filter (lines of a version by family).
 * - The planning's answer is cached by versions.content_revision (006) and filters by families through order
 *   lines and their tasks: their writes bump that revision with the same statement-level triggers.
 */
const OPS = [
  ["insert", "INSERT", "NEW"],
  ["update", "UPDATE", "NEW"],
  ["delete", "DELETE", "OLD"],
] as const;
const REVISED = ["order_lines", "order_line_tasks"] as const;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("order_line_imports", (t) => {
    t.increments("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("version_id").notNullable().references("versions.id").onDelete("CASCADE");
    t.integer("tracking_id").notNullable().defaultTo(knex.raw("nextval('tracking_id_seq')"));
    t.timestamps(true, true);
    t.string("file_name", 255).notNullable();
    t.integer("file_size").notNullable();
    t.binary("file_data").notNullable();
    t.integer("created_by").references("users.id").onDelete("SET NULL");
    t.unique(["version_id", "tracking_id"], { indexName: "order_line_imports_version_tracking_unique" });
    t.index(["project_id"], "order_line_imports_project_index");
    t.index(["version_id", "created_at"], "order_line_imports_version_created_index");
  });
  await knex.raw("ALTER TABLE order_line_imports ADD CONSTRAINT order_line_imports_size_check CHECK (file_size >= 0)");
  await knex.schema.alterTable("order_lines", (t) => {
    t.integer("import_id").references("order_line_imports.id").onDelete("CASCADE");
    t.index(["import_id"], "order_lines_import_index");
    t.index(["version_id", "label"], "order_lines_version_label_index");
    t.index(["version_id", "family_id"], "order_lines_version_family_index");
    t.index(["macro_task_id"], "order_lines_macro_task_index");
  });
  await knex.schema.alterTable("order_line_tasks", (t) => {
    t.index(["order_line_id"], "order_line_tasks_order_line_index");
    t.index(["version_id", "zone_id"], "order_line_tasks_version_zone_index");
  });
  for (const table of REVISED)
    for (const [name, op, side] of OPS) {
      const rows = side === "NEW" ? "changed_new" : "changed_old";
      await knex.raw(
        `CREATE TRIGGER ${table}_content_revision_${name} AFTER ${op} ON ${table}
           REFERENCING ${side} TABLE AS ${rows} FOR EACH STATEMENT EXECUTE FUNCTION bump_content_revision_${side.toLowerCase()}()`,
      );
    }
}

export async function down(knex: Knex): Promise<void> {
  for (const table of REVISED)
    for (const [name] of OPS) await knex.raw(`DROP TRIGGER ${table}_content_revision_${name} ON ${table}`);
  await knex.schema.alterTable("order_line_tasks", (t) => {
    t.dropIndex([], "order_line_tasks_version_zone_index");
    t.dropIndex([], "order_line_tasks_order_line_index");
  });
  await knex.schema.alterTable("order_lines", (t) => {
    t.dropIndex([], "order_lines_macro_task_index");
    t.dropIndex([], "order_lines_version_family_index");
    t.dropIndex([], "order_lines_version_label_index");
    t.dropIndex([], "order_lines_import_index");
    t.dropColumn("import_id");
  });
  await knex.schema.dropTable("order_line_imports");
}
