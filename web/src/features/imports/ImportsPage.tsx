// /dashboard/imports: the structure file (tags, phases, macro-tasks, holidays), the zone file (POST
// /zone/import) and the existing files (the version's current content, in the import formats).
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Card,
  Caption1,
  Link,
  Spinner,
  Subtitle1,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowDownload16Regular, ArrowUpload20Regular, DocumentArrowUp20Regular } from "@fluentui/react-icons";
import { zonesApi } from "../../api/reference";
import { holidaysApi, importsApi, tagsApi } from "../../api/referenceMore";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { setUndoRemaining } from "../../store/project";
import { useRefresh } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { importErrorMessage, isXlsx } from "../../lib/importError";
import { ImportScheduleButton } from "../interchange/ImportScheduleButton";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(320px, 1fr))",
    gap: tokens.spacingHorizontalL,
  },
  card: { padding: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM },
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  links: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    margin: 0,
    paddingLeft: 0,
    listStyle: "none",
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export default function ImportsPage() {
  return <WithVersion>{(projectId, versionId) => <Imports projectId={projectId} versionId={versionId} />}</WithVersion>;
}

function ImportCard({
  id,
  title,
  text,
  onImport,
}: {
  id: string;
  title: string;
  text: string;
  onImport: (file: File) => Promise<string>;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [file, setFile] = useState<File | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const run = async () => {
    if (!file) return;
    if (!isXlsx(file)) {
      toast.error(t("imports.xlsxOnly"));
      return;
    }
    setBusy(true);
    try {
      const detail = await onImport(file);
      toast.success(`${t("confirmation_messages.import_success")} ${detail}`);
      setFile(null);
    } catch (e) {
      toast.warning(importErrorMessage(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card className={styles.card} role="region" aria-labelledby={`${id}-title`}>
      <Subtitle1 as="h2" id={`${id}-title`}>
        {title}
      </Subtitle1>
      <Body1 className={styles.muted}>{text}</Body1>
      <div className={styles.row}>
        {/* The browser's own file button speaks the browser's language: a French button opens the hidden input. */}
        <input
          ref={input}
          id={`${id}-file`}
          type="file"
          hidden
          aria-label={t("imports.chooseFile")}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        <Button icon={<DocumentArrowUp20Regular />} onClick={() => input.current?.click()}>
          {t("imports.pickFile")}
        </Button>
      </div>
      <div className={styles.row}>
        <Button
          appearance="primary"
          icon={busy ? <Spinner size="tiny" /> : <ArrowUpload20Regular />}
          disabled={!file || busy}
          onClick={() => void run()}
        >
          {busy ? t("imports.importing") : t("imports.import")}
        </Button>
        {!file ? <Caption1 className={styles.muted}>{t("imports.noFile")}</Caption1> : <Caption1>{file.name}</Caption1>}
      </div>
    </Card>
  );
}

function Imports({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const bump = useRefresh((s) => s.bump);
  const download = (fn: () => Promise<void>) => () => {
    fn().catch(() => toast.error(t("imports.existing.failed")));
  };
  const files = [
    { key: "structure", run: () => importsApi.exportStructure(projectId, versionId) },
    { key: "zones", run: () => zonesApi.export(projectId, versionId) },
    { key: "tags", run: () => tagsApi.export(projectId, versionId) },
    { key: "holidays", run: () => holidaysApi.export(projectId, versionId) },
  ];
  return (
    <>
      <PageHeader title={t("imports.title")} actions={<ImportScheduleButton />} />
      <div className={styles.grid}>
        <ImportCard
          id="structure"
          title={t("imports.structure.title")}
          text={t("imports.structure.text")}
          onImport={async (file) => {
            const { counts, undoRemaining } = await importsApi.structure(projectId, versionId, file);
            // The import is one undo step: the header's counter follows.
            setUndoRemaining(undoRemaining);
            bump("data");
            bump("planning");
            return t("imports.structure.done", counts);
          }}
        />
        <ImportCard
          id="zone"
          title={t("imports.zone.title")}
          text={t("imports.zone.text")}
          onImport={async (file) => {
            const answer = await zonesApi.import(projectId, versionId, file);
            bump("data");
            return t("imports.zone.done", { count: answer.data.length });
          }}
        />
        <Card className={styles.card} role="region" aria-labelledby="existing-title">
          <Subtitle1 as="h2" id="existing-title">
            {t("imports.existing.title")}
          </Subtitle1>
          <Body1 className={styles.muted}>{t("imports.existing.text")}</Body1>
          <ul className={styles.links}>
            {files.map((f) => (
              <li key={f.key}>
                <Link as="button" onClick={download(f.run)}>
                  <ArrowDownload16Regular /> {t(`imports.existing.${f.key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
