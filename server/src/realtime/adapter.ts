import { createAdapter } from "@socket.io/postgres-adapter";
import pg from "pg";
import type { Logger } from "../lib/log.js";

/** The table of broadcasts over PostgreSQL's 8,000-byte NOTIFY limit (migration 011 creates it). */
export const ATTACHMENTS_TABLE = "socket_io_attachments";

/** A connection string, or the same parsed into pg's settings (host, port, user, password, database...). */
export type PgConnection = string | pg.ClientConfig;

export interface PostgresRealtime {
  /** For Socket.IO's `adapter` option. */
  adapter: ReturnType<typeof createAdapter>;
  /** Ends the adapter's pool; call after Socket.IO is closed (which releases the LISTEN connection). */
  close: () => Promise<void>;
}

/**
 * Socket.IO rooms shared by every server process on one PostgreSQL: each broadcast is sent to this process's
 * clients and published with NOTIFY (or, above 8,000 bytes, stored in the attachments table and its id
 * notified), and each other process relays it to its own clients. No other server to run: the database
 * carries the broadcasts.
 *
 * Its own small pool, apart from knex's: one connection stays on LISTEN for the life of the process, and
 * knex's pool does not hand out a pg.Pool. `searchPath`: the schema the application's tables are in (the
 * attachments table is there); the notification channel is named after it, so that servers on different
 * schemas of one database (the test suite's) never hear each other.
 */
export function postgresRealtime(connection: PgConnection, log: Logger, searchPath?: string): PostgresRealtime {
  const pool = new pg.Pool({
    ...(typeof connection === "string" ? { connectionString: connection } : connection),
    max: 4,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
    application_name: "jalon-realtime",
  });
  // An idle connection the server drops (restart, network) must not crash the process: the adapter reconnects.
  pool.on("error", (err) => log.warn("Temps réel : connexion PostgreSQL perdue", { error: err.message }));
  const adapter = createAdapter(pool, {
    tableName: ATTACHMENTS_TABLE,
    channelPrefix: searchPath ? `jalon:${searchPath}` : "jalon",
    errorHandler: (err) => log.warn("Temps réel : diffusion entre processus en échec", { error: err.message }),
  });
  return { adapter, close: () => pool.end() };
}
