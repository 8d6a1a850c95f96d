import { describe, expect, it } from "vitest";
import { createDb } from "../../src/db/knex.js";
import { realPostgresOf } from "../../src/server.js";

// Which databases can carry the shared Socket.IO adapter (used with DATABASE_URL): a real PostgreSQL, with
// every setting the adapter's own pool needs to log in; never PGlite (one process, rooms in memory).
describe("realPostgresOf", () => {
  it("gives a real PostgreSQL's connection settings, password and schema included", async () => {
    const db = createDb({
      kind: "postgres",
      url: "postgres://jalon:s3cret@db.example:6543/planning",
      searchPath: "tenant_a",
    });
    try {
      const found = realPostgresOf(db);
      expect(found).not.toBeNull();
      expect(found!.searchPath).toBe("tenant_a");
      expect(found!.connection).toMatchObject({
        host: "db.example",
        user: "jalon",
        password: "s3cret",
        database: "planning",
      });
      expect(Number((found!.connection as { port: unknown }).port)).toBe(6543);
    } finally {
      await db.destroy();
    }
  });

  it("gives nothing for PGlite, which keeps the in-memory adapter", async () => {
    const db = createDb({ kind: "pglite", dataDir: null });
    try {
      expect(realPostgresOf(db)).toBeNull();
    } finally {
      await db.destroy();
    }
  });
});
