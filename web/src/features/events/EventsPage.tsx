// /dashboard/events: the events of the viewed version (name, trigram, lot, zone, start, end, days, people),
// searched by name (contL), filtered by type, sorted and paged on the server (25, 50, 100, 250 rows);
// the selection can be deleted, with the catalogue's refusals shown as warnings (errors.{code}).
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Badge, Button, Select } from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { eventsApi, type EventItem, type PlannedEventType } from "../../api/events";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { AppLink } from "../../components/AppLink";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, initialTableQuery, type DataTableColumn, type TableQuery } from "../../components/DataTable";
import { SearchField } from "../../components/SearchField";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { ExportButton } from "../../components/ExportButton";
import { exportsApi } from "../../api/exports";
import { formatDay } from "../../lib/dates";
import { useDebounced } from "../../lib/useDebounced";

type TypeFilter = PlannedEventType | "all";

export function editPathOf(event: Pick<EventItem, "id" | "type">): string {
  return event.type === "milestone" ? `/dashboard/milestone/${event.id}` : `/dashboard/event/${event.id}`;
}

export default function EventsPage() {
  return (
    <WithVersion>{(projectId, versionId) => <EventsList projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function EventsList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const [search, setSearch] = useState("");
  const name = useDebounced(search.trim(), 300);
  const [type, setType] = useState<TypeFilter>("task");
  // Sorted and paged on the server: a column's id is the field it sorts on (event.schema.ts `sortable`).
  const [query, setQuery] = useState<TableQuery>(() => initialTableQuery());
  const { page, pageSize, sort } = query;
  useEffect(() => setQuery((q) => ({ ...q, page: 0 })), [name, type]);

  const list = useAsync(
    () =>
      eventsApi.list({
        versionId,
        type: type === "all" ? undefined : type,
        name,
        sort: { field: sort.field, order: sort.direction },
        limit: pageSize,
        offset: page * pageSize,
        join: ["zone", "participantGroupPro"],
      }),
    [versionId, type, name, sort.field, sort.direction, pageSize, page, refresh],
  );
  useEffect(() => {
    if (list.error) warnError(list.error, "event");
  }, [list.error]);

  const deletion = useSelectionDelete(async (ids) => {
    const res = await eventsApi.bulkDelete(ids, projectId, versionId);
    toast.success(t("events.deleted", { count: res?.count ?? ids.length }), { subject: "event" });
    list.reload();
  }, "event");

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;

  const columns: DataTableColumn<EventItem>[] = [
    {
      id: "name",
      header: t("events.columns.name"),
      render: (event) => (
        <>
          <AppLink to={editPathOf(event)}>{event.name}</AppLink>{" "}
          {event.type === "milestone" ? <Badge appearance="outline">{t("event.types.milestone")}</Badge> : null}
          {event.locked ? (
            <Badge appearance="tint" color="warning">
              {t("event.lock.label")}
            </Badge>
          ) : null}
        </>
      ),
    },
    { id: "trigram", header: t("events.columns.trigram"), render: (event) => (event.trigram ?? "").toUpperCase() },
    {
      id: "participantGroupProId",
      header: t("events.columns.lot"),
      render: (event) => event.participantGroupPro?.name ?? "",
    },
    { id: "zoneId", header: t("events.columns.zone"), render: (event) => event.zone?.name ?? "" },
    { id: "startDate", header: t("events.columns.startDate"), render: (event) => formatDay(event.startDate) },
    { id: "endDate", header: t("events.columns.endDate"), render: (event) => formatDay(event.endDate) },
    {
      id: "numberOfDays",
      header: t("events.columns.numberOfDays"),
      align: "end",
      render: (event) => String(event.numberOfDays ?? ""),
    },
    {
      id: "numberOfPeople",
      header: t("events.columns.numberOfPeople"),
      align: "end",
      sortable: false,
      render: (event) => String(event.numberOfPeople ?? ""),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("events.title")}
        actions={
          <>
            {deletion.selected.size > 0 ? (
              <Button icon={<Delete20Regular />} onClick={deletion.ask}>
                {t("events.deleteSelected", { count: deletion.selected.size })}
              </Button>
            ) : null}
            <ExportButton label={t("events.exportTaskList")} run={() => exportsApi.taskListCsv(versionId)} />
            <ExportButton
              label={t("events.exportHistory")}
              run={() => exportsApi.eventHistoryCsv(projectId, versionId)}
            />
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/event/new")}>
              {t("events.new")}
            </Button>
          </>
        }
      />
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(event) => event.id}
        ariaLabel={t("events.listLabel")}
        loading={list.loading}
        emptyText={name ? t("events.emptySearch") : t("events.empty")}
        serverSide
        total={total}
        query={query}
        onQueryChange={setQuery}
        exportFile={{
          subject: "event",
          run: () =>
            eventsApi.export({
              versionId,
              type: type === "all" ? undefined : type,
              name,
              sort: { field: sort.field, order: sort.direction },
            }),
        }}
        {...deletion.tableProps}
        selectAllLabel={t("events.selectAll")}
        toolbar={
          <>
            <SearchField label={t("events.search")} value={search} onChange={setSearch} />
            <Select
              aria-label={t("events.typeFilter")}
              value={type}
              onChange={(_, d) => setType(d.value as TypeFilter)}
            >
              <option value="all">{t("events.types.all")}</option>
              <option value="task">{t("events.types.task")}</option>
              <option value="milestone">{t("events.types.milestone")}</option>
            </Select>
          </>
        }
      />
      <ConfirmDelete flow={deletion} title={t("events.deleteTitle")}>
        {t("events.deleteText", { count: deletion.pending.length })}
      </ConfirmDelete>
    </>
  );
}
