// The order-line import (spec 001 sections 2, 5, 8; issue 19): the .xlsx template to download, a filled one to
// import (.xlsx only; a refusal imports nothing and says which row and column are wrong), and the history of
// the version's imports: file, size (in MB as bytes / 1000 rounded), date, the file again, and the deletion of an
// import with the lines it created.
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Card,
  MessageBar,
  MessageBarBody,
  MessageBarTitle,
  Spinner,
  Subtitle1,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ArrowDownload20Regular, ArrowUpload20Regular, Delete20Regular } from "@fluentui/react-icons";
import { orderLineImportSizeMb } from "@jalon/shared";
import { orderLineImportsApi, type OrderLineImport } from "../../api/orderLines";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { ExportButton } from "../../components/FileButtons";
import { formatDateTime } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { isXlsx } from "../../lib/importError";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { importRefusal, type ImportRefusal } from "./importProblems";

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalM, marginTop: tokens.spacingVerticalXL },
  row: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  muted: { color: tokens.colorNeutralForeground3 },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
  actions: { display: "flex", gap: tokens.spacingHorizontalXS },
});

export function OrderLineImportPanel({
  projectId,
  versionId,
  onChanged,
}: {
  projectId: number;
  versionId: number;
  /** Lines were added or removed: the list reloads. */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<ImportRefusal | null>(null);
  const [removing, setRemoving] = useState<OrderLineImport | null>(null);
  const [deleting, setDeleting] = useState(false);
  const history = useAsync(
    () => orderLineImportsApi.list(projectId, versionId).then((r) => r.data),
    [projectId, versionId, refresh],
  );
  useEffect(() => {
    if (history.error) warnError(history.error);
  }, [history.error]);

  const upload = async (file: File) => {
    setRefusal(null);
    if (!isXlsx(file)) {
      setRefusal({ message: t("errors.xlsx_required"), problems: [] });
      return;
    }
    setBusy(true);
    try {
      const answer = await orderLineImportsApi.data(projectId, versionId, file);
      toast.success(t("orderLines.import.done", { count: answer.count ?? answer.data.length }));
      history.reload();
      onChanged();
    } catch (e) {
      const r = importRefusal(e);
      setRefusal(r);
      toast.warning(r.message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    if (!removing) return;
    setDeleting(true);
    try {
      await orderLineImportsApi.remove(removing.id);
      toast.success(t("orderLines.history.deleted"));
      history.setData((rows) => (rows ?? []).filter((r) => r.id !== removing.id));
      onChanged();
    } catch (e) {
      warnError(e);
    } finally {
      setDeleting(false);
      setRemoving(null);
    }
  };

  // Each wrong cell with its row and column (the server's message already names the first one).
  const problemLines = (refusal?.problems ?? []).map((p) =>
    p.row !== null && p.column !== null
      ? t("orderLines.import.problem", { row: p.row, column: p.column, message: p.message })
      : p.row !== null
        ? t("orderLines.import.problemRow", { row: p.row, message: p.message })
        : p.message,
  );

  const columns: DataTableColumn<OrderLineImport>[] = [
    { id: "fileName", header: t("orderLines.history.fileName") },
    {
      id: "fileSize",
      header: t("orderLines.history.size"),
      align: "end",
      render: (r) => String(orderLineImportSizeMb(r.fileSize)),
    },
    { id: "createdAt", header: t("orderLines.history.date"), render: (r) => formatDateTime(r.createdAt) },
    { id: "linesCount", header: t("orderLines.history.lines"), align: "end" },
    {
      id: "actions",
      header: t("orderLines.history.actions"),
      sortable: false,
      exportValue: false,
      render: (r) => (
        <span className={styles.actions}>
          <Button
            size="small"
            appearance="subtle"
            icon={<ArrowDownload20Regular />}
            aria-label={t("orderLines.history.downloadFile", { name: r.fileName })}
            title={t("orderLines.history.downloadFile", { name: r.fileName })}
            onClick={() =>
              void orderLineImportsApi.download(r).catch(() => toast.error(t("orderLines.history.downloadFailed")))
            }
          />
          <Button
            size="small"
            appearance="subtle"
            icon={<Delete20Regular />}
            aria-label={t("orderLines.history.deleteFile", { name: r.fileName })}
            title={t("orderLines.history.deleteFile", { name: r.fileName })}
            onClick={() => setRemoving(r)}
          />
        </span>
      ),
    },
  ];

  return (
    <Card className={styles.card} role="region" aria-labelledby="order-line-import-title">
      <Subtitle1 as="h2" id="order-line-import-title">
        {t("orderLines.import.title")}
      </Subtitle1>
      <Body1 className={styles.muted}>{t("orderLines.import.text")}</Body1>
      <div className={styles.row}>
        <ExportButton
          label={t("orderLines.import.template")}
          failedText={t("orderLines.import.templateFailed")}
          run={() => orderLineImportsApi.template(projectId, versionId)}
        />
        {/* The browser's own file button speaks the browser's language: a French button opens the hidden input. */}
        <input
          ref={input}
          type="file"
          hidden
          data-testid="order-line-import-file"
          aria-label={t("orderLines.import.upload")}
          accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = "";
            if (file) void upload(file);
          }}
        />
        <Button
          appearance="primary"
          icon={busy ? <Spinner size="tiny" /> : <ArrowUpload20Regular />}
          disabled={busy}
          onClick={() => input.current?.click()}
        >
          {busy ? t("orderLines.import.importing") : t("orderLines.import.upload")}
        </Button>
      </div>
      {refusal ? (
        <MessageBar intent="error" layout="multiline" data-testid="order-line-import-refusal">
          <MessageBarBody>
            <MessageBarTitle>{t("orderLines.import.errorTitle")}</MessageBarTitle>
            {problemLines.includes(refusal.message) ? null : refusal.message}
            {problemLines.length > 0 ? (
              <ul className={styles.problems}>
                {problemLines.map((text, i) => (
                  <li key={i}>{text}</li>
                ))}
              </ul>
            ) : null}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <Subtitle1 as="h3">{t("orderLines.history.title")}</Subtitle1>
      <DataTable
        columns={columns}
        rows={history.data ?? []}
        getRowId={(r) => r.id}
        rowName={(r) => r.fileName}
        ariaLabel={t("orderLines.history.label")}
        loading={history.loading && !history.data}
        emptyText={t("orderLines.history.empty")}
        defaultSort={{ field: "createdAt", direction: "DESC" }}
        size="small"
      />
      <ConfirmDialog
        open={removing !== null}
        title={t("orderLines.history.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={deleting}
        onConfirm={() => void remove()}
        onCancel={() => setRemoving(null)}
      >
        <Body1>
          {t("orderLines.history.deleteBody", { name: removing?.fileName ?? "", count: removing?.linesCount ?? 0 })}
        </Body1>
      </ConfirmDialog>
    </Card>
  );
}
