import { useState } from "react";
import { warnError } from "./errors";

/**
 * The rows ticked in a list and their deletion behind a confirmation: what the events, milestones and sequences
 * lists share. `remove` deletes the ids (and says so); a refusal is shown as a warning toast of `subject`, the
 * selection is kept so the user sees what was refused.
 */
export function useSelectionDelete(remove: (ids: number[]) => Promise<void>, subject: string) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const toggle = (id: number) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  /** Ticks every id given, or unticks them all when they all are. */
  const toggleAll = (ids: number[]) =>
    setSelected((prev) => {
      const all = ids.length > 0 && ids.every((id) => prev.has(id));
      const next = new Set(prev);
      for (const id of ids) {
        if (all) next.delete(id);
        else next.add(id);
      }
      return next;
    });

  const confirm = async () => {
    setDeleting(true);
    try {
      await remove([...selected]);
      setSelected(new Set());
    } catch (e) {
      warnError(e, subject);
    } finally {
      setConfirming(false);
      setDeleting(false);
    }
  };

  return {
    selected,
    setSelected,
    toggle,
    toggleAll,
    confirming,
    deleting,
    ask: () => setConfirming(true),
    cancel: () => setConfirming(false),
    confirm,
  };
}
