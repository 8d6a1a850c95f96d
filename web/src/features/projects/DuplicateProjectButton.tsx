// Duplication with a choice of versions (at least one). The clone is announced by the realtime
// project:startClone / project:endClone events; the creator switches to it at the end.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Caption1,
  Checkbox,
  Field,
  Input,
  Spinner,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { DocumentCopy20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { api } from "../../api/client";
import type { Project, Version } from "../../api/types";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { warnError } from "../../lib/errors";
import { formatDateTime } from "../../lib/dates";
import { toast, useToasts } from "../../store/toasts";
import { CLONE_TOAST_ID } from "../../realtime/handleEvent";

const useStyles = makeStyles({
  list: {
    display: "flex",
    flexDirection: "column",
    maxHeight: "260px",
    overflowY: "auto",
    margin: `${tokens.spacingVerticalS} 0`,
  },
  body: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
  error: { color: tokens.colorPaletteRedForeground1 },
});

export function DuplicateProjectButton({ project }: { project: Project }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [open, setOpen] = useState(false);
  const [versions, setVersions] = useState<Version[] | null>(null);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const [name, setName] = useState("");
  const [busy, setBusy] = useState(false);

  const start = async () => {
    setOpen(true);
    setName(t("project.duplicate.defaultName", { name: project.name }).slice(0, TEXT_MAX_LENGTH));
    setVersions(null);
    try {
      const { data } = await api.versions.list(project.id);
      setVersions(data);
      const current = data.find((v) => v.isActiveVersion) ?? data[0];
      setChosen(new Set(current ? [current.id] : []));
    } catch (e) {
      warnError(e, "version");
      setVersions([]);
    }
  };

  const duplicate = async () => {
    setBusy(true);
    try {
      await api.projects.clone(project.id, [...chosen], name.trim() || undefined);
      // One toast for the duplication (issue 20): this notice and the live "Le projet a été dupliqué." share it, and
      // a duplication already announced done (its live end came before this answer) is not said started again.
      const done = useToasts.getState().items.some((x) => x.id === CLONE_TOAST_ID && x.intent === "success");
      if (!done) toast.info(t("project.duplicate.started"), { subject: "project", id: CLONE_TOAST_ID });
      setOpen(false);
    } catch (e) {
      warnError(e, "project");
    } finally {
      setBusy(false);
    }
  };

  const toggle = (id: number, checked: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (checked) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <>
      <Button icon={<DocumentCopy20Regular />} onClick={() => void start()}>
        {t("project.duplicate.button")}
      </Button>
      <ConfirmDialog
        open={open}
        title={t("project.duplicate.title")}
        confirmLabel={t("project.duplicate.confirm")}
        busy={busy}
        confirmDisabled={chosen.size === 0 || !name.trim()}
        onConfirm={() => void duplicate()}
        onCancel={() => setOpen(false)}
      >
        <div className={styles.body}>
          <Field label={t("project.duplicate.name")} required>
            <Input value={name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => setName(d.value)} />
          </Field>
          <Body1>{t("project.duplicate.body")}</Body1>
          {versions === null ? (
            <Spinner size="small" />
          ) : (
            <>
              <div className={styles.list} role="group" aria-label={t("versions.title")}>
                {versions.map((v) => (
                  <Checkbox
                    key={v.id}
                    label={`${v.name} — ${formatDateTime(v.createdAt)}`}
                    checked={chosen.has(v.id)}
                    onChange={(_, d) => toggle(v.id, d.checked === true)}
                  />
                ))}
              </div>
              {chosen.size === 0 ? (
                <Caption1 className={styles.error} role="alert">
                  {t("project.duplicate.atLeastOne")}
                </Caption1>
              ) : null}
            </>
          )}
        </div>
      </ConfirmDialog>
    </>
  );
}
