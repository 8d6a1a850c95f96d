// Archive (spec 000 section 4): shown only when the project is not archived; then back to /dashboard/project.
import { useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button } from "@fluentui/react-components";
import { Archive20Regular } from "@fluentui/react-icons";
import { api } from "../../api/client";
import type { Project } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { warnError } from "../../lib/errors";
import { toast } from "../../store/toasts";

export function ArchiveProjectButton({
  project,
  onArchived,
}: {
  project: Project;
  onArchived: (project: Project) => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (project.isArchived) return null;

  const archive = async () => {
    setBusy(true);
    try {
      const saved = await api.projects.archive(project.id);
      onArchived({ ...project, ...saved, isArchived: true });
      toast.success(t("project.archive.done"), { subject: "project" });
      setOpen(false);
      navigate("/dashboard/project");
    } catch (e) {
      warnError(e, "project");
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<Archive20Regular />} onClick={() => setOpen(true)}>
        {t("project.archive.button")}
      </Button>
      <ConfirmDialog
        open={open}
        title={t("project.archive.title")}
        confirmLabel={t("project.archive.confirm")}
        busy={busy}
        onConfirm={() => void archive()}
        onCancel={() => setOpen(false)}
      >
        <Body1>{t("project.archive.body")}</Body1>
      </ConfirmDialog>
    </>
  );
}
