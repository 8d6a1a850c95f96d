/**
 * The grid rows' keys, decided without React (tested in gridKeys.test.ts): Enter opens the event (not on a read-only
 * planning), Alt+Up/Down moves the row inside its group in the ordering mode (the caller checks the mode and the
 * group's rules, tools/reorder.ts). Other keys are left to the browser.
 */
export type GridKeyAction = { type: "open" } | { type: "moveRow"; dir: -1 | 1 } | null;

export function gridKey(key: { key: string; altKey: boolean }, o: { canOpen: boolean }): GridKeyAction {
  if (key.key === "Enter") return o.canOpen ? { type: "open" } : null;
  if (key.altKey && (key.key === "ArrowUp" || key.key === "ArrowDown"))
    return { type: "moveRow", dir: key.key === "ArrowUp" ? -1 : 1 };
  return null;
}
