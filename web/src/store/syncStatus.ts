import { create } from "zustand";
import type { SynchronizableStatus } from "@jalon/shared";

/**
 * The sync status of project sequence templates as the live events tell it (spec 001 section 4: "partial" once
 * a sync starts, its end's status at the end, "partial" after an error), keyed by template id. It overlays the
 * status a screen fetched: every change of the status is announced, so the last event is the newest state.
 */
export const useSyncStatus = create<{ byTemplate: Record<number, SynchronizableStatus> }>(() => ({ byTemplate: {} }));

export function setSyncStatus(templateIds: readonly number[], status: SynchronizableStatus): void {
  if (templateIds.length === 0) return;
  useSyncStatus.setState((s) => {
    const byTemplate = { ...s.byTemplate };
    for (const id of templateIds) byTemplate[id] = status;
    return { byTemplate };
  });
}

export function useLiveSyncStatus(templateId: number): SynchronizableStatus | undefined {
  return useSyncStatus((s) => s.byTemplate[templateId]);
}
