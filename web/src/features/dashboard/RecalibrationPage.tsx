// /dashboard/recalibration-tasks (issue 17): the late counted tasks of the followed version at a date, with the
// dates a recalibration gives them (GET /project/{id}/recalibration, nothing written), the re-dating of the
// chosen ones (POST /project/{id}/recalibration: successors re-planned, one undo step, one shift history row per
// task) and the version's shift history (GET /history/shift, the planning's recalibration mode list) with its
// .xlsx export (GET /history/shift/export).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, MessageBar, MessageBarBody, Subtitle2, Text, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowClockwise20Regular } from "@fluentui/react-icons";
import { filter } from "../../api/client";
import { downloadFile } from "../../api/referenceMore";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { DataTable, type DataTableColumn, type RowId } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { formatDay, formatDateTime } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useBusy } from "../../lib/useBusy";
import { shiftRows, type ShiftEntry } from "../../planning/filters/filterOptions";
import { useProject } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { DayField } from "../../components/DayField";
import { TrackedVersionNote, WithTrackedVersion } from "./TrackedVersion";
import { dashboardApi, type RecalibrationTask } from "../../api/dashboard";
import { trackedColumns } from "./tracked";

const useStyles = makeStyles({
  bar: { display: "flex", flexWrap: "wrap", alignItems: "flex-start", columnGap: tokens.spacingHorizontalL },
  section: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalXL,
  },
});

export default function RecalibrationPage() {
  return (
    <WithTrackedVersion>
      {(projectId, versionId) => <Recalibration projectId={projectId} versionId={versionId} />}
    </WithTrackedVersion>
  );
}

function Recalibration({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const [date, setDate] = useState("");
  const [selected, setSelected] = useState<Set<RowId>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const { busy, run } = useBusy("project");
  const frozen = useProject((s) => s.versions.find((v) => v.id === versionId)?.isArchived === true);
  const preview = useAsync(
    () => dashboardApi.recalibrationPreview(projectId, versionId, date),
    [projectId, versionId, date, refresh],
  );
  const history = useAsync(() => shiftRows(projectId, versionId), [projectId, versionId, refresh]);
  useEffect(() => {
    const e = preview.error ?? history.error;
    if (e) warnError(e, "project");
  }, [preview.error, history.error]);
  const tasks = preview.data?.tasks ?? [];
  // Every proposed task is chosen when the proposal changes.
  useEffect(() => setSelected(new Set((preview.data?.tasks ?? []).map((x) => x.id))), [preview.data]);

  const columns: DataTableColumn<RecalibrationTask>[] = [
    ...trackedColumns<RecalibrationTask>(t, new Map(), new Map()).filter((c) => c.id !== "lot" && c.id !== "zone"),
    {
      id: "newStartDate",
      header: t("dashboard.recalibration.newStart"),
      render: (x) => formatDay(x.newStartDate),
      sortValue: (x) => x.newStartDate,
    },
    {
      id: "newEndDate",
      header: t("dashboard.recalibration.newEnd"),
      render: (x) => formatDay(x.newEndDate),
      sortValue: (x) => x.newEndDate,
    },
  ];
  const historyColumns: DataTableColumn<ShiftEntry>[] = [
    { id: "name", header: t("dashboard.recalibration.historyName") },
    {
      id: "event",
      header: t("dashboard.task"),
      render: (e) => e.event?.name ?? "",
      sortValue: (e) => e.event?.name ?? "",
    },
    {
      id: "createdAt",
      header: t("dashboard.recalibration.doneAt"),
      render: (e) => formatDateTime(e.createdAt),
      sortValue: (e) => e.createdAt,
    },
    {
      id: "user",
      header: t("dashboard.recalibration.by"),
      render: (e) => (e.user ? `${e.user.firstname} ${e.user.lastname}` : ""),
      sortValue: (e) => (e.user ? `${e.user.lastname} ${e.user.firstname}` : ""),
    },
  ];
  const chosen = tasks.filter((x) => selected.has(x.id)).map((x) => x.id);

  const recalibrate = () =>
    void run(async () => {
      const done = await dashboardApi.recalibrate(projectId, versionId, date, chosen);
      setConfirming(false);
      toast.success(
        t("dashboard.recalibration.done", {
          count: done.tasks.length,
          end: formatDay(done.projectedEndDate ?? null) || t("dashboard.none"),
        }),
        { subject: "project" },
      );
      preview.reload();
      history.reload();
    }).then((ok) => {
      if (!ok) setConfirming(false);
    });

  return (
    <>
      <PageHeader
        title={t("dashboard.recalibration.title")}
        actions={
          <Button
            appearance="primary"
            icon={<ArrowClockwise20Regular />}
            disabled={chosen.length === 0 || busy || frozen}
            onClick={() => setConfirming(true)}
          >
            {t("dashboard.recalibration.run", { count: chosen.length })}
          </Button>
        }
      />
      <Text as="p">{t("dashboard.recalibration.intro")}</Text>
      <TrackedVersionNote versionId={versionId} />
      {frozen ? (
        <MessageBar intent="warning">
          <MessageBarBody>{t("dashboard.recalibration.frozen")}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.bar}>
        <DayField value={date} onChange={setDate} />
      </div>
      <DataTable
        columns={columns}
        rows={tasks}
        getRowId={(x) => x.id}
        ariaLabel={t("dashboard.recalibration.tableLabel")}
        loading={preview.loading}
        emptyText={t("dashboard.recalibration.empty")}
        defaultSort={{ field: "gap", direction: "DESC" }}
        selectable
        selectedIds={selected}
        onSelectionChange={setSelected}
        csvExport={{ fileName: "Recalage_apercu" }}
      />
      <section className={styles.section}>
        <Subtitle2 as="h2">{t("dashboard.recalibration.history")}</Subtitle2>
        <DataTable
          columns={historyColumns}
          rows={history.data ?? []}
          getRowId={(e) => e.id}
          ariaLabel={t("dashboard.recalibration.history")}
          loading={history.loading}
          emptyText={t("dashboard.recalibration.noHistory")}
          defaultSort={{ field: "createdAt", direction: "DESC" }}
          exportFile={{
            label: t("dashboard.recalibration.export"),
            subject: "project",
            run: () =>
              downloadFile(
                "/history/shift/export",
                { filter: [filter("projectId", "$eq", projectId), filter("versionId", "$eq", versionId)] },
                "Historique_recalages.xlsx",
              ),
          }}
        />
      </section>
      <ConfirmDialog
        open={confirming}
        title={t("dashboard.recalibration.confirmTitle")}
        confirmLabel={t("dashboard.recalibration.confirm")}
        busy={busy}
        onConfirm={recalibrate}
        onCancel={() => setConfirming(false)}
      >
        {t("dashboard.recalibration.confirmText", { count: chosen.length })}
      </ConfirmDialog>
    </>
  );
}
