import { useEffect, useSyncExternalStore } from "react";
import { queueSnapshot, subscribeQueue, type QueueSnapshot } from "./queue";
import { startOfflineSync } from "./sync";

/** The countings waiting for the network and those refused at sync time; starts the tab's sync once. */
export function useOfflineQueue(projectId?: number): QueueSnapshot {
  useEffect(() => startOfflineSync(), []);
  const all = useSyncExternalStore(subscribeQueue, queueSnapshot, queueSnapshot);
  if (projectId === undefined) return all;
  return {
    pending: all.pending.filter((r) => r.projectId === projectId),
    refused: all.refused.filter((r) => r.projectId === projectId),
  };
}
