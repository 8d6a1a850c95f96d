// /dashboard/holidays: the holidays (name, start date) and the vacations (name, start date, end date) of the
// viewed version in two tables; a row opens its form, the selection can be deleted (the version is
// re-planned by the server), the whole calendar exports to .xlsx.
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Subtitle1, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import type { HolidayType } from "@jalon/shared";
import { holidaysApi, type HolidayItem } from "../../api/referenceMore";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { ExportButton } from "../../components/FileButtons";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { setUndoRemaining } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { formatDay } from "../../lib/dates";

const useStyles = makeStyles({
  section: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalXXL,
  },
});

export default function HolidaysPage() {
  return (
    <WithVersion>{(projectId, versionId) => <Holidays projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function Holidays({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <>
      <PageHeader
        title={t("holidays.title")}
        actions={
          <>
            {/* One file for both tables (holidays and vacations), so the export stays on the page. */}
            <ExportButton
              label={t("holidays.export")}
              failedText={t("holidays.exportFailed")}
              subject="holiday"
              run={() => holidaysApi.export(projectId, versionId)}
            />
            <Button icon={<Add20Regular />} onClick={() => navigate("/dashboard/holiday/new/vacation")}>
              {t("holidays.newVacation")}
            </Button>
            <Button
              appearance="primary"
              icon={<Add20Regular />}
              onClick={() => navigate("/dashboard/holiday/new/holiday")}
            >
              {t("holidays.newHoliday")}
            </Button>
          </>
        }
      />
      <HolidayTable projectId={projectId} versionId={versionId} type="holiday" />
      <HolidayTable projectId={projectId} versionId={versionId} type="vacation" />
    </>
  );
}

function HolidayTable({ projectId, versionId, type }: { projectId: number; versionId: number; type: HolidayType }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const list = useAsync(() => holidaysApi.list(projectId, versionId, type), [projectId, versionId, type, refresh]);
  useEffect(() => {
    if (list.error) warnError(list.error, "holiday");
  }, [list.error]);

  const columns: DataTableColumn<HolidayItem>[] = [
    { id: "name", header: t("holidays.columns.name") },
    { id: "startDate", header: t("holidays.columns.startDate"), render: (h) => formatDay(h.startDate) },
    ...(type === "vacation"
      ? [{ id: "endDate", header: t("holidays.columns.endDate"), render: (h: HolidayItem) => formatDay(h.endDate) }]
      : []),
  ];

  const deletion = useSelectionDelete(async (ids) => {
    const answer = await holidaysApi.bulkDelete(ids);
    setUndoRemaining(answer.undoRemaining);
    toast.success(t("holidays.deleted"), { subject: "holiday" });
    list.reload();
  }, "holiday");

  return (
    <section className={styles.section}>
      <Subtitle1 as="h2">{t(type === "holiday" ? "holidays.holidaysTitle" : "holidays.vacationsTitle")}</Subtitle1>
      <DataTable
        columns={columns}
        rows={list.data?.data ?? []}
        getRowId={(h) => h.id}
        ariaLabel={t(type === "holiday" ? "holidays.holidaysLabel" : "holidays.vacationsLabel")}
        loading={list.loading}
        emptyText={t(type === "holiday" ? "holidays.emptyHolidays" : "holidays.emptyVacations")}
        onRowClick={(h) => navigate(`/dashboard/holiday/${h.id}/${type}`)}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
      />
      <ConfirmDelete flow={deletion} title={t("holidays.deleteTitle")}>
        {t("holidays.deleteText", { count: deletion.pending.length })}
      </ConfirmDelete>
    </section>
  );
}
