import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Body1 } from "@fluentui/react-components";
import type { SelectionDelete } from "../lib/useSelectionDelete";
import { ConfirmDialog } from "./ConfirmDialog";

/** The confirmation of a list's bulk delete (lib/useSelectionDelete.ts): `title`, the text, then Annuler / Supprimer. */
export function ConfirmDelete({
  flow,
  title,
  children,
}: {
  flow: SelectionDelete;
  title: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      open={flow.confirming}
      title={title}
      confirmLabel={t("actions.delete")}
      busy={flow.deleting}
      onConfirm={() => void flow.confirm()}
      onCancel={flow.cancel}
    >
      {typeof children === "string" ? <Body1>{children}</Body1> : children}
    </ConfirmDialog>
  );
}
