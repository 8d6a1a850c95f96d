import type { Db } from "../../db/knex.js";

/**
 * The finance and productivity aggregates of versions, kept in memory under the versions' stamps: write_counter,
 * content_revision (migration 006: events, countings, event tags, zones) and cost_revision (migration 023: order
 * lines, their tasks, macro-tasks, tags). Every committed change to a row the aggregates read moves one of them,
 * so an entry whose stamp matches is what the statements would answer again. Authorization and the versions'
 * names and referent flags are read on every request, before the cache; only the aggregates are kept.
 * The stamps are read before the data: a commit in between leaves newer data under an older stamp, which no
 * later request asks for. Each server process keeps its own entries (a write through another process moves the
 * stamps, read from the database on every request).
 */

interface Entry {
  value: unknown;
  /** Rows held, the measure of the memory it takes. */
  weight: number;
}

/** About 100 MB: a 100k-row productivity table is some 100,000 objects of a dozen fields. */
const MAX_WEIGHT = 400_000;
const entries = new Map<string, Entry>();
const inflight = new Map<string, Promise<unknown>>();
let weight = 0;

/** The stamps of some versions, in their order (null for an unknown id). */
export async function versionStamps(db: Db, ids: number[]): Promise<string> {
  const wanted = [...new Set(ids)];
  const rows = (await db("versions")
    .whereIn("id", wanted)
    .select("id", "write_counter", "content_revision", "cost_revision")) as {
    id: number;
    write_counter: number | string;
    content_revision: number | string;
    cost_revision: number | string;
  }[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  return JSON.stringify(
    ids.map((id) => {
      const r = byId.get(id);
      return r ? [id, Number(r.write_counter), Number(r.content_revision), Number(r.cost_revision)] : null;
    }),
  );
}

/** The value stored under `key`, else built once (concurrent requests share the build) and kept, LRU by rows. */
export async function cachedCosts<T>(key: string, rows: (v: T) => number, build: () => Promise<T>): Promise<T> {
  const hit = entries.get(key);
  if (hit) {
    entries.delete(key);
    entries.set(key, hit);
    return hit.value as T;
  }
  const pending = inflight.get(key);
  if (pending) return pending as Promise<T>;
  const run = build()
    .then((value) => {
      const w = Math.max(1, rows(value));
      if (w <= MAX_WEIGHT / 2) {
        entries.set(key, { value, weight: w });
        weight += w;
        while (weight > MAX_WEIGHT && entries.size > 0) {
          const [k, e] = entries.entries().next().value as [string, Entry];
          entries.delete(k);
          weight -= e.weight;
        }
      }
      return value;
    })
    .finally(() => inflight.delete(key));
  inflight.set(key, run);
  return run;
}

/** The value stored under `key`, if any (not built). */
export function peekCosts<T>(key: string): T | undefined {
  return entries.get(key)?.value as T | undefined;
}

/** Forgets every entry (the bench times a first computation with it). */
export function clearCostsCache(): void {
  entries.clear();
  weight = 0;
}
