import type { Knex } from "knex";

type Reads = readonly (() => PromiseLike<unknown>)[];
type Results<T extends Reads> = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };

/**
 * Independent reads: at once on the pool (each takes its own connection), one after the other on a transaction.
 * A transaction is one connection; concurrent queries on one pg client are queued by pg today but deprecated
 * ("Calling client.query() when the client is already executing a query"), and refused from pg 9. The reads are
 * thunks because a started promise (an async helper's call) would already run concurrently.
 */
export async function readAll<const T extends Reads>(db: Knex, reads: T): Promise<Results<T>> {
  if (!db.isTransaction) return (await Promise.all(reads.map((read) => read()))) as Results<T>;
  const out: unknown[] = [];
  for (const read of reads) out.push(await read());
  return out as Results<T>;
}
