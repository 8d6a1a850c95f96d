// User import from .xlsx (spec 001 section 5, spec 000 section 7: PUT /project/{id}/start-student-project).
// The server checks the whole file before writing; the dialog stays open on a refusal so the planner can
// pick the corrected file, and shows the faulty row.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Caption1,
  Link,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowDownload16Regular, ArrowUpload20Regular, DocumentTable20Regular } from "@fluentui/react-icons";
import { api } from "../../api/client";
import { ApiError } from "../../api/http";
import type { Project } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { i18n } from "../../i18n";
import { errorMessage } from "../../lib/errors";
import { toast } from "../../store/toasts";

export const USERS_IMPORT_TEMPLATE_URL = "/api/project/users-import/template";

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM },
  columns: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  file: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  hidden: { display: "none" },
});

/**
 * The text of a refused import (spec 001 section 8, "Import"): a 400 carries the server's own French message,
 * completed with the row; a 500 is errors.import_format; a known catalogue code its message; anything else
 * errors.import_invalid.
 */
export function importErrorText(e: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (!(e instanceof ApiError)) return t("errors.import_invalid");
  if (e.status === 0) return errorMessage(e);
  if (e.status >= 500) return t("errors.import_format");
  const row = (e.details as { row?: unknown } | undefined)?.row;
  const own = e.status === 400 || typeof row === "number";
  const text =
    own && e.message ? e.message : i18n.exists(`errors.${e.code}`) ? errorMessage(e) : t("errors.import_invalid");
  return typeof row === "number" && !/ligne/i.test(text) ? `${text} ${t("project.users.import.row", { row })}` : text;
}

export function ImportUsersButton({ project, onImported }: { project: Project; onImported: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const input = useRef<HTMLInputElement>(null);
  const [open, setOpen] = useState(false);
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const close = () => {
    setOpen(false);
    setFile(null);
    setError(null);
  };

  const pick = (chosen: File | null) => {
    setError(null);
    if (chosen && !/\.xlsx$/i.test(chosen.name)) {
      setFile(null);
      setError(t("errors.xlsx_required"));
      return;
    }
    setFile(chosen);
  };

  const submit = async () => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      const { count } = await api.projects.importUsers(project.id, file);
      toast.success(t("project.users.import.done", { count }), { subject: "user" });
      onImported();
      close();
    } catch (e) {
      setError(importErrorText(e, t));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button icon={<ArrowUpload20Regular />} disabled={project.isArchived} onClick={() => setOpen(true)}>
        {t("project.users.import.button")}
      </Button>
      <ConfirmDialog
        open={open}
        title={t("project.users.import.title")}
        confirmLabel={t("project.users.import.confirm")}
        busy={busy}
        confirmDisabled={!file}
        onConfirm={() => void submit()}
        onCancel={close}
      >
        <div className={styles.body}>
          <Body1>{t("project.users.import.structure")}</Body1>
          <ul className={styles.columns}>
            <li>{t("project.users.import.columns.firstname")}</li>
            <li>{t("project.users.import.columns.lastname")}</li>
            <li>{t("project.users.import.columns.email")}</li>
            <li>{t("project.users.import.columns.type")}</li>
          </ul>
          <Caption1>{t("project.users.import.existing")}</Caption1>
          <Link href={USERS_IMPORT_TEMPLATE_URL} download>
            <ArrowDownload16Regular /> {t("project.users.import.template")}
          </Link>
          <div className={styles.file}>
            <input
              ref={input}
              className={styles.hidden}
              type="file"
              accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              aria-label={t("project.users.import.file")}
              onChange={(e) => {
                pick(e.target.files?.[0] ?? null);
                e.target.value = "";
              }}
            />
            <Button icon={<DocumentTable20Regular />} onClick={() => input.current?.click()} disabled={busy}>
              {t("project.users.import.choose")}
            </Button>
            <Body1>{file ? file.name : t("project.users.import.noFile")}</Body1>
          </div>
          {error ? (
            <MessageBar intent="error">
              <MessageBarBody role="alert">{error}</MessageBarBody>
            </MessageBar>
          ) : null}
        </div>
      </ConfirmDialog>
    </>
  );
}
