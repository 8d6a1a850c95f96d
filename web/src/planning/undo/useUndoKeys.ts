import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { redoLast, undoLast } from "./undoActions";

/** Where a typed Ctrl+Z belongs to the field (its own text undo), not to the planning. */
function ownsUndo(el: Element | null): boolean {
  if (!el) return false;
  if (el instanceof HTMLElement && el.isContentEditable) return true;
  const tag = el.tagName;
  if (tag === "TEXTAREA" || tag === "SELECT") return true;
  if (tag === "INPUT") {
    const type = (el as HTMLInputElement).type;
    return !["button", "checkbox", "radio", "submit", "reset", "range", "color"].includes(type);
  }
  // A dialog over the planning (the task modal, a confirmation) keeps its keys.
  return !!el.closest('[role="dialog"], [role="alertdialog"]');
}

/**
 * Ctrl+Z undoes the version's last step, Ctrl+Y and Ctrl+Shift+Z redo (Cmd on macOS), while the planning is shown
 * and the focus is not in a text field or a dialog (issue 20). A key held down undoes once per answer, not once
 * per repeat.
 */
export function useUndoKeys(session: object, o: { projectId: number; versionId: number; enabled: boolean }) {
  const { t } = useTranslation();
  const busy = useRef(false);
  const { projectId, versionId, enabled } = o;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (!(e.ctrlKey || e.metaKey) || e.altKey || e.defaultPrevented) return;
      const key = e.key.toLowerCase();
      const undo = key === "z" && !e.shiftKey;
      const redo = key === "y" || (key === "z" && e.shiftKey);
      if (!undo && !redo) return;
      if (ownsUndo(document.activeElement)) return;
      e.preventDefault();
      if (busy.current || e.repeat) return;
      busy.current = true;
      void (undo ? undoLast(t, projectId, versionId, session) : redoLast(t, session)).finally(() => {
        busy.current = false;
      });
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled, projectId, versionId, session, t]);
}
