import { useState } from "react";
import { warnError } from "./errors";

/** A DataTable's row id (components/DataTable.tsx); spelt out here so that lib/ imports no UI. */
type RowId = number | string;

/**
 * The rows ticked in a list and their deletion behind a confirmation: what every list with a bulk delete shares
 * (events, milestones, sequences, zones, lots, library lots, participants, specialities, classifications,
 * macro-tasks, templates). `remove` deletes the ids (and says so). `onError` is the subject of the warning toast
 * of a refusal (errors.{code}; none by default), or a function for the lists whose refusals say more; the
 * selection is then kept
 * so the user sees what was refused.
 *
 * `ask()` opens the confirmation for the whole selection (it takes no argument, so it serves as an onClick),
 * `askFor(ids)` for the given ids; `pending` holds the ids asked;
 * `tableProps` wires a DataTable's selection (its "Supprimer la sélection" button is `onDeleteSelected={askFor}`);
 * `<ConfirmDelete flow>`
 * (components/ConfirmDelete.tsx) is the confirmation.
 */
export function useSelectionDelete(
  remove: (ids: number[]) => Promise<void>,
  onError?: string | ((e: unknown) => void),
) {
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [pending, setPending] = useState<number[] | null>(null);
  const [deleting, setDeleting] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setDeleting(true);
    try {
      await remove(pending);
      setSelected(new Set());
    } catch (e) {
      if (typeof onError === "function") onError(e);
      else warnError(e, onError);
    } finally {
      setPending(null);
      setDeleting(false);
    }
  };
  const askFor = (ids: readonly RowId[]) => setPending(ids.map(Number));

  return {
    selected,
    setSelected,
    pending: pending ?? [],
    confirming: pending !== null,
    deleting,
    ask: () => askFor([...selected]),
    askFor,
    cancel: () => setPending(null),
    confirm,
    /** A DataTable's selection. */
    tableProps: {
      selectable: true,
      selectedIds: selected,
      onSelectionChange: (ids: Set<RowId>) => setSelected(new Set([...ids].map(Number))),
    },
  };
}

export type SelectionDelete = ReturnType<typeof useSelectionDelete>;
