import { useEffect, useSyncExternalStore } from "react";
import type { QueuedCounting } from "./db";
import { queueSnapshot, subscribeQueue, type QueueSnapshot } from "./queue";
import { useSession } from "../store/session";
import { startOfflineSync } from "./sync";

/**
 * The signed-in user's countings waiting for the network and those refused at sync time (of one project when
 * given); starts the tab's sync once.
 */
export function useOfflineQueue(projectId?: number): QueueSnapshot {
  useEffect(() => startOfflineSync(), []);
  const userId = useSession((s) => s.user?.id ?? null);
  const all = useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
  const mine = (r: QueuedCounting) => r.userId === userId && (projectId === undefined || r.projectId === projectId);
  return { pending: all.pending.filter(mine), refused: all.refused.filter(mine) };
}
