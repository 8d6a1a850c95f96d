// Submitting a counting and sending the queue when the network returns. Every counting is queued first (with
// its key), then the queue is sent: online, it leaves at once; offline, it waits for the browser's "online"
// event (and for the next screen that starts the sync).
import type { Counting, CountingCreate } from "@jalon/shared";
import { countingsApi } from "../features/countings/api";
import { useSession } from "../store/session";
import { enqueue, flush, refreshQueue, removeByKey, type FlushResult, type SendCounting } from "./queue";

export type SubmitOutcome =
  { status: "sent"; counting: Counting } | { status: "queued" } | { status: "refused"; code: string; message: string };

let send: SendCounting = (body) => countingsApi.create(body);
const sentListeners = new Set<(result: FlushResult) => void>();

/** Tests (and nothing else) swap the sender. */
export function setSender(next: SendCounting): void {
  send = next;
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
  const result = await flush(send, user.id);
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

let started = false;

/** Listens for the network's return (once per tab) and sends what waits now. */
export function startOfflineSync(): void {
  if (started || typeof window === "undefined") return;
  started = true;
  window.addEventListener("online", () => void syncNow());
  void refreshQueue().then(() => (isOnline() ? syncNow() : undefined));
}
