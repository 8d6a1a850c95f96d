import type { Knex } from "knex";

/**
 * The table of @socket.io/postgres-adapter (realtime/adapter.ts): a broadcast over PostgreSQL's 8,000-byte
 * NOTIFY limit (a bulk move's dates) is stored here and only its id is notified; the other server processes
 * read it back. The adapter deletes rows older than its cleanup interval (30 s). Created by a migration
 * rather than by the adapter so that every process finds it at once and the schema has one owner; unused
 * (and harmless) on PGlite, which serves a single process.
 */
export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    CREATE TABLE socket_io_attachments (
      id bigserial UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      payload bytea
    )`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw("DROP TABLE socket_io_attachments");
}
