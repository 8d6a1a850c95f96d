import type { Knex } from "knex";

/**
 * Every row a version owns: reference data (zones, lots, participants, specialities, tags, macro-tasks,
 * holidays), planning (sequences, instantiation configs, events, links) and monitoring (countings, quality
 * controls, order lines, roadblocks, shift history). Each carries project_id, version_id and a tracking_id
 * shared by its copies in every version of the project, unique per version, so that a version copy is an
 * `INSERT ... SELECT` per table that remaps foreign keys by joining on (version_id, tracking_id)
 * (see db/versionCopy.ts). Join tables carry the version_id only.
 */

type Builder = Knex.CreateTableBuilder;

function versionOwned(knex: Knex, t: Builder, table: string): void {
  t.increments("id");
  t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
  t.integer("version_id").notNullable().references("versions.id").onDelete("CASCADE");
  t.integer("tracking_id").notNullable().defaultTo(knex.raw("nextval('tracking_id_seq')"));
  t.timestamps(true, true);
  t.unique(["version_id", "tracking_id"], { indexName: `${table}_version_tracking_unique` });
  t.index(["project_id"], `${table}_project_index`);
}

function joinTable(t: Builder, table: string, left: [string, string], right: [string, string]): void {
  t.integer("version_id").notNullable().references("versions.id").onDelete("CASCADE");
  t.integer(left[0]).notNullable().references(`${left[1]}.id`).onDelete("CASCADE");
  t.integer(right[0]).notNullable().references(`${right[1]}.id`).onDelete("CASCADE");
  t.primary([left[0], right[0]], { constraintName: `${table}_pkey` });
  t.index([right[0]], `${table}_${right[0]}_index`);
  t.index(["version_id"], `${table}_version_index`);
}

async function check(knex: Knex, table: string, column: string, values: readonly string[]): Promise<void> {
  const list = values.map((v) => `'${v}'`).join(",");
  await knex.raw(
    `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_check CHECK (${column} IS NULL OR ${column} IN (${list}))`,
  );
}

export async function up(knex: Knex): Promise<void> {
  // Global library lots (spec 001 "participant-group") and order-line families.
  await knex.schema.createTable("participant_groups", (t) => {
    t.increments("id");
    t.string("name", 200).notNullable();
    t.string("color", 20).notNullable().defaultTo("#FFFFFF");
    t.timestamps(true, true);
  });
  await knex.raw("CREATE UNIQUE INDEX participant_groups_name_unique ON participant_groups (lower(name))");

  await knex.schema.createTable("families", (t) => {
    t.increments("id");
    t.string("name", 200).notNullable().unique();
  });

  // Project copies of templates (project-owned, not versioned).
  await knex.schema.createTable("sequence_template_pros", (t) => {
    t.increments("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("tracking_id").notNullable().defaultTo(knex.raw("nextval('tracking_id_seq')"));
    t.string("name", 200).notNullable();
    t.string("category", 200);
    t.string("color", 20);
    t.integer("duration");
    t.integer("number_of_days");
    t.boolean("is_generic").notNullable().defaultTo(false);
    t.boolean("is_imported").notNullable().defaultTo(false);
    t.string("synchronizable_status", 10).notNullable().defaultTo("ok");
    t.jsonb("typologies").notNullable().defaultTo("[]");
    t.timestamps(true, true);
    t.unique(["project_id", "tracking_id"]);
  });
  await knex.schema.createTable("event_template_pros", (t) => {
    t.increments("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("tracking_id").notNullable().defaultTo(knex.raw("nextval('tracking_id_seq')"));
    t.integer("sequence_template_pro_id").references("sequence_template_pros.id").onDelete("CASCADE");
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
    t.timestamps(true, true);
    t.unique(["project_id", "tracking_id"]);
  });

  // Reference data.
  await knex.schema.createTable("tag_categories", (t) => {
    versionOwned(knex, t, "tag_categories");
    t.string("name", 200).notNullable();
    t.string("type", 40);
    t.integer("position").notNullable().defaultTo(0);
    t.integer("parent_category_id").references("tag_categories.id").onDelete("SET NULL");
  });
  await knex.schema.createTable("tags", (t) => {
    versionOwned(knex, t, "tags");
    t.string("name", 200).notNullable();
    t.string("color", 20);
    t.string("type", 40);
    t.integer("category_id").references("tag_categories.id").onDelete("SET NULL");
  });

  await knex.schema.createTable("zones", (t) => {
    versionOwned(knex, t, "zones");
    t.string("name", 200).notNullable();
    t.string("full_name", 1000);
    t.integer("parent_id").references("zones.id").onDelete("CASCADE");
    t.integer("position").notNullable().defaultTo(0);
    t.string("typology", 200);
    t.string("unity", 10).notNullable().defaultTo("zone");
    t.smallint("level").notNullable().defaultTo(0);
    t.index(["version_id", "position"], "zones_version_position_index");
    t.index(["parent_id"], "zones_parent_index");
  });
  await check(knex, "zones", "unity", ["macro", "zone", "micro", "others"]);

  await knex.schema.createTable("participant_group_pros", (t) => {
    versionOwned(knex, t, "participant_group_pros");
    t.string("name", 200).notNullable();
    t.string("color", 20).notNullable().defaultTo("#FFFFFF");
    t.integer("participant_group_id").references("participant_groups.id").onDelete("SET NULL");
    t.integer("position").notNullable().defaultTo(0);
  });
  await knex.raw(
    "CREATE UNIQUE INDEX participant_group_pros_name_unique ON participant_group_pros (version_id, lower(name))",
  );

  await knex.schema.createTable("participants", (t) => {
    versionOwned(knex, t, "participants");
    t.string("name", 200).notNullable();
    t.string("color", 20).notNullable().defaultTo("#FFFFFF");
    t.string("company_name", 200);
    t.string("project_manager_email", 200);
    t.string("project_manager_first_name", 200);
    t.string("project_manager_last_name", 200);
    t.string("project_manager_phone_number", 50);
  });

  await knex.schema.createTable("specialities", (t) => {
    versionOwned(knex, t, "specialities");
    t.string("name", 200).notNullable();
    t.integer("participant_group_pro_id").references("participant_group_pros.id").onDelete("CASCADE");
  });

  await knex.schema.createTable("macro_tasks", (t) => {
    versionOwned(knex, t, "macro_tasks");
    t.string("name", 200).notNullable();
    t.date("start_date");
    t.date("end_date");
    t.integer("participant_group_pro_id").references("participant_group_pros.id");
    t.string("tracked_unit", 20);
    t.jsonb("tracked_families").notNullable().defaultTo("{}");
    t.boolean("has_counting").notNullable().defaultTo(false);
    t.decimal("global_counting", 6, 2);
    t.boolean("is_complete").notNullable().defaultTo(false);
  });

  await knex.schema.createTable("holidays", (t) => {
    versionOwned(knex, t, "holidays");
    t.string("name", 200).notNullable();
    t.string("type", 10).notNullable().defaultTo("holiday");
    t.date("start_date").notNullable();
    t.date("end_date").notNullable();
    t.index(["version_id", "start_date"], "holidays_version_start_index");
  });
  await check(knex, "holidays", "type", ["holiday", "vacation"]);
  await knex.raw(
    "ALTER TABLE holidays ADD CONSTRAINT holidays_range_check CHECK (end_date >= start_date AND (type = 'vacation' OR end_date = start_date))",
  );

  // Planning.
  await knex.schema.createTable("instantiation_configs", (t) => {
    versionOwned(knex, t, "instantiation_configs");
    t.string("type", 12).notNullable().defaultTo("individual");
    t.integer("sequence_template_pro_id").references("sequence_template_pros.id").onDelete("SET NULL");
    t.integer("reference_event_id");
    t.integer("delay_with_reference_event").notNullable().defaultTo(0);
    t.string("milestone_reference_type", 20);
    t.boolean("show_start_milestone").notNullable().defaultTo(true);
    t.boolean("show_end_milestone").notNullable().defaultTo(true);
    t.integer("takt").notNullable().defaultTo(0);
    t.jsonb("event_template_overrides").notNullable().defaultTo("{}");
    t.jsonb("visual_typologies").notNullable().defaultTo("[]");
  });
  await check(knex, "instantiation_configs", "type", ["individual", "recurring"]);
  await check(knex, "instantiation_configs", "milestone_reference_type", ["milestone_only", "earliest", "latest"]);

  await knex.schema.createTable("sequences", (t) => {
    versionOwned(knex, t, "sequences");
    t.string("name", 200).notNullable();
    t.string("color", 20);
    t.date("start_date");
    t.date("end_date");
    t.integer("zone_id").references("zones.id");
    t.integer("parent_sequence_id").references("sequences.id").onDelete("CASCADE");
    t.integer("sequence_template_pro_id").references("sequence_template_pros.id").onDelete("SET NULL");
    t.integer("instantiation_config_id").references("instantiation_configs.id").onDelete("SET NULL");
    t.integer("instantiated_count").notNullable().defaultTo(0);
    t.string("synchronizable_status", 10);
    t.integer("start_milestone_id");
    t.integer("end_milestone_id");
    t.integer("revision").notNullable().defaultTo(1);
    t.index(["version_id", "start_date"], "sequences_version_start_index");
  });

  await knex.schema.createTable("events", (t) => {
    versionOwned(knex, t, "events");
    t.text("name").notNullable();
    t.string("type", 10).notNullable().defaultTo("task");
    t.text("comments");
    t.text("description");
    t.string("trigram", 10);
    t.date("start_date");
    t.date("end_date");
    t.integer("number_of_days").notNullable().defaultTo(1);
    t.decimal("number_of_people", 10, 2).notNullable().defaultTo(1);
    t.string("color", 20);
    t.integer("zone_id").references("zones.id");
    t.integer("macro_task_id").references("macro_tasks.id");
    t.integer("participant_group_pro_id").references("participant_group_pros.id");
    t.integer("participant_id").references("participants.id");
    t.integer("speciality_id").references("specialities.id");
    t.integer("sequence_id").references("sequences.id").onDelete("CASCADE");
    t.string("sequence_type", 12);
    t.integer("event_template_pro_id").references("event_template_pros.id").onDelete("SET NULL");
    t.integer("instantiation_config_id").references("instantiation_configs.id").onDelete("SET NULL");
    t.string("reference_type", 20).notNullable().defaultTo("dateReference");
    t.string("task_instantiation_type", 20);
    t.integer("delta_to_top");
    t.boolean("is_recurring_event").notNullable().defaultTo(false);
    t.boolean("is_tracked").notNullable().defaultTo(false);
    t.boolean("is_contractual").notNullable().defaultTo(false);
    t.boolean("milestone_to_hide").notNullable().defaultTo(false);
    /** "Bloqué": keeps its dates when parents move; its links are checked, not propagated. */
    t.boolean("locked").notNullable().defaultTo(false);
    t.integer("prerequisites_delay").notNullable().defaultTo(0);
    t.integer("finishes_delay").notNullable().defaultTo(0);
    t.string("prerequisites_document_name", 200);
    t.string("finishes_document_name", 200);
    /** Optimistic concurrency: a write sends the revision it saw; a stale one gets 409 errors.conflict. */
    t.integer("revision").notNullable().defaultTo(1);
    t.integer("created_by").references("users.id").onDelete("SET NULL");
    t.index(["version_id", "start_date"], "events_version_start_index");
    t.index(["version_id", "end_date"], "events_version_end_index");
    t.index(["version_id", "type", "name"], "events_version_type_name_index");
    t.index(["zone_id"], "events_zone_index");
    t.index(["participant_group_pro_id"], "events_lot_index");
    t.index(["participant_id"], "events_participant_index");
    t.index(["sequence_id"], "events_sequence_index");
    t.index(["macro_task_id"], "events_macro_task_index");
    t.index(["speciality_id"], "events_speciality_index");
  });
  await check(knex, "events", "type", ["task", "milestone"]);
  await check(knex, "events", "sequence_type", ["recurring", "individual"]);
  await check(knex, "events", "reference_type", ["dateReference", "milestoneReference", "taskReference"]);
  await knex.raw(
    "ALTER TABLE events ADD CONSTRAINT events_days_check CHECK ((type = 'milestone' AND number_of_days = 0) OR (type = 'task' AND number_of_days >= 1))",
  );
  await knex.raw(
    "ALTER TABLE events ADD CONSTRAINT events_dates_check CHECK (start_date IS NULL OR end_date IS NULL OR end_date >= start_date)",
  );

  await knex.schema.alterTable("instantiation_configs", (t) => {
    t.foreign("reference_event_id").references("events.id").onDelete("SET NULL");
  });
  await knex.schema.alterTable("sequences", (t) => {
    t.foreign("start_milestone_id").references("events.id").onDelete("SET NULL");
    t.foreign("end_milestone_id").references("events.id").onDelete("SET NULL");
  });

  await knex.schema.createTable("event_links", (t) => {
    versionOwned(knex, t, "event_links");
    t.integer("parent_id").notNullable().references("events.id").onDelete("CASCADE");
    t.integer("child_id").notNullable().references("events.id").onDelete("CASCADE");
    t.string("type", 12).notNullable().defaultTo("end-begin");
    t.integer("delay").notNullable().defaultTo(0);
    t.unique(["parent_id", "child_id"], { indexName: "event_links_parent_child_unique" });
    t.index(["child_id"], "event_links_child_index");
    t.index(["version_id"], "event_links_version_index");
  });
  await check(knex, "event_links", "type", ["end-begin", "begin-begin", "end-end", "begin-end"]);
  await knex.raw("ALTER TABLE event_links ADD CONSTRAINT event_links_not_self CHECK (parent_id <> child_id)");

  // Join tables (version-scoped, copied with their version).
  await knex.schema.createTable("holiday_lots", (t) =>
    joinTable(t, "holiday_lots", ["holiday_id", "holidays"], ["participant_group_pro_id", "participant_group_pros"]),
  );
  await knex.schema.createTable("participant_group_pro_participants", (t) =>
    joinTable(
      t,
      "participant_group_pro_participants",
      ["participant_group_pro_id", "participant_group_pros"],
      ["participant_id", "participants"],
    ),
  );
  await knex.schema.createTable("participant_zones", (t) =>
    joinTable(t, "participant_zones", ["participant_id", "participants"], ["zone_id", "zones"]),
  );
  await knex.schema.createTable("participant_specialities", (t) =>
    joinTable(t, "participant_specialities", ["participant_id", "participants"], ["speciality_id", "specialities"]),
  );
  await knex.schema.createTable("macro_task_specialities", (t) =>
    joinTable(t, "macro_task_specialities", ["macro_task_id", "macro_tasks"], ["speciality_id", "specialities"]),
  );
  for (const [table, col, target] of [
    ["event_tags", "event_id", "events"],
    ["sequence_tags", "sequence_id", "sequences"],
    ["zone_tags", "zone_id", "zones"],
    ["participant_group_pro_tags", "participant_group_pro_id", "participant_group_pros"],
    ["participant_tags", "participant_id", "participants"],
    ["speciality_tags", "speciality_id", "specialities"],
    ["macro_task_tags", "macro_task_id", "macro_tasks"],
  ] as const) {
    await knex.schema.createTable(table, (t) => joinTable(t, table, [col, target], ["tag_id", "tags"]));
  }

  // Monitoring.
  await knex.schema.createTable("countings", (t) => {
    versionOwned(knex, t, "countings");
    /** No cascade: a counted task cannot be deleted (errors.event_has_countings). */
    t.integer("event_id").notNullable().references("events.id");
    t.integer("zone_id").references("zones.id").onDelete("SET NULL");
    t.date("counting_date").notNullable();
    t.decimal("percentage", 6, 2).notNullable();
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.index(["event_id", "counting_date"], "countings_event_date_index");
  });
  await knex.raw(
    "ALTER TABLE countings ADD CONSTRAINT countings_percentage_check CHECK (percentage > 0 AND percentage <= 100)",
  );

  await knex.schema.createTable("workforce_countings", (t) => {
    versionOwned(knex, t, "workforce_countings");
    t.date("date").notNullable();
    t.integer("participant_group_pro_id").references("participant_group_pros.id").onDelete("CASCADE");
    t.integer("participant_id").references("participants.id").onDelete("CASCADE");
    t.decimal("estimated_number_of_people", 10, 2);
    t.decimal("real_number_of_people", 10, 2);
    t.index(["version_id", "date"], "workforce_countings_version_date_index");
  });

  await knex.schema.createTable("quality_controls", (t) => {
    versionOwned(knex, t, "quality_controls");
    t.string("name", 200).notNullable();
    t.string("type", 14).notNullable();
    t.string("category", 20);
    t.string("status", 16);
    t.text("comment");
    t.date("completion_date");
    t.integer("delay").notNullable().defaultTo(0);
    t.date("due_date");
    t.date("start_date");
    t.date("end_date");
    t.boolean("is_archived").notNullable().defaultTo(false);
    t.string("document_name", 200);
    t.integer("event_id").references("events.id").onDelete("CASCADE");
    t.integer("sequence_id").references("sequences.id").onDelete("CASCADE");
    t.integer("macro_task_id").references("macro_tasks.id").onDelete("CASCADE");
    t.index(["event_id"], "quality_controls_event_index");
  });
  await check(knex, "quality_controls", "type", ["prerequisites", "finishes"]);
  await check(knex, "quality_controls", "category", ["reception-support", "study", "supply", "auto-control"]);
  await check(knex, "quality_controls", "status", ["compliant", "non-complying", "partial", "unrealized"]);
  await knex.schema.createTable("quality_control_tags", (t) =>
    joinTable(t, "quality_control_tags", ["quality_control_id", "quality_controls"], ["tag_id", "tags"]),
  );

  await knex.schema.createTable("order_lines", (t) => {
    versionOwned(knex, t, "order_lines");
    t.string("label", 200).notNullable();
    t.string("type", 10).notNullable().defaultTo("labor");
    t.string("unit", 10);
    t.integer("family_id").references("families.id").onDelete("SET NULL");
    t.integer("macro_task_id").references("macro_tasks.id").onDelete("CASCADE");
    t.integer("participant_group_pro_id").references("participant_group_pros.id").onDelete("SET NULL");
    t.decimal("price", 14, 2);
    t.string("currency", 3).notNullable().defaultTo("EUR");
    t.decimal("quantity", 14, 3);
  });
  await check(knex, "order_lines", "type", ["supply", "labor"]);
  await knex.schema.createTable("order_line_tasks", (t) => {
    versionOwned(knex, t, "order_line_tasks");
    t.integer("order_line_id").notNullable().references("order_lines.id").onDelete("CASCADE");
    t.integer("event_id").references("events.id").onDelete("CASCADE");
    t.integer("zone_id").references("zones.id").onDelete("SET NULL");
    t.integer("speciality_id").references("specialities.id").onDelete("SET NULL");
    t.decimal("price", 14, 2);
    t.decimal("quantity", 14, 3);
    t.decimal("price_supply", 14, 2);
    t.boolean("is_ordered").notNullable().defaultTo(false);
    t.date("start_date");
    t.index(["event_id"], "order_line_tasks_event_index");
  });

  await knex.schema.createTable("roadblocks", (t) => {
    versionOwned(knex, t, "roadblocks");
    t.string("name", 200).notNullable();
    t.boolean("validate").notNullable().defaultTo(false);
    t.integer("created_by").references("users.id").onDelete("SET NULL");
    t.integer("event_id").references("events.id").onDelete("CASCADE");
    t.integer("participant_id").references("participants.id").onDelete("SET NULL");
    t.integer("participant_group_pro_id").references("participant_group_pros.id").onDelete("SET NULL");
    t.integer("zone_id").references("zones.id").onDelete("SET NULL");
    t.index(["event_id"], "roadblocks_event_index");
  });

  /** Recalibration: one row per shift, its files addressed by index. */
  await knex.schema.createTable("shift_histories", (t) => {
    versionOwned(knex, t, "shift_histories");
    t.string("name", 200).notNullable();
    t.integer("event_id").references("events.id").onDelete("CASCADE");
    t.jsonb("files").notNullable().defaultTo("[]");
    t.integer("user_id").references("users.id").onDelete("SET NULL");
  });

  // History and undo: tied to the version they happened in, never copied. History rows keep the event's
  // tracking id so that an event's history can be read across versions.
  await knex.schema.createTable("event_histories", (t) => {
    t.bigIncrements("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("version_id").notNullable().references("versions.id").onDelete("CASCADE");
    t.integer("event_id").references("events.id").onDelete("SET NULL");
    t.integer("event_tracking_id").notNullable();
    t.string("field_name", 60).notNullable();
    t.text("previous_value");
    t.text("new_value");
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["project_id", "event_tracking_id", "created_at"], "event_histories_tracking_index");
  });

  await knex.schema.createTable("undo_steps", (t) => {
    t.bigIncrements("id");
    t.integer("project_id").notNullable().references("projects.id").onDelete("CASCADE");
    t.integer("version_id").notNullable().references("versions.id").onDelete("CASCADE");
    t.integer("user_id").references("users.id").onDelete("SET NULL");
    t.string("action", 40).notNullable();
    /** The previous values of every row the action changed, by table. */
    t.jsonb("payload").notNullable();
    t.timestamp("created_at", { useTz: true }).notNullable().defaultTo(knex.fn.now());
    t.index(["version_id", "id"], "undo_steps_version_index");
  });
}

export async function down(knex: Knex): Promise<void> {
  const tables = [
    "undo_steps",
    "event_histories",
    "shift_histories",
    "roadblocks",
    "order_line_tasks",
    "order_lines",
    "quality_control_tags",
    "quality_controls",
    "workforce_countings",
    "countings",
    "macro_task_tags",
    "speciality_tags",
    "participant_tags",
    "participant_group_pro_tags",
    "zone_tags",
    "sequence_tags",
    "event_tags",
    "macro_task_specialities",
    "participant_specialities",
    "participant_zones",
    "participant_group_pro_participants",
    "holiday_lots",
    "event_links",
  ];
  for (const t of tables) await knex.schema.dropTableIfExists(t);
  await knex.schema.alterTable("sequences", (t) => {
    t.dropForeign(["start_milestone_id"]);
    t.dropForeign(["end_milestone_id"]);
  });
  await knex.schema.alterTable("instantiation_configs", (t) => t.dropForeign(["reference_event_id"]));
  for (const t of [
    "events",
    "sequences",
    "instantiation_configs",
    "holidays",
    "macro_tasks",
    "specialities",
    "participants",
    "participant_group_pros",
    "zones",
    "tags",
    "tag_categories",
    "event_template_pros",
    "sequence_template_pros",
    "families",
    "participant_groups",
  ]) {
    await knex.schema.dropTableIfExists(t);
  }
}
