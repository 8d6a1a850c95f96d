import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowDown20Regular, ArrowUp20Regular, Signature20Regular } from "@fluentui/react-icons";
import { api } from "../api/client";
import { warnError } from "../lib/errors";
import { useProject } from "../store/project";
import { toast } from "../store/toasts";
import { usePlanningStore } from "./planningStore";

const useStyles = makeStyles({
  bar: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

/**
 * What each planning mode means on screen: the hint, and the mode's own actions (ordering moves the selected
 * row; signing signs the current version). Recalibration has its side panel (RecalibrationPanel, RecalibrationList).
 */
export function PlanningModeBar({ readOnly, nameOf }: { readOnly: boolean; nameOf: (id: number) => string }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const mode = usePlanningStore((s) => s.mode);
  const pickMode = usePlanningStore((s) => s.pickMode);
  const selection = usePlanningStore((s) => s.selection);
  const requestRowMove = usePlanningStore((s) => s.requestRowMove);
  if (readOnly) return null;
  if (pickMode !== "none") {
    const hint =
      pickMode === "child" || pickMode === "parent"
        ? selection.length === 1
          ? `hint${pickMode === "child" ? "Child" : "Parent"}`
          : "needSource"
        : `hint${pickMode === "task" ? "Task" : "Milestone"}`;
    return (
      <MessageBar intent="info" data-testid="pick-hint">
        <MessageBarBody>
          {t(`planning.pick.${hint}`, { name: selection.length === 1 ? nameOf(selection[0]) : "" })}
        </MessageBarBody>
      </MessageBar>
    );
  }
  if (mode === "print") return null;
  return (
    <div className={styles.bar} data-testid="mode-bar">
      <Caption1>{t(`planning.modeHints.${mode}`)}</Caption1>
      {mode === "ordering" ? (
        <>
          <Button
            size="small"
            icon={<ArrowUp20Regular />}
            disabled={selection.length !== 1}
            onClick={() => requestRowMove(-1)}
          >
            {t("planning.reorder.up")}
          </Button>
          <Button
            size="small"
            icon={<ArrowDown20Regular />}
            disabled={selection.length !== 1}
            onClick={() => requestRowMove(1)}
          >
            {t("planning.reorder.down")}
          </Button>
          <Caption1>{t("planning.reorder.hint")}</Caption1>
        </>
      ) : null}
      {mode === "signing" ? <SignVersion /> : null}
    </div>
  );
}

function SignVersion() {
  const { t } = useTranslation();
  const project = useProject((s) => s.project);
  const versionId = useProject((s) => s.versionId);
  const versions = useProject((s) => s.versions);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!project) return null;
  const current = project.currentVersionId ?? versionId;
  const name = versions.find((v) => v.id === current)?.name ?? "";
  const reason = project.signedVersionId ? "already" : project.isArchived ? "archived" : null;
  const sign = async () => {
    if (!current) return;
    setBusy(true);
    try {
      const saved = await api.projects.sign(project.id, current);
      const latest = useProject.getState().project ?? project;
      useProject.getState().setProject({ ...latest, ...saved, signedVersionId: saved?.signedVersionId ?? current });
      toast.success(t("planning.signing.done"), { subject: "version" });
      setOpen(false);
    } catch (e) {
      warnError(e, "version");
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        size="small"
        appearance="primary"
        icon={<Signature20Regular />}
        disabled={reason !== null || !current}
        onClick={() => setOpen(true)}
      >
        {t("planning.signing.action")}
      </Button>
      {reason ? <Caption1>{t(`planning.signing.${reason}`)}</Caption1> : null}
      <Dialog open={open} onOpenChange={(_, d) => setOpen(d.open)}>
        <DialogSurface>
          <DialogBody>
            <DialogTitle>{t("planning.signing.confirmTitle")}</DialogTitle>
            <DialogContent>{t("planning.signing.confirmBody", { name })}</DialogContent>
            <DialogActions>
              <Button onClick={() => setOpen(false)} disabled={busy}>
                {t("planning.signing.cancel")}
              </Button>
              <Button appearance="primary" onClick={() => void sign()} disabled={busy}>
                {t("planning.signing.confirm")}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
