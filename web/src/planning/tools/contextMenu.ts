/**
 * The planning's context menu (right click on a bar or a grid row, the keyboard's menu key or Shift+F10 on the
 * focused row, right click on an empty row of the chart): which commands it offers for what was clicked. Pure;
 * each command runs through the session (tools/directCommands.ts).
 */
export type MenuCommand =
  | "open"
  | "addSuccessor"
  | "addPredecessor"
  | "duplicate"
  | "delete"
  | "lock"
  | "unlock"
  | "createHere"
  | "instantiate"
  | "copyDates";

export type MenuTarget =
  | {
      kind: "event";
      id: number;
      eventKind: "task" | "milestone";
      locked: boolean;
      zoneId: number | null;
      lotId: number | null;
      /** The event's start: "Instancier un modèle ici" starts there. */
      day: number;
    }
  /** An empty place of a row of the chart: its zone (or lot) and the day under the pointer. */
  | { kind: "row"; zoneId: number | null; lotId: number | null; day: number; rowY: number; x: number };

export interface MenuContext {
  /** The planning may be written (not read-only: manager, project not archived). */
  writable: boolean;
  /** Events can be opened (the task dialog). */
  canOpen: boolean;
  /** The template flow is there ("Instancier un modèle"). */
  canInstantiate: boolean;
}

export interface MenuItem {
  command: MenuCommand;
  disabled: boolean;
}

export function menuItems(target: MenuTarget, c: MenuContext): MenuItem[] {
  const item = (command: MenuCommand, enabled = c.writable): MenuItem => ({ command, disabled: !enabled });
  if (target.kind === "row") {
    const items = [item("createHere")];
    if (c.canInstantiate) items.push(item("instantiate"));
    return items;
  }
  const items = [
    item("open", c.canOpen),
    item("addSuccessor"),
    item("addPredecessor"),
    item("duplicate"),
    item("delete"),
    item(target.locked ? "unlock" : "lock"),
  ];
  if (c.canInstantiate) items.push(item("instantiate"));
  items.push(item("copyDates", true));
  return items;
}

/** The keyboard's menu key, or Shift+F10 (Windows' and ARIA's shortcut for a context menu). */
export function isMenuKey(e: { key: string; shiftKey: boolean; ctrlKey?: boolean; altKey?: boolean }): boolean {
  return e.key === "ContextMenu" || (e.key === "F10" && e.shiftKey && !e.ctrlKey && !e.altKey);
}
