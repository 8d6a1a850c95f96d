import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./knex.js";
import { openTestDb } from "../../test/helpers/db.js";
import { migrate } from "./migrate.js";
import { MIGRATIONS, migrationSource } from "./migrations/index.js";

let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
});

afterAll(async () => close?.());

// The schema's shape: every column, index (with its definition), trigger and function. Whatever the newest migration changes, this moves.
const schemaOf = async () => {
  const rows = async (sql: string) => ((await db.raw(sql)).rows as { name: string }[]).map((r) => r.name);
  return [
    ...(await rows(
      "SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type AS name FROM information_schema.columns WHERE table_schema = current_schema() ORDER BY 1",
    )),
    ...(await rows(
      "SELECT 'index ' || tablename || '.' || indexname || ': ' || indexdef AS name FROM pg_indexes WHERE schemaname = current_schema() ORDER BY 1",
    )),
    ...(await rows(
      "SELECT DISTINCT 'trigger ' || event_object_table || '.' || trigger_name AS name FROM information_schema.triggers WHERE trigger_schema = current_schema() ORDER BY 1",
    )),
    ...(await rows(
      "SELECT 'function ' || routine_name AS name FROM information_schema.routines WHERE routine_schema = current_schema() ORDER BY 1",
    )),
  ];
};

describe("migrations", () => {
  it("take the newest back and apply it again, on data", async () => {
    const [project] = await db("projects").insert({ name: "Aller-retour" }).returning("id");
    const [v] = await db("versions").insert({ project_id: project.id, name: "V" }).returning("id");
    const base = { project_id: project.id, version_id: v.id };
    const events = await db("events")
      .insert([1, 2].map((k) => ({ ...base, name: `T${k}`, type: "task", number_of_days: 1 })))
      .returning("id");
    await db("event_links").insert({ ...base, parent_id: events[0].id, child_id: events[1].id });
    const latest = MIGRATIONS[MIGRATIONS.length - 1][0];
    const after = await schemaOf();

    await db.migrate.down({ migrationSource });
    expect(await db("knex_migrations").where({ name: latest }).first()).toBeUndefined();
    expect(await schemaOf()).not.toEqual(after);
    await migrate(db);
    expect(await schemaOf()).toEqual(after);
    expect(await db("event_links").where({ version_id: v.id }).count("* as c")).toEqual([{ c: 1 }]);
  });
});
