// Undo (spec 000 section 4): asks for confirmation, then reports how many undo steps remain.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Button, CounterBadge, Tooltip } from "@fluentui/react-components";
import { ArrowUndo20Regular } from "@fluentui/react-icons";
import { api } from "../../api/client";
import { ApiError } from "../../api/http";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { i18n } from "../../i18n";
import { useProject } from "../../store/project";
import { useRefresh } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { UndoHistoryButton } from "../../planning/undo/UndoHistoryButton";

export function UndoButton() {
  const { t } = useTranslation();
  const project = useProject((s) => s.project);
  const versionId = useProject((s) => s.versionId);
  const setProject = useProject((s) => s.setProject);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!project || versionId === null) return null;
  const remaining = project.undoRemaining ?? 0;
  const disabled = project.isArchived || remaining <= 0;

  const undo = async () => {
    setBusy(true);
    try {
      const result = await api.undo.apply(project.id, versionId);
      const left = Math.max(0, Number(result?.remaining ?? 0));
      const latest = useProject.getState().project;
      if (latest && latest.id === project.id) setProject({ ...latest, undoRemaining: left });
      useRefresh.getState().bump("planning");
      useRefresh.getState().bump("data");
      toast.success(left === 0 ? t("undo.remaining_zero") : t("undo.remaining", { count: left }), { subject: "undo" });
      setOpen(false);
    } catch (e) {
      const impossible = e instanceof ApiError && (e.code === "undo_nothing" || e.status === 409 || e.status === 404);
      // A refusal with its own reason (undo_import_in_use) says why; other refusals are 'Annulation impossible'.
      const reason = e instanceof ApiError && e.code.startsWith("undo_") ? `errors.${e.code}` : null;
      toast.error(
        t(reason && i18n.exists(reason) ? reason : impossible ? "errors.undo_nothing" : "errors.undo_failed"),
        { subject: "undo" },
      );
      setOpen(false);
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Tooltip content={disabled ? t("errors.undo_nothing") : t("undo.button")} relationship="description">
        <Button
          appearance="subtle"
          icon={<ArrowUndo20Regular />}
          aria-label={t("undo.button")}
          disabled={disabled}
          onClick={() => setOpen(true)}
        >
          {remaining > 0 ? <CounterBadge count={remaining} size="small" appearance="ghost" /> : null}
        </Button>
      </Tooltip>
      <UndoHistoryButton projectId={project.id} versionId={versionId} />
      <ConfirmDialog
        open={open}
        title={t("undo.title")}
        confirmLabel={t("undo.confirm")}
        busy={busy}
        onConfirm={() => void undo()}
        onCancel={() => setOpen(false)}
      >
        <Body1>{t("undo.body")}</Body1>
      </ConfirmDialog>
    </>
  );
}
