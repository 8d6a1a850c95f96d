// The offline countings queue (issue 17): every counting goes through it, online or not, so that the order of
// the countings and their idempotency keys are the same on both paths.
// - enqueue() stores the counting with a key generated here (crypto.randomUUID);
// - flush() sends the pending ones oldest first, each with its own key on every attempt (a counting whose answer
//   was lost is answered by the server with the first result, never stored twice); a network failure (or a
//   server error, or an ended session) stops the round and keeps the rest for the next one; a refusal (4xx)
//   is kept with its catalogue code, shown per counting, until the user removes it;
// - a macro-task's batch (enqueueBatch) is one row per task; its rows leave together in one PATCH
//   /macro-task/counting, each line with its own key, and are sent or refused together (all or nothing).
import type { Counting, CountingCreate, MacroTaskCounting } from "@jalon/shared";
import { ApiError } from "../api/http";
import { offlineDb, type QueuedCounting } from "./db";

export type SendCounting = (body: CountingCreate) => Promise<Counting>;
export type SendMacroTaskCounting = (body: MacroTaskCounting) => Promise<{ data: Counting[] }>;

/** How the queue sends: one counting, and a macro-task's batch. */
export interface Senders {
  one: SendCounting;
  batch?: SendMacroTaskCounting;
}

export interface QueueSnapshot {
  pending: QueuedCounting[];
  refused: QueuedCounting[];
}

type Listener = (snapshot: QueueSnapshot) => void;
const listeners = new Set<Listener>();
let snapshot: QueueSnapshot = { pending: [], refused: [] };

export function queueSnapshot(): QueueSnapshot {
  return snapshot;
}

export function subscribeQueue(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-reads the queue and tells the screens. */
export async function refreshQueue(): Promise<QueueSnapshot> {
  const rows = await offlineDb().countings.orderBy("seq").toArray();
  snapshot = {
    pending: rows.filter((r) => r.status === "pending"),
    refused: rows.filter((r) => r.status === "refused"),
  };
  for (const l of listeners) l(snapshot);
  return snapshot;
}

export function newClientKey(): string {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Older browsers: 32 random hex digits (the contract accepts 8-64 letters, digits, - and _).
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

export async function enqueue(
  body: Omit<CountingCreate, "clientKey">,
  meta: { projectId: number; eventName: string; userId: number | null },
): Promise<QueuedCounting> {
  const row: QueuedCounting = {
    clientKey: newClientKey(),
    body,
    projectId: meta.projectId,
    userId: meta.userId,
    eventName: meta.eventName,
    status: "pending",
    error: null,
    createdAt: new Date().toISOString(),
    attempts: 0,
  };
  row.seq = await offlineDb().countings.add(row);
  await refreshQueue();
  return row;
}

/** A macro-task's countings on one date, queued together (one row per task, one batch id). */
export async function enqueueBatch(
  batch: {
    macroTaskId: number;
    countingDate: string;
    countings: { eventId: number; percentage: number; name: string }[];
  },
  meta: { projectId: number; userId: number | null },
): Promise<QueuedCounting[]> {
  const id = newClientKey();
  const createdAt = new Date().toISOString();
  const rows: QueuedCounting[] = batch.countings.map((c) => ({
    clientKey: newClientKey(),
    body: { eventId: c.eventId, percentage: c.percentage, countingDate: batch.countingDate },
    projectId: meta.projectId,
    userId: meta.userId,
    eventName: c.name,
    status: "pending",
    error: null,
    createdAt,
    attempts: 0,
    batch: { id, macroTaskId: batch.macroTaskId },
  }));
  const seqs = await offlineDb().countings.bulkAdd(rows, { allKeys: true });
  rows.forEach((r, k) => (r.seq = seqs[k]));
  await refreshQueue();
  return rows;
}

/** A failure that leaves the counting waiting (no network, server down, session ended) rather than refused. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status === 401 || error.status === 408 || error.status >= 500;
}

export interface FlushResult {
  sent: { clientKey: string; counting: Counting }[];
  refused: QueuedCounting[];
  /** Still waiting: the round stopped on a transient failure. */
  waiting: number;
}

let running: Promise<FlushResult> | null = null;

/**
 * Sends the pending countings of `userId` in order (undefined: every one, for tests); one round at a time (a
 * second call joins the running one).
 */
export function flush(send: SendCounting | Senders, userId?: number | null): Promise<FlushResult> {
  const senders = typeof send === "function" ? { one: send } : send;
  running ??= flushOnce(senders, userId).finally(() => {
    running = null;
  });
  return running;
}

/** Sends one row, or the rows of one batch together; answers the countings by key. */
async function sendRows(rows: QueuedCounting[], senders: Senders): Promise<Map<string, Counting>> {
  const first = rows[0];
  if (!first.batch) {
    const counting = await senders.one({ ...first.body, clientKey: first.clientKey });
    return new Map([[first.clientKey, counting]]);
  }
  if (!senders.batch) throw new Error("no batch sender");
  const answer = await senders.batch({
    macroTaskId: first.batch.macroTaskId,
    countingDate: String(first.body.countingDate),
    countings: rows.map((r) => ({
      eventId: r.body.eventId,
      percentage: r.body.percentage,
      ...(r.body.zoneId ? { zoneId: r.body.zoneId } : {}),
      clientKey: r.clientKey,
    })),
  });
  const byKey = new Map(answer.data.map((c) => [c.clientKey ?? "", c]));
  return new Map(rows.map((r, k) => [r.clientKey, byKey.get(r.clientKey) ?? answer.data[k]]));
}

async function flushOnce(senders: Senders, userId: number | null | undefined): Promise<FlushResult> {
  const table = offlineDb().countings;
  const result: FlushResult = { sent: [], refused: [], waiting: 0 };
  const pending = (await table.where("status").equals("pending").sortBy("seq")).filter(
    (r) => userId === undefined || r.userId === userId,
  );
  // One counting per group, or every waiting row of one batch, in the order of their first row.
  const groups: QueuedCounting[][] = [];
  const byBatch = new Map<string, QueuedCounting[]>();
  for (const r of pending) {
    const known = r.batch ? byBatch.get(r.batch.id) : undefined;
    if (known) known.push(r);
    else {
      groups.push([r]);
      if (r.batch) byBatch.set(r.batch.id, groups[groups.length - 1]);
    }
  }
  let left = pending.length;
  for (const rows of groups) {
    const seqs = rows.map((r) => r.seq!);
    await table.bulkUpdate(rows.map((r) => ({ key: r.seq!, changes: { attempts: r.attempts + 1 } })));
    try {
      const countings = await sendRows(rows, senders);
      await table.bulkDelete(seqs);
      for (const r of rows) result.sent.push({ clientKey: r.clientKey, counting: countings.get(r.clientKey)! });
    } catch (e) {
      if (isTransient(e)) {
        result.waiting = left;
        break;
      }
      const error = {
        code: e instanceof ApiError ? e.code : "default",
        message: e instanceof Error ? e.message : String(e),
      };
      await table.bulkUpdate(seqs.map((key) => ({ key, changes: { status: "refused" as const, error } })));
      for (const r of rows) result.refused.push({ ...r, status: "refused", error });
    }
    left -= rows.length;
  }
  await refreshQueue();
  return result;
}

/** Removes a refused counting once the user has read its refusal. */
export async function dismiss(seq: number): Promise<void> {
  await offlineDb().countings.delete(seq);
  await refreshQueue();
}

/** Removes a counting (kept or waiting) the user takes back, by its key. */
export async function removeByKey(clientKey: string): Promise<void> {
  await offlineDb().countings.where("clientKey").equals(clientKey).delete();
  await refreshQueue();
}
