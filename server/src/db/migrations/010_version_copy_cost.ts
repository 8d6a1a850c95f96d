import type { Knex } from "knex";
import { linkEndFunctions } from "./007_planning_row_cost.js";
import { zoneLotFunctions } from "./009_events_zone_lot_checks.js";
import {
  deleteWithVersions,
  keepUsedVersionKeys,
  UNLESS_COPYING_VERSION,
  versionCheckOnUpdate,
} from "./statementChecks.js";

/**
 * What copying a 100k-event version cost, measured on PostgreSQL 15 with EXPLAIN ANALYZE and against bare copies
 * of the tables (bench/README "Server"): 2.0-2.4 s, of which
 * - 215 ms for the events' seven other keys (macro-task, participant, speciality, sequence, template,
 *   instantiation, author), one trigger call per row and key although nearly all are NULL. They are checked
 *   once per statement, as migration 009 did for zone and lot: the statement's distinct ids are locked FOR KEY
 *   SHARE (a concurrent delete waits for this transaction), then must exist; a row's change of one of them is
 *   checked by a row trigger that fires only when an UPDATE names the column. The keys' ON DELETE actions are
 *   statement triggers on the referenced tables: refused (macro-task, participant, speciality: deleting one that
 *   events of a live version use), CASCADE (sequence) and SET NULL (template, instantiation, author).
 * - 400 ms for the statement checks of the copied events and links (versions, zones and lots, link ends): the
 *   copy is checked by construction instead. copyVersionRows maps every key of the source version's rows onto
 *   the new version's copies of the same rows, in the same statement (versionCopy.ts): keys that held in the
 *   source hold in the copy, and a key pointing outside the source version becomes NULL, which the link ends'
 *   NOT NULL refuses. Those triggers are skipped while the transaction-local setting jalon.copying_version is
 *   'on', which only copyVersionRows sets, around its inserts.
 * - 48 ms for the zones' per-row keys to their version and project (10,000 zones): checked once per statement
 *   by check_row_versions, as the events' since migration 008; deleting a version deletes its zones.
 * - 100 ms for events_project_index: no query reads events by project alone (a project's events are read,
 *   deleted and copied version by version, through the version's key).
 * - 140 ms for events_version_type_name_index over every event, which only the milestone lists (sorted by
 *   name) read: it becomes a partial index of the milestones. A task list sorted by name sorts the version's
 *   rows instead.
 * - 110 ms for the zone and lot indexes (every task has both). Their readers are all within one version: the
 *   checks of a zone's or lot's delete, the lot list's task counts, the list and planning filters. They read
 *   the version's events through its key instead (about 20 ms for 100k events, against a lookup), and a zone
 *   or lot must now be one of the event's own version, which makes that search complete.
 * - 250 ms for the links' four indexes (id, (version, tracking id), (parent, child), child). Nothing reads a
 *   link's tracking id (links are matched by their events'), and a link is one parent and one child of a
 *   version: its key becomes (version_id, parent_id, child_id), which serves the version's reads (the graph,
 *   the copy), a parent's links within its version, and the one-link-per-pair rule; the child index stays.
 *   Reads and writes by link id (undo, a delay changed by a move) name the version and the link's ends where
 *   they are known.
 * With the blocks of ids of idBlocks.ts, the copy takes 0.8 s (bench/README "Server").
 */
type OnDelete = "restrict" | "cascade" | "set null";

const REFS: { column: string; table: string; onDelete: OnDelete }[] = [
  { column: "macro_task_id", table: "macro_tasks", onDelete: "restrict" },
  { column: "participant_id", table: "participants", onDelete: "restrict" },
  { column: "speciality_id", table: "specialities", onDelete: "restrict" },
  { column: "sequence_id", table: "sequences", onDelete: "cascade" },
  { column: "event_template_pro_id", table: "event_template_pros", onDelete: "set null" },
  { column: "instantiation_config_id", table: "instantiation_configs", onDelete: "set null" },
  { column: "created_by", table: "users", onDelete: "set null" },
];

const check = (column: string) => `events_${column}_check`;
const foreign = (column: string) => `events_${column}_foreign`;

const missing = (column: string, table: string, detail: string) =>
  `RAISE EXCEPTION 'insert or update on table "events" violates its check "${check(column)}": ${column} ${detail}is not a row of ${table}'${detail ? `, NEW.${column}` : ""}
         USING ERRCODE = 'foreign_key_violation', TABLE = 'events', CONSTRAINT = '${check(column)}';`;

/** What happens to the events that use deleted rows of `table`. */
function onDeleteBody(r: (typeof REFS)[number]): string {
  if (r.onDelete === "cascade") return `DELETE FROM events e USING gone g WHERE e.${r.column} = g.id;`;
  if (r.onDelete === "set null")
    return `UPDATE events e SET ${r.column} = NULL FROM gone g WHERE e.${r.column} = g.id;`;
  // Events of a version being deleted do not count: their version's own delete removes them right after.
  return `SELECT e.${r.column} INTO used FROM events e JOIN gone g ON e.${r.column} = g.id
        WHERE EXISTS (SELECT 1 FROM versions v WHERE v.id = e.version_id) LIMIT 1;
       IF used IS NOT NULL THEN
         RAISE EXCEPTION 'update or delete on table "${r.table}" violates check "${check(r.column)}" on table "events"'
           USING ERRCODE = 'foreign_key_violation', TABLE = 'events', CONSTRAINT = '${check(r.column)}',
                 DETAIL = format('Key (id)=(%s) is still referenced from table "events".', used);
       END IF;`;
}

const KEYS_UP = [
  `ALTER TABLE events ${REFS.map((r) => `DROP CONSTRAINT ${foreign(r.column)}`).join(", ")}`,
  `CREATE FUNCTION check_event_keys() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${REFS.map(
       (
         r,
       ) => `PERFORM 1 FROM ${r.table} t WHERE t.id IN (SELECT DISTINCT ${r.column} FROM added WHERE ${r.column} IS NOT NULL) FOR KEY SHARE;
     IF EXISTS (SELECT 1 FROM (SELECT DISTINCT ${r.column} AS id FROM added WHERE ${r.column} IS NOT NULL) a
                 WHERE NOT EXISTS (SELECT 1 FROM ${r.table} t WHERE t.id = a.id)) THEN
       ${missing(r.column, r.table, "")}
     END IF;`,
     ).join("\n     ")}
     RETURN NULL;
   END $$`,
  `CREATE TRIGGER events_keys_check_insert AFTER INSERT ON events
     REFERENCING NEW TABLE AS added FOR EACH STATEMENT ${UNLESS_COPYING_VERSION} EXECUTE FUNCTION check_event_keys()`,
  `CREATE FUNCTION check_event_keys_row() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${REFS.map(
       (r) => `IF NEW.${r.column} IS NOT NULL AND NEW.${r.column} IS DISTINCT FROM OLD.${r.column} THEN
       PERFORM 1 FROM ${r.table} t WHERE t.id = NEW.${r.column} FOR KEY SHARE;
       IF NOT FOUND THEN
         ${missing(r.column, r.table, "% ")}
       END IF;
     END IF;`,
     ).join("\n     ")}
     RETURN NEW;
   END $$`,
  // UPDATE OF: moves never name these columns, so they never fire it.
  `CREATE TRIGGER events_keys_check_update BEFORE UPDATE OF ${REFS.map((r) => r.column).join(", ")} ON events FOR EACH ROW
     EXECUTE FUNCTION check_event_keys_row()`,
  ...REFS.flatMap((r) => [
    `CREATE FUNCTION events_on_${r.table}_delete() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE used integer;
     BEGIN
       ${onDeleteBody(r)}
       RETURN NULL;
     END $$`,
    `CREATE TRIGGER ${r.table}_delete_events_${r.onDelete.replace(" ", "_")} AFTER DELETE ON ${r.table}
       REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION events_on_${r.table}_delete()`,
    // Ids never change; a change under events that use the row is refused, as the key refused it. A row trigger
    // with WHEN costs nothing to the updates that keep the id (a statement trigger would collect every row).
    `CREATE FUNCTION keep_event_${r.table}_id() RETURNS trigger LANGUAGE plpgsql AS $$
     BEGIN
       IF EXISTS (SELECT 1 FROM events e WHERE e.${r.column} = OLD.id) THEN
         RAISE EXCEPTION 'update on table "${r.table}" violates check "${check(r.column)}" on table "events"'
           USING ERRCODE = 'foreign_key_violation', TABLE = 'events', CONSTRAINT = '${check(r.column)}';
       END IF;
       RETURN NEW;
     END $$`,
    `CREATE TRIGGER ${r.table}_keep_event_id BEFORE UPDATE OF id ON ${r.table} FOR EACH ROW
       WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION keep_event_${r.table}_id()`,
  ]),
];

const KEYS_DOWN = [
  ...REFS.flatMap((r) => [
    `DROP TRIGGER ${r.table}_keep_event_id ON ${r.table}`,
    `DROP TRIGGER ${r.table}_delete_events_${r.onDelete.replace(" ", "_")} ON ${r.table}`,
    `DROP FUNCTION keep_event_${r.table}_id()`,
    `DROP FUNCTION events_on_${r.table}_delete()`,
  ]),
  "DROP TRIGGER events_keys_check_update ON events",
  "DROP TRIGGER events_keys_check_insert ON events",
  "DROP FUNCTION check_event_keys_row()",
  "DROP FUNCTION check_event_keys()",
  ...REFS.map(
    (r) =>
      `ALTER TABLE events ADD CONSTRAINT ${foreign(r.column)} FOREIGN KEY (${r.column}) REFERENCES ${r.table} (id)` +
      (r.onDelete === "restrict" ? "" : ` ON DELETE ${r.onDelete.toUpperCase()}`),
  ),
];

/** The insert checks of the rows a version copy writes, skipped while it copies (see above). */
const COPIED_CHECKS = [
  { table: "events", trigger: "events_version_check_insert", fn: "check_row_versions" },
  { table: "events", trigger: "events_zone_lot_check_insert", fn: "check_event_zone_lot" },
  { table: "event_links", trigger: "event_links_events_check_insert", fn: "check_link_events" },
];

const recreate = (when: string) =>
  COPIED_CHECKS.flatMap((c) => [
    `DROP TRIGGER ${c.trigger} ON ${c.table}`,
    `CREATE TRIGGER ${c.trigger} AFTER INSERT ON ${c.table}
     REFERENCING NEW TABLE AS added FOR EACH STATEMENT ${when} EXECUTE FUNCTION ${c.fn}()`,
  ]);

const ZONES_UP = [
  "ALTER TABLE zones DROP CONSTRAINT zones_version_id_foreign, DROP CONSTRAINT zones_project_id_foreign",
  `CREATE TRIGGER zones_version_check_insert AFTER INSERT ON zones
     REFERENCING NEW TABLE AS added FOR EACH STATEMENT ${UNLESS_COPYING_VERSION} EXECUTE FUNCTION check_row_versions()`,
  versionCheckOnUpdate("zones"),
  ...deleteWithVersions("zones", "delete_version_zones", "versions_delete_zones"),
  keepUsedVersionKeys(["events", "event_histories", "zones"]),
];

const ZONES_DOWN = [
  keepUsedVersionKeys(["events", "event_histories"]),
  "DROP TRIGGER versions_delete_zones ON versions",
  "DROP FUNCTION delete_version_zones()",
  "DROP TRIGGER zones_version_check_update ON zones",
  "DROP TRIGGER zones_version_check_insert ON zones",
  "ALTER TABLE zones ADD CONSTRAINT zones_project_id_foreign FOREIGN KEY (project_id) REFERENCES projects (id) ON DELETE CASCADE",
  "ALTER TABLE zones ADD CONSTRAINT zones_version_id_foreign FOREIGN KEY (version_id) REFERENCES versions (id) ON DELETE CASCADE",
];

const zoneLotUpdateTrigger = (columns: string) => [
  "DROP TRIGGER events_zone_lot_check_update ON events",
  `CREATE TRIGGER events_zone_lot_check_update BEFORE UPDATE OF ${columns} ON events FOR EACH ROW
     EXECUTE FUNCTION check_event_zone_lot_row()`,
];

const ZONE_LOT_UP = [
  ...zoneLotFunctions(true),
  ...zoneLotUpdateTrigger("zone_id, participant_group_pro_id, version_id"),
];
const ZONE_LOT_DOWN = [...zoneLotFunctions(false), ...zoneLotUpdateTrigger("zone_id, participant_group_pro_id")];

const INDEXES_UP = [
  `ALTER TABLE event_links DROP CONSTRAINT event_links_version_tracking_unique, DROP CONSTRAINT event_links_pkey,
     DROP CONSTRAINT event_links_parent_child_unique, ADD CONSTRAINT event_links_pkey PRIMARY KEY (version_id, parent_id, child_id)`,
  ...linkEndFunctions(true),
  "DROP INDEX events_zone_index",
  "DROP INDEX events_lot_index",
  "DROP INDEX events_project_index",
  "DROP INDEX events_version_type_name_index",
  "CREATE INDEX events_version_milestone_name_index ON events (version_id, name) WHERE type = 'milestone'",
];

const INDEXES_DOWN = [
  ...linkEndFunctions(false),
  `ALTER TABLE event_links DROP CONSTRAINT event_links_pkey, ADD CONSTRAINT event_links_pkey PRIMARY KEY (id),
     ADD CONSTRAINT event_links_version_tracking_unique UNIQUE (version_id, tracking_id),
     ADD CONSTRAINT event_links_parent_child_unique UNIQUE (parent_id, child_id)`,
  "CREATE INDEX events_zone_index ON events (zone_id) WHERE zone_id IS NOT NULL",
  "CREATE INDEX events_lot_index ON events (participant_group_pro_id) WHERE participant_group_pro_id IS NOT NULL",
  "DROP INDEX events_version_milestone_name_index",
  "CREATE INDEX events_version_type_name_index ON events (version_id, type, name)",
  "CREATE INDEX events_project_index ON events (project_id)",
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of [...KEYS_UP, ...ZONES_UP, ...ZONE_LOT_UP, ...recreate(UNLESS_COPYING_VERSION), ...INDEXES_UP])
    await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const sql of [...INDEXES_DOWN, ...recreate(""), ...ZONE_LOT_DOWN, ...ZONES_DOWN, ...KEYS_DOWN])
    await knex.raw(sql);
}
