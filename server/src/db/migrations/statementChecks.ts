// SQL shared by the migrations that check keys once per statement instead of per row (007-009). Not a
// migration itself: index.ts lists the migrations.

/** AFTER INSERT and AFTER UPDATE statement triggers `<prefix>_insert` / `<prefix>_update` running `fn` over `added`. */
export function onAddedRows(table: string, prefix: string, fn: string): string[] {
  return (["insert", "update"] as const).map(
    (op) => `CREATE TRIGGER ${prefix}_${op} AFTER ${op.toUpperCase()} ON ${table}
     REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  );
}

/**
 * The WHEN clause of the insert checks that a version copy skips: copyVersionRows sets this transaction-local
 * setting around its inserts, whose keys hold by construction (migration 010).
 */
export const COPYING_VERSION_SETTING = "jalon.copying_version";
export const UNLESS_COPYING_VERSION = `WHEN (current_setting('${COPYING_VERSION_SETTING}', true) IS DISTINCT FROM 'on')`;

export function dropOnAddedRows(table: string, prefix: string): string[] {
  return [`DROP TRIGGER ${prefix}_update ON ${table}`, `DROP TRIGGER ${prefix}_insert ON ${table}`];
}

/**
 * check_row_versions(): the statement's (version_id, project_id) pairs must be versions. The versions are locked
 * FOR KEY SHARE first, as a foreign key does (a concurrent delete waits for this transaction), then checked: a
 * version deleted meanwhile is seen as missing. Any table with those two columns can use it; the constraint
 * reported is `<table>_version_check`.
 */
export const CHECK_ROW_VERSIONS = `CREATE FUNCTION check_row_versions() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     PERFORM 1 FROM versions v WHERE v.id IN (SELECT DISTINCT version_id FROM added) FOR KEY SHARE;
     IF EXISTS (SELECT 1 FROM (SELECT DISTINCT version_id, project_id FROM added) a
                 WHERE NOT EXISTS (SELECT 1 FROM versions v WHERE v.id = a.version_id AND v.project_id = a.project_id)) THEN
       RAISE EXCEPTION 'insert or update on table "%" violates its version check: a (version, project) pair does not exist', TG_TABLE_NAME
         USING ERRCODE = 'foreign_key_violation', TABLE = TG_TABLE_NAME, CONSTRAINT = TG_TABLE_NAME || '_version_check';
     END IF;
     RETURN NULL;
   END $$`;

/** What a key's ON DELETE CASCADE to versions did: `fn`, run after a statement deleting versions, deletes `table`'s rows of them. */
export function deleteWithVersions(table: string, fn: string, trigger: string): string[] {
  return [
    `CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     DELETE FROM ${table} r USING gone g WHERE r.version_id = g.id;
     RETURN NULL;
   END $$`,
    `CREATE TRIGGER ${trigger} AFTER DELETE ON versions
     REFERENCING OLD TABLE AS gone FOR EACH STATEMENT EXECUTE FUNCTION ${fn}()`,
  ];
}

/**
 * keep_used_version_keys(), CREATE OR REPLACE: a version's id or project may not change while rows of `tables`
 * name it (what the rows' keys to versions refused). Migration 008 creates it, 010 adds the zones.
 */
export function keepUsedVersionKeys(tables: string[]): string {
  return `CREATE OR REPLACE FUNCTION keep_used_version_keys() RETURNS trigger LANGUAGE plpgsql AS $$
   BEGIN
     IF ${tables.map((t) => `EXISTS (SELECT 1 FROM ${t} WHERE version_id = OLD.id AND project_id = OLD.project_id)`).join("\n        OR ")} THEN
       RAISE EXCEPTION 'update on table "versions" would leave the rows of version % without their version', OLD.id
         USING ERRCODE = 'foreign_key_violation', TABLE = 'versions', CONSTRAINT = 'versions_rows_check';
     END IF;
     RETURN NEW;
   END $$`;
}

/** `<table>_version_check_update`: a row's change of version or project checked by migration 008's check_row_version(). */
export function versionCheckOnUpdate(table: string): string {
  // UPDATE OF: planning writes never name these columns, so they never fire it.
  return `CREATE TRIGGER ${table}_version_check_update BEFORE UPDATE OF version_id, project_id ON ${table} FOR EACH ROW
     WHEN (OLD.version_id IS DISTINCT FROM NEW.version_id OR OLD.project_id IS DISTINCT FROM NEW.project_id)
     EXECUTE FUNCTION check_row_version()`;
}
