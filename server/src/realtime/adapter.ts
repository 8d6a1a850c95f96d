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
    // Broadcasts are published in order, one at a time: one stuck on a dead connection must not hold the others.
    connectionTimeoutMillis: 5_000,
    query_timeout: 10_000,
    options: searchPath ? `-c search_path=${searchPath}` : undefined,
    application_name: "jalon-realtime",
  });
  // An idle connection the server drops (restart, network) must not crash the process: the adapter reconnects.
  pool.on("error", (err) => log.warn("Temps réel : connexion PostgreSQL perdue", { error: err.message }));
  const factory = createAdapter(orderedNotifications(pool), {
    tableName: ATTACHMENTS_TABLE,
    channelPrefix: searchPath ? `jalon:${searchPath}` : "jalon",
    errorHandler: (err) => log.warn("Temps réel : diffusion entre processus en échec", { error: err.message }),
  });
  // A function, not an arrow: Socket.IO calls it with `new`, and a function's returned object stands.
  const adapter = function (nsp: unknown) {
    return orderedPublishing(factory(nsp));
  } as typeof factory;
  // pool.end() waits for every checked-out client. The adapter's LISTEN client is set only once its LISTEN has
  // answered, so a close that comes while it connects (or reconnects) releases nothing, and the client taken then is
  // never given back: a server asked to stop hung there, its HTTP port closed. The clients are ended by hand after
  // a short wait; nothing on them is a write anyone waits for.
  const clients = new Set<pg.PoolClient>();
  pool.on("connect", (c) => clients.add(c));
  pool.on("remove", (c) => clients.delete(c));
  const close = async () => {
    const ended = pool.end();
    const settled = await Promise.race([ended.then(() => true), delay(CLOSE_WAIT_MS).then(() => false)]);
    if (settled) return;
    for (const c of clients) {
      try {
        c.release(true);
      } catch {
        // Idle (never or already given back): pool.end() ends it.
      }
    }
    await ended;
  };
  return { adapter, close };
}

/** How long a stopping server waits for the realtime pool's clients before ending them. */
export const CLOSE_WAIT_MS = 2_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * Broadcasts published one after the other, in the order they were emitted. The adapter publishes each on
 * whichever pool connection is free (and a large one in two statements, the attachment then its NOTIFY), and
 * delivers to this process's clients only once published: a bulk move's progress reached clients as
 * 10, 70, 90, 35... and a later move's dates could land before an earlier one's.
 */
function orderedPublishing<A extends object>(adapter: A): A {
  const target = adapter as unknown as { doPublish: (message: unknown) => Promise<unknown> };
  const publish = target.doPublish.bind(adapter);
  let last: Promise<unknown> = Promise.resolve();
  target.doPublish = (message) => {
    const next = last.then(() => publish(message));
    last = next.catch(() => undefined);
    return next;
  };
  return adapter;
}

const ordered = new WeakSet<object>();

/**
 * The pool as the adapter sees it, but the LISTEN connection hands notifications over one at a time: the
 * adapter reads a large broadcast's attachment before relaying it, and a small one notified just after it
 * would otherwise overtake it.
 */
function orderedNotifications(pool: pg.Pool): pg.Pool {
  const connect = async () => {
    const client = await pool.connect();
    if (ordered.has(client)) return client;
    ordered.add(client);
    const on = client.on.bind(client);
    let last: Promise<unknown> = Promise.resolve();
    client.on = ((event: string, listener: (...args: unknown[]) => unknown) => {
      if (event !== "notification") return on(event as "error", listener);
      return on("notification", (msg) => {
        last = last.then(() => listener(msg)).catch(() => undefined);
      });
    }) as typeof client.on;
    return client;
  };
  return new Proxy(pool, {
    get(target, prop) {
      if (prop === "connect") return connect;
      const value = Reflect.get(target, prop, target) as unknown;
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
