// Submitting a counting and sending the queue when the network returns. Every counting is queued first (with
// its key), then the queue is sent: online, it leaves at once; offline, it waits for the browser's "online"
// event (and for the next screen that starts the sync). A macro-task's batch goes the same way, as one call.
import type { Counting, CountingCreate } from "@jalon/shared";
import { countingsApi } from "../api/countings";
import { useSession } from "../store/session";
import {
  enqueue,
  enqueueBatch,
  flush,
  refreshQueue,
  removeByKey,
  type FlushResult,
  type SendCounting,
  type SendMacroTaskCounting,
} from "./queue";

export type SubmitOutcome =
  { status: "sent"; counting: Counting } | { status: "queued" } | { status: "refused"; code: string; message: string };

let send: SendCounting = (body) => countingsApi.create(body);
let sendBatch: SendMacroTaskCounting = (body) => countingsApi.macroTask(body);
const sentListeners = new Set<(result: FlushResult) => void>();

/** Tests (and nothing else) swap the sender. */
export function setSender(next: SendCounting): void {
  send = next;
}

/** Tests (and nothing else) swap the macro-task batch sender. */
export function setBatchSender(next: SendMacroTaskCounting): void {
  sendBatch = next;
}

/** Screens reload their lists when queued countings reach the server. */
export function onSynced(listener: (result: FlushResult) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export function isOnline(): boolean {
  return typeof navigator === "undefined" || navigator.onLine !== false;
}

/** Sends what waits, and tells the screens what reached the server or was refused. */
export async function syncNow(): Promise<FlushResult> {
  // Signed out: nothing leaves; signed in: only this user's countings.
  const user = useSession.getState().user;
  if (!user) return { sent: [], refused: [], waiting: 0 };
  const result = await flush({ one: send, batch: sendBatch }, user.id);
  if (result.sent.length > 0 || result.refused.length > 0) for (const l of sentListeners) l(result);
  return result;
}

/**
 * One counting: queued with its key, then sent with the queue (the older waiting ones leave first). A counting
 * refused at once (online) is not kept: its refusal is returned for the form to show; one refused later, at
 * sync time, stays in the queue with its refusal.
 */
export async function submitCounting(
  body: Omit<CountingCreate, "clientKey">,
  meta: { projectId: number; eventName: string },
): Promise<SubmitOutcome> {
  const row = await enqueue(body, { ...meta, userId: useSession.getState().user?.id ?? null });
  if (!isOnline()) return { status: "queued" };
  // A round already running may have read the queue before this counting: then a second round sends it.
  for (let round = 0; round < 2; round++) {
    const result = await syncNow();
    const sent = result.sent.find((s) => s.clientKey === row.clientKey);
    if (sent) return { status: "sent", counting: sent.counting };
    const refused = result.refused.find((r) => r.clientKey === row.clientKey);
    if (refused?.error) {
      await removeByKey(row.clientKey);
      return { status: "refused", ...refused.error };
    }
    if (result.waiting > 0) break;
  }
  return { status: "queued" };
}

export type BatchOutcome =
  | { status: "sent"; countings: Counting[] }
  | { status: "queued" }
  | { status: "refused"; code: string; message: string };

/**
 * A macro-task's countings on one date (PATCH /macro-task/counting): queued together, each with its key, then
 * sent with the queue as one call. Refused at once (online): nothing is kept and the refusal is returned; refused
 * at sync time: every line stays with the refusal.
 */
export async function submitMacroTaskCounting(
  batch: {
    macroTaskId: number;
    countingDate: string;
    countings: { eventId: number; percentage: number; name: string }[];
  },
  meta: { projectId: number },
): Promise<BatchOutcome> {
  const rows = await enqueueBatch(batch, { ...meta, userId: useSession.getState().user?.id ?? null });
  if (!isOnline()) return { status: "queued" };
  const keys = rows.map((r) => r.clientKey);
  for (let round = 0; round < 2; round++) {
    const result = await syncNow();
    const sent = result.sent.filter((s) => keys.includes(s.clientKey));
    if (sent.length === keys.length) return { status: "sent", countings: sent.map((s) => s.counting) };
    const refused = result.refused.find((r) => keys.includes(r.clientKey));
    if (refused?.error) {
      for (const key of keys) await removeByKey(key);
      return { status: "refused", ...refused.error };
    }
    if (result.waiting > 0) break;
  }
  return { status: "queued" };
}

let started = false;

/** Listens for the network's return (once per tab) and sends what waits now. */
export function startOfflineSync(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => void syncNow());
  void refreshQueue().then(() => (isOnline() ? syncNow() : undefined));
}
