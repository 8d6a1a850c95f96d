import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { DraftDialog } from "../lib/useDraftDialog";
import { ConfirmDialog } from "./ConfirmDialog";

/**
 * The dialog of a record created in place (lib/useDraftDialog.ts): `title`, the fields the children draw for the
 * draft, then Annuler / Créer; Créer is off while `incomplete(draft)` says so or the save runs.
 */
export function CreateDialog<D>({
  flow,
  title,
  incomplete,
  children,
}: {
  flow: DraftDialog<D>;
  title: string;
  incomplete?: (draft: D) => boolean;
  children: (draft: D, setDraft: (draft: D) => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const { draft } = flow;
  return (
    <ConfirmDialog
      open={draft !== null}
      title={title}
      confirmLabel={t("actions.create")}
      busy={flow.busy}
      confirmDisabled={draft === null || (incomplete?.(draft) ?? false)}
      onConfirm={() => void flow.submit()}
      onCancel={flow.close}
    >
      {draft !== null ? children(draft, flow.setDraft) : null}
    </ConfirmDialog>
  );
}
