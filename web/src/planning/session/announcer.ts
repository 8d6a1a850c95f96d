import { createStore, type StoreApi } from "zustand/vanilla";
import type { LiveMessage } from "../../components/LiveRegion";

/**
 * What the planning says to screen readers (issue 22): one message at a time, for the planning's one live region
 * (components/LiveRegion.tsx). A store per session, outside React: commands that end later (a move's answer, an
 * undo) say what happened without holding a component.
 */
const stores = new WeakMap<object, StoreApi<{ message: LiveMessage | null }>>();

export function announcerOf(session: object): StoreApi<{ message: LiveMessage | null }> {
  let s = stores.get(session);
  if (!s) stores.set(session, (s = createStore(() => ({ message: null as LiveMessage | null }))));
  return s;
}

const saidAt = new WeakMap<object, number>();

export function announce(session: object, text: string): void {
  const store = announcerOf(session);
  saidAt.set(session, Date.now());
  store.setState({ message: { text, seq: (store.getState().message?.seq ?? 0) + 1 } });
}

/** Whether something was said in the last `ms` milliseconds (not to be talked over). */
export function saidRecently(session: object, ms = 2000): boolean {
  return Date.now() - (saidAt.get(session) ?? 0) < ms;
}
