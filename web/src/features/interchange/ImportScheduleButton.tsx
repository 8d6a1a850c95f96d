// "Importer un planning (MS Project, Primavera P6)": a .xml (MSPDI) or .xer file becomes a new project
// (POST /project/import-schedule). A toast stays while the server reads the file; the summary dialog follows.
import { useRef, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button } from "@fluentui/react-components";
import { DocumentArrowUp20Regular } from "@fluentui/react-icons";
import { SCHEDULE_IMPORT_EXTENSIONS } from "@jalon/shared";
import { api } from "../../api/client";
import { ApiError } from "../../api/http";
import { interchangeApi } from "../../api/interchange";
import { importErrorMessage } from "../../lib/importError";
import { useProject } from "../../store/project";
import { useRefresh } from "../../store/refresh";
import { toast, useToasts } from "../../store/toasts";
import { ImportSummaryDialog, type ImportSummary } from "./ImportSummaryDialog";

export const isScheduleFile = (file: File) =>
  SCHEDULE_IMPORT_EXTENSIONS.some((ext) => file.name.toLowerCase().endsWith(ext));

/** A refusal's text: the server's French sentence when it gives one, else the catalogue's. */
function refusalText(e: unknown): string {
  if (e instanceof ApiError && e.status >= 400 && e.status < 500 && e.message && !/^[a-z_.]+$/.test(e.message))
    return e.message;
  return importErrorMessage(e);
}

export function ImportScheduleButton() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const selectProject = useProject((s) => s.selectProject);
  const bump = useRefresh((s) => s.bump);
  const input = useRef<HTMLInputElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const [busy, setBusy] = useState(false);
  const [summary, setSummary] = useState<ImportSummary | null>(null);

  const run = async (file: File) => {
    if (!isScheduleFile(file)) {
      toast.error(t("interchange.import.wrongType"));
      return;
    }
    setBusy(true);
    const progress = toast.info(t("interchange.import.progress", { name: file.name }), { timeout: 0 });
    try {
      const answer = await interchangeApi.importSchedule(file);
      const milestones = await interchangeApi.milestoneCount(answer.versionId).catch(() => null);
      useToasts.getState().dismiss(progress);
      bump("data");
      setSummary({ fileName: file.name, answer, milestones });
    } catch (e) {
      useToasts.getState().dismiss(progress);
      toast.error(t("interchange.import.failed", { message: refusalText(e) }));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = "";
    }
  };

  const close = () => {
    setSummary(null);
    // The dialog had no trigger of its own: focus goes back to the button that started the import.
    requestAnimationFrame(() => button.current?.focus());
  };

  const openPlanning = async (projectId: number) => {
    try {
      selectProject(await api.projects.get(projectId));
      setSummary(null);
      navigate("/dashboard/planning");
    } catch (e) {
      toast.error(refusalText(e));
    }
  };

  return (
    <>
      {/* The browser's own file button speaks the browser's language: a French button opens the hidden input. */}
      <input
        ref={input}
        type="file"
        hidden
        aria-label={t("interchange.import.fileLabel")}
        accept={SCHEDULE_IMPORT_EXTENSIONS.join(",")}
        data-testid="schedule-import-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          if (file) void run(file);
        }}
      />
      <Button
        ref={button}
        icon={<DocumentArrowUp20Regular />}
        disabled={busy}
        onClick={() => input.current?.click()}
        data-testid="schedule-import"
      >
        {t("interchange.import.button")}
      </Button>
      <ImportSummaryDialog summary={summary} onClose={close} onOpenPlanning={(id) => void openPlanning(id)} />
    </>
  );
}
