import type { Knex } from "knex";

/** Users, sessions' side tables, projects, their members and versions. */
export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable("app_settings", (t) => {
    t.text("key").primary();
    t.text("value").notNullable();
  });

  await knex.schema.createTable("rate_limits", (t) => {
    t.text("key").primary();
    t.timestamp("window_start", { useTz: true }).notNullable();
    t.integer("count").notNullable();
  });

  await knex.schema.createTable("users", (t) => {
    t.increments("id");
    t.string("email", 200).notNullable();
    t.string("firstname", 200).notNullable().defaultTo("");
    t.string("lastname", 200).notNullable().defaultTo("");
    t.string("type", 16).notNullable().defaultTo("external");
    t.text("password_hash");
    t.jsonb("views").notNullable().defaultTo("{}");
    t.timestamps(true, true);
  });
  await knex.raw("CREATE UNIQUE INDEX users_email_lower_unique ON users (lower(email))");
  await knex.raw(
    "ALTER TABLE users ADD CONSTRAINT users_type_check CHECK (type IN ('admin','manager','external','guest'))",
  );

  await knex.schema.createTable("password_reset_tokens", (t) => {
    t.increments("id");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.string("token_hash", 64).notNullable().unique();
    t.timestamp("expires_at", { useTz: true }).notNullable();
    t.timestamp("used_at", { useTz: true });
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["user_id"]);
  });

  await knex.schema.createTable("mail_outbox", (t) => {
    t.increments("id");
    t.string("to_email", 200).notNullable();
    t.string("subject", 300).notNullable();
    t.text("body").notNullable();
    t.string("kind", 40).notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.timestamp("sent_at", { useTz: true });
  });

  await knex.schema.createTable("projects", (t) => {
    t.increments("id");
    t.string("name", 200).notNullable();
    t.decimal("floor_area", 14, 2).notNullable().defaultTo(0);
    t.string("project_owner", 200);
    t.string("project_manager", 200);
    t.string("opc_coordinator", 200);
    t.string("typology", 200);
    t.text("description");
    t.timestamp("expected_start_date", { useTz: true });
    t.timestamp("expected_end_date", { useTz: true });
    t.boolean("is_public").notNullable().defaultTo(false);
    t.string("share_token", 64).unique();
    t.boolean("is_archived").notNullable().defaultTo(false);
    t.string("counting_mode", 20).notNullable().defaultTo("percentage");
    t.integer("current_version_id");
    t.integer("signed_version_id");
    t.boolean("is_being_updated").notNullable().defaultTo(false);
    t.uuid("pusher_channel_id").notNullable().defaultTo(knex.raw("gen_random_uuid()"));
    t.date("projected_start_date");
    t.date("projected_end_date");
    t.integer("created_by").references("users.id").onDelete("SET NULL");
    t.integer("cloned_from_project_id").references("projects.id").onDelete("SET NULL");
    t.timestamps(true, true);
  });

  await knex.schema.createTable("project_pictures", (t) => {
    t.integer("project_id").primary().references("projects.id").onDelete("CASCADE");
    t.string("key", 64).notNullable().unique();
    t.string("mime", 40).notNullable();
    t.string("file_name", 200);
    t.binary("data").notNullable();
    t.timestamp("updated_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
  });

  await knex.schema.createTable("project_users", (t) => {
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("user_id").notNullable().references("users.id").onDelete("CASCADE");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.primary(["project_id", "user_id"]);
    t.index(["user_id"]);
  });

  await knex.schema.createTable("versions", (t) => {
    t.increments("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.string("name", 200).notNullable();
    t.boolean("is_manual_version").notNullable().defaultTo(false);
    t.boolean("is_active_version").notNullable().defaultTo(false);
    t.boolean("is_referent_version").notNullable().defaultTo(false);
    t.boolean("in_construction").notNullable().defaultTo(false);
    /** Frozen: archived by a freeze (PATCH /project/{id}/close); every write to its rows is refused. */
    t.boolean("is_archived").notNullable().defaultTo(false);
    t.boolean("is_being_updated").notNullable().defaultTo(false);
    /** Bumped by every write to the version's rows: cache key of the schedule graph, "new changes" for a freeze. */
    t.integer("write_counter").notNullable().defaultTo(0);
    t.integer("copied_from_version_id").references("versions.id").onDelete("SET NULL");
    t.integer("created_by").references("users.id").onDelete("SET NULL");
    t.timestamp("archived_at", { useTz: true });
    t.timestamps(true, true);
    t.index(["project_id", "created_at"]);
  });

  await knex.schema.alterTable("projects", (t) => {
    t.foreign("current_version_id").references("versions.id").onDelete("SET NULL");
    t.foreign("signed_version_id").references("versions.id").onDelete("SET NULL");
  });

  /** Tracking ids are shared by the copies of a row in every version of a project. */
  await knex.raw("CREATE SEQUENCE tracking_id_seq AS integer");
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP SEQUENCE IF EXISTS tracking_id_seq");
  await knex.schema.alterTable("projects", (t) => {
    t.dropForeign(["current_version_id"]);
    t.dropForeign(["signed_version_id"]);
  });
  for (const table of [
    "versions",
    "project_users",
    "project_pictures",
    "projects",
    "mail_outbox",
    "password_reset_tokens",
    "users",
    "rate_limits",
    "app_settings",
  ]) {
    await knex.schema.dropTableIfExists(table);
  }
}
