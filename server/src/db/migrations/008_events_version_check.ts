import type { Knex } from "knex";
import { deleteWithVersions, keepUsedVersionKeys, versionCheckOnUpdate } from "./statementChecks.js";

/**
 * The events' key to their version, (version_id, project_id) -> versions, was one lookup and lock per inserted
 * row: 260 ms of a 100k-event version copy (EXPLAIN ANALYZE, "Trigger for constraint
 * events_version_project_foreign"), for rows that all name the same version. It is checked once per statement
 * instead, by migration 007's check_row_versions (statementChecks.ts), as for history rows: the statement's
 * distinct versions are locked FOR KEY SHARE (a concurrent delete waits for this transaction, as with the key),
 * then each (version, project) pair must exist. The key's ON DELETE CASCADE becomes a statement trigger on versions, and changing a version's id or
 * project while events use it is refused, as the key refused it.
 */
const UP = [
  "ALTER TABLE events DROP CONSTRAINT events_version_project_foreign",
  `CREATE TRIGGER events_version_check_insert AFTER INSERT ON events
     REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_row_versions()`,
  `CREATE FUNCTION check_row_version() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM 1 FROM versions v WHERE v.id = NEW.version_id FOR KEY SHARE;
     IF NOT EXISTS (SELECT 1 FROM versions v WHERE v.id = NEW.version_id AND v.project_id = NEW.project_id) THEN
       RAISE EXCEPTION 'update on table "%" violates its version check: version % of project % does not exist', TG_TABLE_NAME, NEW.version_id, NEW.project_id
         USING ERRCODE = 'foreign_key_violation', TABLE = TG_TABLE_NAME, CONSTRAINT = TG_TABLE_NAME || '_version_check';
     END IF;
     RETURN NEW;
   END $$`,
  versionCheckOnUpdate("events"),
  ...deleteWithVersions("events", "delete_version_events", "versions_delete_events"),
  keepUsedVersionKeys(["events", "event_histories"]),
  `CREATE TRIGGER versions_keep_used_keys BEFORE UPDATE OF id, project_id ON versions FOR EACH ROW
     WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.project_id IS DISTINCT FROM NEW.project_id)
     EXECUTE FUNCTION keep_used_version_keys()`,
];

const DOWN = [
  "DROP TRIGGER versions_keep_used_keys ON versions",
  "DROP TRIGGER versions_delete_events ON versions",
  "DROP TRIGGER events_version_check_update ON events",
  "DROP TRIGGER events_version_check_insert ON events",
  "DROP FUNCTION keep_used_version_keys()",
  "DROP FUNCTION delete_version_events()",
  "DROP FUNCTION check_row_version()",
  "ALTER TABLE events ADD CONSTRAINT events_version_project_foreign FOREIGN KEY (version_id, project_id) REFERENCES versions (id, project_id) ON DELETE CASCADE",
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of UP) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const sql of DOWN) await knex.raw(sql);
}
