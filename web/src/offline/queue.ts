// The offline countings queue (issue 17): every counting goes through it, online or not, so that the order of
// the countings and their idempotency keys are the same on both paths.
// - enqueue() stores the counting with a key generated here (crypto.randomUUID);
// - flush() sends the pending ones oldest first, each with its own key on every attempt (a counting whose answer
//   was lost is answered by the server with the first result, never stored twice); a network failure (or a
//   server error, or an ended session) stops the round and keeps the rest for the next one; a refusal (4xx)
//   is kept with its catalogue code, shown per counting, until the user removes it.
import type { Counting, CountingCreate } from "@jalon/shared";
import { ApiError } from "../api/http";
import { offlineDb, type QueuedCounting } from "./db";

export type SendCounting = (body: CountingCreate) => Promise<Counting>;

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
export function flush(send: SendCounting, userId?: number | null): Promise<FlushResult> {
  running ??= flushOnce(send, userId).finally(() => {
    running = null;
  });
  return running;
}

async function flushOnce(send: SendCounting, userId: number | null | undefined): Promise<FlushResult> {
  const table = offlineDb().countings;
  const result: FlushResult = { sent: [], refused: [], waiting: 0 };
  const pending = (await table.where("status").equals("pending").sortBy("seq")).filter(
    (r) => userId === undefined || r.userId === userId,
  );
  for (let i = 0; i < pending.length; i++) {
    const row = pending[i];
    await table.update(row.seq!, { attempts: row.attempts + 1 });
    try {
      const counting = await send({ ...row.body, clientKey: row.clientKey });
      await table.delete(row.seq!);
      result.sent.push({ clientKey: row.clientKey, counting });
    } catch (e) {
      if (isTransient(e)) {
        result.waiting = pending.length - i;
        break;
      }
      const error = {
        code: e instanceof ApiError ? e.code : "default",
        message: e instanceof Error ? e.message : String(e),
      };
      await table.update(row.seq!, { status: "refused", error });
      result.refused.push({ ...row, status: "refused", error });
    }
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
