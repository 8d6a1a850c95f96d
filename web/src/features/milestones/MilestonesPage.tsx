// /dashboard/milestones: the milestones of the viewed version that are not hidden, sorted by name
// (GET /event type milestone, milestoneToHide false, joined with sequence.instantiationConfig).
import { useEffect, useMemo, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button } from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { eventsApi, milestonesApi, type EventItem } from "../../api/events";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { AppLink } from "../../components/AppLink";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { SearchField } from "../../components/SearchField";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { ColorDot } from "../../components/Color";
import { formatDay } from "../../lib/dates";

export default function MilestonesPage() {
  return (
    <WithVersion>
      {(projectId, versionId) => <MilestonesList projectId={projectId} versionId={versionId} />}
    </WithVersion>
  );
}

function MilestonesList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const [search, setSearch] = useState("");
  const list = useAsync(() => milestonesApi.list(versionId), [versionId, refresh]);
  const deletion = useSelectionDelete(async (ids) => {
    const res = await eventsApi.bulkDelete(ids, projectId, versionId);
    toast.success(t("milestones.deleted", { count: res?.count ?? ids.length }), { subject: "event" });
    list.reload();
  }, "event");
  useEffect(() => {
    if (list.error) warnError(list.error, "event");
  }, [list.error]);

  const shown = useMemo(() => {
    const q = search.trim().toLocaleLowerCase("fr");
    return (list.data?.data ?? []).filter(
      (m) => !m.milestoneToHide && (!q || m.name.toLocaleLowerCase("fr").includes(q)),
    );
  }, [list.data, search]);

  const yesNo = (v: boolean) => t(v ? "milestones.yes" : "milestones.no");
  const columns: DataTableColumn<EventItem>[] = [
    {
      id: "name",
      header: t("milestones.columns.name"),
      render: (m) => <AppLink to={`/dashboard/milestone/${m.id}`}>{m.name}</AppLink>,
    },
    { id: "startDate", header: t("milestones.columns.date"), render: (m) => formatDay(m.startDate) },
    {
      id: "color",
      header: t("milestones.columns.color"),
      render: (m) => (
        <>
          <ColorDot color={m.color ?? "#FFFFFF"} /> {(m.color ?? "#FFFFFF").toUpperCase()}
        </>
      ),
    },
    { id: "isContractual", header: t("milestones.columns.isContractual"), render: (m) => yesNo(m.isContractual) },
    { id: "isTracked", header: t("milestones.columns.isTracked"), render: (m) => yesNo(m.isTracked) },
    {
      id: "sequence",
      header: t("milestones.columns.sequence"),
      render: (m) => m.sequence?.name ?? "",
      sortValue: (m) => m.sequence?.name,
    },
  ];

  return (
    <>
      <PageHeader
        title={t("milestones.title")}
        actions={
          <>
            {deletion.selected.size > 0 ? (
              <Button icon={<Delete20Regular />} onClick={deletion.ask}>
                {t("milestones.deleteSelected", { count: deletion.selected.size })}
              </Button>
            ) : null}
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/milestone/new")}>
              {t("milestones.new")}
            </Button>
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={shown}
        getRowId={(m) => m.id}
        ariaLabel={t("milestones.listLabel")}
        loading={list.loading}
        emptyText={search.trim() ? t("milestones.emptySearch") : t("milestones.empty")}
        exportFile={{ subject: "event", run: () => milestonesApi.export(versionId, search) }}
        {...deletion.tableProps}
        toolbar={<SearchField label={t("milestones.search")} value={search} onChange={setSearch} />}
      />
      <ConfirmDelete flow={deletion} title={t("milestones.deleteTitle")}>
        {t("milestones.deleteText", { count: deletion.pending.length })}
      </ConfirmDelete>
    </>
  );
}
