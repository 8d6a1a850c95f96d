import { useCallback, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PlannedEventType } from "@jalon/shared";
import { Dialog, DialogSurface } from "@fluentui/react-components";
import { EventEditor } from "../features/events/EventEditor";
import { useRestoreFocus } from "../components/useRestoreFocus";

export interface TaskDialogProps {
  /** The event being edited, or null when the dialog is closed. */
  target: { id: number; kind: PlannedEventType } | null;
  /** Closed; `saved` says the planning must be refetched. */
  onClose: (saved: boolean) => void;
}

/** Focus on the first field of the surface unless a real element inside already has it. */
function keepFocusInside(el: HTMLElement): void {
  const active = document.activeElement;
  if (active && active !== el && el.contains(active) && !active.hasAttribute("data-tabster-dummy")) return;
  el.querySelector<HTMLElement>("input, button, select, textarea, [tabindex='0']:not([data-tabster-dummy])")?.focus();
}

/**
 * The task and milestone modal of the planning: the same editor as /dashboard/event/{id} (general info, links,
 * history, block tasks), in a dialog that closes on save instead of returning to the list.
 */
export function TaskDialog({ target, onClose }: TaskDialogProps) {
  const { t } = useTranslation();
  const observer = useRef<MutationObserver | null>(null);
  // The editor shows a spinner (nothing focusable) until the event is loaded, so the focus trap parks the focus
  // on one of its hidden dummies and Tabster then hides the modal itself (aria-hidden). Once the form is there,
  // move the focus to its first field. The surface mounts after the dialog opens: a callback ref sees it.
  const surface = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el || typeof MutationObserver === "undefined") return;
    observer.current = new MutationObserver(() => keepFocusInside(el));
    observer.current.observe(el, { childList: true, subtree: true });
    keepFocusInside(el);
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  useRestoreFocus(target !== null);
  return (
    <Dialog open={target !== null} modalType="modal" onOpenChange={(_, d) => !d.open && onClose(false)}>
      <DialogSurface
        ref={surface}
        aria-label={t("planning.dialog.title")}
        style={{ maxWidth: 1040, width: "95vw", maxHeight: "90vh", overflowY: "auto", padding: 0 }}
      >
        {target ? <EventEditor kind={target.kind} param={String(target.id)} onDone={onClose} /> : null}
      </DialogSurface>
    </Dialog>
  );
}
