// Restores the saved planning view when the planning opens on a project, then saves each change of it, debounced
// so a zoom slider's run of values is one request. A failed save changes nothing on screen: the view is a comfort,
// and the next change tries again.
import { useEffect } from "react";
import type { userViewsBody } from "@jalon/shared";
import type { User } from "../../api/types";
import { send } from "../../api/http";
import { useSession } from "../../store/session";
import { usePlanningStore } from "../planningStore";
import { mergeView, pickView, readView } from "./persistedView";

export const SAVE_DELAY_MS = 600;

export function usePersistedView(projectId: number | null) {
  useEffect(() => {
    if (projectId === null) return;
    const saved = readView(useSession.getState().user?.views, projectId);
    if (saved) usePlanningStore.setState(saved);
    let last = JSON.stringify(pickView(usePlanningStore.getState()));
    let timer: ReturnType<typeof setTimeout> | null = null;

    const save = () => {
      timer = null;
      const view = pickView(usePlanningStore.getState());
      const text = JSON.stringify(view);
      if (text === last) return;
      last = text;
      const user = useSession.getState().user;
      if (!user) return;
      const views = mergeView(user.views, projectId, view);
      // Kept in the session at once, so that a save for another project merges with this one.
      useSession.getState().setUser({ ...user, views });
      send<typeof userViewsBody, User>("PATCH", "/user/views", { views }).catch(() => undefined);
    };

    const unsubscribe = usePlanningStore.subscribe((state, previous) => {
      if (state.projectId !== projectId) return;
      const changed =
        state.view !== previous.view ||
        state.zoom !== previous.zoom ||
        state.grouping !== previous.grouping ||
        state.showCritical !== previous.showCritical ||
        state.tableView !== previous.tableView ||
        state.columnWidths !== previous.columnWidths ||
        state.aggregated !== previous.aggregated ||
        state.filters !== previous.filters;
      if (!changed) return;
      if (timer) clearTimeout(timer);
      timer = setTimeout(save, SAVE_DELAY_MS);
    });
    return () => {
      unsubscribe();
      // Leaving the planning before the delay still keeps the last change.
      if (timer) {
        clearTimeout(timer);
        save();
      }
    };
  }, [projectId]);
}
