// Focus goes back where it was when a dialog closes (WCAG 2.4.3). Fluent restores it only to a DialogTrigger;
// our dialogs open from state (a list's button, a planning row's double click, a keyboard command), and Escape
// left the focus on the page's body.
import { useEffect, useState } from "react";

/** The dialog elements that may still hold the focus while they fade out. */
const DIALOG = "[role='dialog'], [role='alertdialog']";

function focusLost(): boolean {
  const active = document.activeElement;
  return active === null || active === document.body || !active.isConnected || active.closest(DIALOG) !== null;
}

function focusedElement(): HTMLElement | null {
  const active = document.activeElement;
  return active instanceof HTMLElement && active !== document.body ? active : null;
}

/**
 * Remembers the focused element when `open` turns true, and focuses it again when `open` turns false. A dialog
 * mounted open remembers nothing (its opener decides), unless `fromMount`: a dialog loaded when first asked for
 * (the planning's delete confirmation) is mounted open and remembers the focus of that moment.
 */
export function useRestoreFocus(open: boolean, fromMount = false): void {
  const [origin, setOrigin] = useState<{ element: HTMLElement | null; open: boolean }>(() => ({
    element: open && fromMount ? focusedElement() : null,
    open,
  }));
  // Read while rendering the opening: the dialog is not in the page yet, so the focus is still on what opened it.
  if (origin.open !== open) {
    setOrigin({ element: open ? focusedElement() : origin.element, open });
  }
  const target = origin.element;
  useEffect(() => {
    if (open || target === null) return;
    const restore = () => {
      if (target.isConnected && focusLost()) target.focus();
    };
    restore();
    // Again once the dialog's exit has run: its focus trap may take the focus back meanwhile.
    const timer = window.setTimeout(restore, 250);
    return () => window.clearTimeout(timer);
  }, [open, target]);
}
