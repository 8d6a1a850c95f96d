import { createStore, type StoreApi } from "zustand/vanilla";
import type { TipTarget } from "../tools/hoverTool";
import type { MenuTarget } from "../tools/contextMenu";
import type { PlanningSession } from "../session/PlanningSession";

/**
 * The tooltip's subject and the pointer's place on the screen (client coordinates). A store of its own, read by the
 * tooltip alone: the pointer's moves reposition it without rendering the canvas or the view.
 */
export interface TipState {
  target: TipTarget | null;
  cx: number;
  cy: number;
}

/** The open context menu (where, on what, from which part) and the task being typed in place. */
export interface DirectState {
  menu: { target: MenuTarget; cx: number; cy: number; from: "canvas" | "grid" } | null;
  create: {
    zoneId: number | null;
    lotId: number | null;
    day: number;
    parentId?: number;
    /** Where the name is typed, in the content's coordinates (over the grid or the chart). */
    left: number;
    top: number;
    height: number;
    /** The input's accessible name. */
    label: string;
  } | null;
}

const tips = new WeakMap<PlanningSession, StoreApi<TipState>>();
const directs = new WeakMap<PlanningSession, StoreApi<DirectState>>();

export function tipStoreOf(session: PlanningSession): StoreApi<TipState> {
  let s = tips.get(session);
  if (!s) tips.set(session, (s = createStore<TipState>(() => ({ target: null, cx: 0, cy: 0 }))));
  return s;
}

export function directStoreOf(session: PlanningSession): StoreApi<DirectState> {
  let s = directs.get(session);
  if (!s) directs.set(session, (s = createStore<DirectState>(() => ({ menu: null, create: null }))));
  return s;
}
