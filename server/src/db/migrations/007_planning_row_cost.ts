import type { Knex } from "knex";
import { CHECK_ROW_VERSIONS, deleteWithVersions, dropOnAddedRows, onAddedRows } from "./statementChecks.js";

/**
 * The per-row cost of the three big tables (events, event_links, event_histories), measured on PostgreSQL 15
 * against bare copies (CREATE TABLE ... (LIKE events)) with the bench's 100k-event version (bench/README
 * "Server"):
 * - A 10k-row date UPDATE of events took 200 ms against 17 ms on a bare copy: no update could be HOT (heap-only,
 *   no index entry written) because start_date and end_date were indexed, so each moved row wrote an entry in
 *   all twelve indexes. The two date indexes go: the only queries on those columns (the planning's month
 *   window, the event list's date filters and default sort) are scoped to one version and are no more selective
 *   through a date index than through the version's key (a month window bounds both ends of an interval).
 *   With room left on each page (fillfactor) a move is then HOT: 16 ms for the same UPDATE.
 * - The foreign-key columns that are nearly always NULL (macro-task, participant, speciality, sequence) had
 *   full indexes, one entry per row even when NULL; partial indexes (NOT NULL) still serve the key checks of a
 *   delete on the referenced table, whose lookups are equalities, and cost nothing for NULL rows. The zone and
 *   lot indexes, NULL on milestones, go partial as well.
 * - Links were checked by three foreign keys, one lookup and lock per row and key: 1.65 s of the 2.5 s of a
 *   200k-link copy. They are checked once per statement instead, set-based, by a trigger over the statement's
 *   new rows: parent and child must be events of the link's own version and project (stricter than the keys,
 *   which let a link join two versions), and are locked FOR KEY SHARE first, as a foreign key does, so that a
 *   concurrent transaction cannot delete them before this one commits. 0.44 s for the same 200k links. The
 *   keys' ON DELETE CASCADE becomes a statement trigger on events deleting the links of the deleted events;
 *   changing an event's id, version or project while links use it is refused, as the keys refused it. The
 *   version follows from the events' own key to versions.
 * - History rows were checked three times per row (event, user, version): 150 ms of a bulk move's 20k history
 *   rows. The event and user keys go: history is a log that must outlive both, its readers reach the event and
 *   the user through LEFT JOINs (a deleted row reads as absent, ids are never reused), and the keys' ON DELETE
 *   SET NULL cost a scan of the whole history per deleted event or user (no index on those columns). The
 *   version key becomes a statement check as for links (the statement's distinct versions locked, then
 *   checked), and its cascade a statement trigger on versions.
 */
const PARTIAL = [
  ["events_zone_index", "zone_id"],
  ["events_lot_index", "participant_group_pro_id"],
  ["events_participant_index", "participant_id"],
  ["events_sequence_index", "sequence_id"],
  ["events_macro_task_index", "macro_task_id"],
  ["events_speciality_index", "speciality_id"],
] as const;

/**
 * What deleting or re-keying events does to their links, CREATE OR REPLACE. `byVersion` (migration 010, where
 * the links' key became (version_id, parent_id, child_id) and parent_id lost its own index) finds the links
 * of a parent within the event's version.
 */
export function linkEndFunctions(byVersion: boolean): string[] {
  const parentOf = (event: string) =>
    byVersion ? `l.version_id = ${event}.version_id AND l.parent_id = ${event}.id` : `l.parent_id = ${event}.id`;
  return [
    `CREATE OR REPLACE FUNCTION delete_event_links() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM event_links l USING gone g WHERE ${parentOf("g")};
     DELETE FROM event_links l USING gone g WHERE l.child_id = g.id;
     RETURN NULL;
   END $$`,
    `CREATE OR REPLACE FUNCTION keep_linked_event_keys() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT 1 FROM event_links l WHERE ${parentOf("OLD")} OR l.child_id = OLD.id) THEN
       RAISE EXCEPTION 'update on table "events" would move event % away from its links', OLD.id
         USING ERRCODE = 'foreign_key_violation', TABLE = 'events', CONSTRAINT = 'event_links_events_check';
     END IF;
     RETURN NEW;
   END $$`,
  ];
}

const LINK_CHECKS = [
  `ALTER TABLE event_links DROP CONSTRAINT event_links_parent_id_foreign, DROP CONSTRAINT event_links_child_id_foreign,
     DROP CONSTRAINT event_links_version_project_foreign`,
  `CREATE FUNCTION check_link_events() RETURNS trigger LANGUAGE plpgsql AS $$
   DECLARE missing bigint;
   BEGIN
     SELECT count(*) - count(e.id) INTO missing
       FROM (SELECT parent_id AS id, version_id, project_id FROM added UNION SELECT child_id, version_id, project_id FROM added) l
       LEFT JOIN LATERAL (SELECT e.id FROM events e WHERE e.id = l.id AND e.version_id = l.version_id AND e.project_id = l.project_id FOR KEY SHARE) e ON true;
     IF missing > 0 THEN
       RAISE EXCEPTION 'insert or update on table "event_links" violates its events check: % link ends are not events of the link''s version', missing
         USING ERRCODE = 'foreign_key_violation', TABLE = 'event_links', CONSTRAINT = 'event_links_events_check';
     END IF;
     RETURN NULL;
   END $$`,
  ...onAddedRows("event_links", "event_links_events_check", "check_link_events"),
  ...linkEndFunctions(false),
  `CREATE TRIGGER events_delete_links AFTER DELETE ON events
     REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION delete_event_links()`,
  // UPDATE OF: planning writes never name these columns, so they never fire it.
  `CREATE TRIGGER events_keep_linked_keys BEFORE UPDATE OF id, version_id, project_id ON events FOR EACH ROW
     WHEN (OLD.id IS DISTINCT FROM NEW.id OR OLD.version_id IS DISTINCT FROM NEW.version_id OR OLD.project_id IS DISTINCT FROM NEW.project_id)
     EXECUTE FUNCTION keep_linked_event_keys()`,
];

const HISTORY_CHECKS = [
  `ALTER TABLE event_histories DROP CONSTRAINT event_histories_event_id_foreign, DROP CONSTRAINT event_histories_user_id_foreign,
     DROP CONSTRAINT event_histories_version_project_foreign`,
  CHECK_ROW_VERSIONS,
  ...onAddedRows("event_histories", "event_histories_version_check", "check_row_versions"),
  ...deleteWithVersions("event_histories", "delete_version_histories", "versions_delete_histories"),
];

const DROP_CHECKS = [
  "DROP TRIGGER versions_delete_histories ON versions",
  ...dropOnAddedRows("event_histories", "event_histories_version_check"),
  "DROP FUNCTION delete_version_histories()",
  "DROP FUNCTION check_row_versions()",
  "DROP TRIGGER events_keep_linked_keys ON events",
  "DROP TRIGGER events_delete_links ON events",
  ...dropOnAddedRows("event_links", "event_links_events_check"),
  "DROP FUNCTION keep_linked_event_keys()",
  "DROP FUNCTION delete_event_links()",
  "DROP FUNCTION check_link_events()",
];

/** Room for each moved row's new version on its own page: the row is then updated without index entries. */
const EVENTS_FILLFACTOR = 75;

export async function up(knex: Knex): Promise<void> {
  await knex.raw("DROP INDEX events_version_start_index");
  await knex.raw("DROP INDEX events_version_end_index");
  for (const [name, column] of PARTIAL) {
    await knex.raw(`DROP INDEX ${name}`);
    await knex.raw(`CREATE INDEX ${name} ON events (${column}) WHERE ${column} IS NOT NULL`);
  }
  await knex.raw(`ALTER TABLE events SET (fillfactor = ${EVENTS_FILLFACTOR})`);

  for (const sql of LINK_CHECKS) await knex.raw(sql);
  for (const sql of HISTORY_CHECKS) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const sql of DROP_CHECKS) await knex.raw(sql);
  await knex.raw(
    "ALTER TABLE event_histories " +
      "ADD CONSTRAINT event_histories_event_id_foreign FOREIGN KEY (event_id) REFERENCES events (id) ON DELETE SET NULL NOT VALID, " +
      "ADD CONSTRAINT event_histories_user_id_foreign FOREIGN KEY (user_id) REFERENCES users (id) ON DELETE SET NULL NOT VALID, " +
      "ADD CONSTRAINT event_histories_version_project_foreign FOREIGN KEY (version_id, project_id) REFERENCES versions (id, project_id) ON DELETE CASCADE",
  );
  await knex.raw(
    "ALTER TABLE event_links " +
      "ADD CONSTRAINT event_links_parent_id_foreign FOREIGN KEY (parent_id) REFERENCES events (id) ON DELETE CASCADE, " +
      "ADD CONSTRAINT event_links_child_id_foreign FOREIGN KEY (child_id) REFERENCES events (id) ON DELETE CASCADE, " +
      "ADD CONSTRAINT event_links_version_project_foreign FOREIGN KEY (version_id, project_id) REFERENCES versions (id, project_id) ON DELETE CASCADE",
  );
  await knex.raw("ALTER TABLE events RESET (fillfactor)");
  for (const [name, column] of PARTIAL) {
    await knex.raw(`DROP INDEX ${name}`);
    await knex.raw(`CREATE INDEX ${name} ON events (${column})`);
  }
  await knex.raw("CREATE INDEX events_version_end_index ON events (version_id, end_date)");
  await knex.raw("CREATE INDEX events_version_start_index ON events (version_id, start_date)");
}
