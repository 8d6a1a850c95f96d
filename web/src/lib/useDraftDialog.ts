import { useState } from "react";
import { useBusy } from "./useBusy";

/**
 * A record created in a dialog (zones, library lots): `open(initial)` shows the dialog with a draft, `setDraft`
 * edits it, `submit()` saves it (`save` adds it to the list and says so) and closes the dialog; a refusal is a
 * warning toast of `subject` (errors.{code}) and the dialog stays open with the draft. `<CreateDialog flow>`
 * (components/CreateDialog.tsx) is the dialog.
 */
export function useDraftDialog<D>(save: (draft: D) => Promise<void>, subject?: string) {
  const [draft, setDraft] = useState<D | null>(null);
  const { busy, run } = useBusy(subject);

  const submit = async () => {
    if (draft === null) return;
    const saving = draft;
    if (await run(() => save(saving))) setDraft(null);
  };

  return { draft, setDraft, open: (initial: D) => setDraft(initial), close: () => setDraft(null), busy, submit };
}

export type DraftDialog<D> = ReturnType<typeof useDraftDialog<D>>;
