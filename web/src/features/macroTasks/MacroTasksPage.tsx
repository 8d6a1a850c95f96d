// /dashboard/macro-tasks: the macro-tasks of the viewed version (spec 001 section 2): name (250 wide), start
// and end dates, lot, specialities, tracked unit (editable in the row), tracking level, global counting
// progression, completed flag; all sortable but the last four. A second list shows each one's zones.
import { isOrderLineUnit, type OrderLineUnit } from "@jalon/shared";
import { useEffect } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Select, Subtitle1, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular } from "@fluentui/react-icons";
import { ORDER_LINE_UNITS } from "@jalon/shared";
import { macroTasksApi, type MacroTaskItem } from "../../api/referenceMore";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { formatDay } from "../../lib/dates";

const useStyles = makeStyles({
  section: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalXXL,
  },
  unit: { minWidth: "90px" },
});

export default function MacroTasksPage() {
  return (
    <WithVersion>{(projectId, versionId) => <MacroTasks projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

/** "45 %" with at most 2 decimals (spec 001 section 9: fractional values with 2 decimals). */
export function formatProgress(value: number | null): string {
  if (value === null) return "";
  return `${new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(value)} %`;
}

function MacroTasks({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const list = useAsync(() => macroTasksApi.list(projectId, versionId), [projectId, versionId, refresh]);
  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);
  const rows = list.data?.data ?? [];
  const open = (m: MacroTaskItem) => navigate(`/dashboard/macro-task/${m.id}/informations`);

  const saveUnit = async (m: MacroTaskItem, trackedUnit: OrderLineUnit | null) => {
    try {
      const answer = await macroTasksApi.bulkUpdate([{ id: m.id, trackedUnit }]);
      const fresh = new Map(answer.data.map((x) => [x.id, x]));
      list.setData((prev) =>
        prev
          ? {
              ...prev,
              data: prev.data.map((x) => (fresh.has(x.id) ? { ...x, ...fresh.get(x.id), zones: x.zones } : x)),
            }
          : prev!,
      );
      toast.success(t("macroTasks.unitSaved"));
    } catch (e) {
      warnError(e);
    }
  };

  const columns: DataTableColumn<MacroTaskItem>[] = [
    { id: "name", header: t("macroTasks.columns.name"), width: 250 },
    { id: "startDate", header: t("macroTasks.columns.startDate"), render: (m) => formatDay(m.startDate) },
    { id: "endDate", header: t("macroTasks.columns.endDate"), render: (m) => formatDay(m.endDate) },
    {
      id: "participantGroup",
      header: t("macroTasks.columns.participantGroup"),
      render: (m) => m.participantGroupPro?.name ?? "",
      sortValue: (m) => m.participantGroupPro?.name ?? null,
    },
    {
      id: "specialities",
      header: t("macroTasks.columns.specialities"),
      render: (m) => m.specialities.map((s) => s.name).join(", "),
      sortValue: (m) => m.specialities.map((s) => s.name).join(", ") || null,
    },
    {
      id: "trackedUnit",
      header: t("macroTasks.columns.trackedUnit"),
      sortable: false,
      render: (m) => (
        <Select
          className={styles.unit}
          size="small"
          aria-label={t("macroTasks.trackedUnitOf", { name: m.name })}
          value={m.trackedUnit ?? ""}
          onClick={(e) => e.stopPropagation()}
          onChange={(_, d) => void saveUnit(m, isOrderLineUnit(d.value) ? d.value : null)}
        >
          <option value="">{t("macroTasks.noUnit")}</option>
          {ORDER_LINE_UNITS.map((u) => (
            <option key={u} value={u}>
              {u}
            </option>
          ))}
        </Select>
      ),
    },
    {
      id: "trackingLevel",
      header: t("macroTasks.columns.trackingLevel"),
      sortable: false,
      render: (m) => (m.trackingLevel ? t(`macroTasks.unities.${m.trackingLevel}`) : ""),
    },
    {
      id: "globalCounting",
      header: t("macroTasks.columns.progression"),
      sortable: false,
      render: (m) => formatProgress(m.globalCounting),
    },
    {
      id: "isComplete",
      header: t("macroTasks.columns.completed"),
      sortable: false,
      render: (m) => (m.isComplete ? t("macroTasks.yes") : t("macroTasks.no")),
    },
  ];
  const zoneColumns: DataTableColumn<MacroTaskItem>[] = [
    { id: "name", header: t("macroTasks.columns.name"), width: 250 },
    {
      id: "zones",
      header: t("macroTasks.columns.zones"),
      render: (m) => (m.zones ?? []).map((z) => z.name).join(", "),
      sortValue: (m) => (m.zones ?? []).map((z) => z.name).join(", ") || null,
    },
  ];

  const deletion = useSelectionDelete(async (ids) => {
    await macroTasksApi.bulkDelete(ids);
    toast.success(t("macroTasks.deleted"));
    list.reload();
  });

  return (
    <>
      <PageHeader
        title={t("macroTasks.title")}
        actions={
          <Button
            appearance="primary"
            icon={<Add20Regular />}
            onClick={() => navigate("/dashboard/macro-task/new/informations")}
          >
            {t("macroTasks.new")}
          </Button>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(m) => m.id}
        ariaLabel={t("macroTasks.listLabel")}
        csvExport={{ fileName: t("macroTasks.listLabel") }}
        loading={list.loading}
        emptyText={t("macroTasks.empty")}
        onRowClick={open}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
      />
      <section className={styles.section}>
        <Subtitle1 as="h2">{t("macroTasks.zonesListTitle")}</Subtitle1>
        <DataTable
          columns={zoneColumns}
          rows={rows}
          getRowId={(m) => m.id}
          ariaLabel={t("macroTasks.zonesListLabel")}
          csvExport={{ fileName: t("macroTasks.zonesListLabel") }}
          loading={list.loading}
          emptyText={t("macroTasks.empty")}
          onRowClick={open}
        />
      </section>
      <ConfirmDelete flow={deletion} title={t("macroTasks.deleteTitle")}>
        {t("macroTasks.deleteText", { count: deletion.pending.length })}
      </ConfirmDelete>
    </>
  );
}
