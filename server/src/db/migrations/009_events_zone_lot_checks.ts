import type { Knex } from "knex";

/**
 * The events' keys to their zone and lot were one lookup and lock per inserted row: 520 ms of a 100k-event
 * version copy (EXPLAIN ANALYZE: "Trigger for constraint events_zone_id_foreign" 266 ms,
 * "events_participant_group_pro_id_foreign" 243 ms), for 10,000 zones and 10 lots. They are checked once per
 * statement instead, as migrations 007-008 do for links, history and versions: the statement's distinct zones
 * and lots are locked FOR KEY SHARE (a concurrent delete waits for this transaction), then must exist. A
 * single event's change of zone or lot is checked by a row trigger that fires only when the column changes.
 * The keys had no ON DELETE action: deleting a zone or lot that events use is refused at the end of the
 * statement with the same SQLSTATE and "still referenced" detail (the screens check first: zone_used_by_events).
 * Events of a version being deleted do not count: their version's own delete removes them right after.
 */
const REFS = [
  { column: "zone_id", table: "zones", check: "events_zone_check" },
  { column: "participant_group_pro_id", table: "participant_group_pros", check: "events_lot_check" },
] as const;

/**
 * The check functions, CREATE OR REPLACE. `sameVersion` (migration 010, which dropped the zone and lot indexes)
 * also requires the zone or lot to be one of the event's version, and looks for the events that use a zone or
 * lot among the events of its version only (the version's key, not an index per column).
 */
export function zoneLotFunctions(sameVersion: boolean): string[] {
  const ofVersion = (t: string, row: string) => (sameVersion ? ` AND ${t}.version_id = ${row}.version_id` : "");
  return [
    `CREATE OR REPLACE FUNCTION check_event_zone_lot() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${REFS.map((r) => `PERFORM 1 FROM ${r.table} t WHERE t.id IN (SELECT DISTINCT ${r.column} FROM added WHERE ${r.column} IS NOT NULL) FOR KEY SHARE;`).join("\n     ")}
     ${REFS.map(
       (
         r,
       ) => `IF EXISTS (SELECT 1 FROM (SELECT DISTINCT ${r.column} AS id${sameVersion ? ", version_id" : ""} FROM added WHERE ${r.column} IS NOT NULL) a
                 WHERE NOT EXISTS (SELECT 1 FROM ${r.table} t WHERE t.id = a.id${ofVersion("t", "a")})) THEN
       RAISE EXCEPTION 'insert or update on table "events" violates its check "${r.check}": ${r.column} is not a row of ${r.table}${sameVersion ? " in the event''s version" : ""}'
         USING ERRCODE = 'foreign_key_violation', TABLE = 'events', CONSTRAINT = '${r.check}';
     END IF;`,
     ).join("\n     ")}
     RETURN NULL;
   END $$`,
    `CREATE OR REPLACE FUNCTION check_event_zone_lot_row() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     ${REFS.map(
       (
         r,
       ) => `IF NEW.${r.column} IS NOT NULL AND (NEW.${r.column} IS DISTINCT FROM OLD.${r.column}${sameVersion ? " OR NEW.version_id IS DISTINCT FROM OLD.version_id" : ""}) THEN
       PERFORM 1 FROM ${r.table} t WHERE t.id = NEW.${r.column}${ofVersion("t", "NEW")} FOR KEY SHARE;
       IF NOT FOUND THEN
         RAISE EXCEPTION 'update on table "events" violates its check "${r.check}": ${r.column} % is not a row of ${r.table}${sameVersion ? " in the event''s version" : ""}', NEW.${r.column}
           USING ERRCODE = 'foreign_key_violation', TABLE = 'events', CONSTRAINT = '${r.check}';
       END IF;
     END IF;`,
     ).join("\n     ")}
     RETURN NEW;
   END $$`,
    ...REFS.flatMap((r) => [
      `CREATE OR REPLACE FUNCTION keep_event_${r.table}() RETURNS trigger LANGUAGE plpgsql AS $$
     DECLARE used integer;
     BEGIN
       SELECT e.${r.column} INTO used FROM events e JOIN gone g ON e.${r.column} = g.id${ofVersion("e", "g")}
        WHERE EXISTS (SELECT 1 FROM versions v WHERE v.id = e.version_id) LIMIT 1;
       IF used IS NOT NULL THEN
         RAISE EXCEPTION 'update or delete on table "${r.table}" violates check "${r.check}" on table "events"'
           USING ERRCODE = 'foreign_key_violation', TABLE = 'events', CONSTRAINT = '${r.check}',
                 DETAIL = format('Key (id)=(%s) is still referenced from table "events".', used);
       END IF;
       RETURN NULL;
     END $$`,
      // An id changed under events that use it: refused, as the key refused it.
      `CREATE OR REPLACE FUNCTION keep_event_${r.table}_ids() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF EXISTS (SELECT 1 FROM gone g WHERE NOT EXISTS (SELECT 1 FROM kept k WHERE k.id = g.id)
                  AND EXISTS (SELECT 1 FROM events e WHERE e.${r.column} = g.id${ofVersion("e", "g")})) THEN
       RAISE EXCEPTION 'update on table "${r.table}" violates check "${r.check}" on table "events"'
         USING ERRCODE = 'foreign_key_violation', TABLE = 'events', CONSTRAINT = '${r.check}';
     END IF;
     RETURN NULL;
   END $$`,
    ]),
  ];
}

const UP = [
  "ALTER TABLE events DROP CONSTRAINT events_zone_id_foreign, DROP CONSTRAINT events_participant_group_pro_id_foreign",
  ...zoneLotFunctions(false),
  `CREATE TRIGGER events_zone_lot_check_insert AFTER INSERT ON events
     REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION check_event_zone_lot()`,
  // UPDATE OF: moves never name these columns, so they never fire it.
  `CREATE TRIGGER events_zone_lot_check_update BEFORE UPDATE OF zone_id, participant_group_pro_id ON events FOR EACH ROW
     EXECUTE FUNCTION check_event_zone_lot_row()`,
  ...REFS.flatMap((r) => [
    `CREATE TRIGGER ${r.table}_keep_events AFTER DELETE ON ${r.table}
       REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION keep_event_${r.table}()`,
    `CREATE TRIGGER ${r.table}_keep_event_ids AFTER UPDATE ON ${r.table}
       REFERENCING OLD TABLE AS gone NEW TABLE AS kept FOR EACH STATEMENT EXECUTE FUNCTION keep_event_${r.table}_ids()`,
  ]),
];

const DOWN = [
  ...REFS.flatMap((r) => [
    `DROP TRIGGER ${r.table}_keep_event_ids ON ${r.table}`,
    `DROP TRIGGER ${r.table}_keep_events ON ${r.table}`,
    `DROP FUNCTION keep_event_${r.table}_ids()`,
    `DROP FUNCTION keep_event_${r.table}()`,
  ]),
  "DROP TRIGGER events_zone_lot_check_update ON events",
  "DROP TRIGGER events_zone_lot_check_insert ON events",
  "DROP FUNCTION check_event_zone_lot_row()",
  "DROP FUNCTION check_event_zone_lot()",
  "ALTER TABLE events ADD CONSTRAINT events_zone_id_foreign FOREIGN KEY (zone_id) REFERENCES zones (id)",
  "ALTER TABLE events ADD CONSTRAINT events_participant_group_pro_id_foreign FOREIGN KEY (participant_group_pro_id) REFERENCES participant_group_pros (id)",
];

export async function up(knex: Knex): Promise<void> {
  for (const sql of UP) await knex.raw(sql);
}

export async function down(knex: Knex): Promise<void> {
  for (const sql of DOWN) await knex.raw(sql);
}
