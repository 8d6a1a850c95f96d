// /dashboard/events: the events of the viewed version (name, trigram, lot, zone, start, end, days, people),
// searched by name (contL), filtered by type, sorted and paged on the server (25, 50, 100, 250 rows);
// the selection can be deleted, with the catalogue's refusals shown as warnings (errors.{code}).
import { useEffect, useState } from "react";
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Body1,
  Button,
  SearchBox,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  TableSelectionCell,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular, Delete20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import { eventsApi, type EventItem, type PlannedEventType, type SortSpec } from "../../api/events";
import { PageHeader } from "../../components/PageHeader";
import { NoProjectRedirect } from "../../components/NoProjectRedirect";
import { AppLink } from "../../components/AppLink";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useProject } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { Pagination } from "../../components/Pagination";
import { formatDay } from "../../lib/dates";
import { useDebounced } from "../../lib/useDebounced";

const useStyles = makeStyles({
  toolbar: { display: "flex", gap: tokens.spacingHorizontalM, alignItems: "center", flexWrap: "wrap", marginBottom: tokens.spacingVerticalM },
  search: { minWidth: "260px", flexGrow: 1, maxWidth: "420px" },
  empty: { padding: tokens.spacingVerticalXXL, textAlign: "center", color: tokens.colorNeutralForeground3 },
  num: { textAlign: "right" },
  tableWrap: { overflowX: "auto" },
});

type TypeFilter = PlannedEventType | "all";

/** Sortable columns and the server field they sort on (event.schema.ts `sortable`). */
const COLUMNS = [
  { key: "name", sort: "name" },
  { key: "trigram", sort: "trigram" },
  { key: "lot", sort: "participantGroupProId" },
  { key: "zone", sort: "zoneId" },
  { key: "startDate", sort: "startDate" },
  { key: "endDate", sort: "endDate" },
  { key: "numberOfDays", sort: "numberOfDays" },
  { key: "numberOfPeople", sort: null },
] as const;

export function editPathOf(event: Pick<EventItem, "id" | "type">): string {
  return event.type === "milestone" ? `/dashboard/milestone/${event.id}` : `/dashboard/event/${event.id}`;
}

export default function EventsPage() {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  return <EventsList projectId={projectId} versionId={versionId} />;
}

function EventsList({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const refresh = useRefreshCounter("data");
  const [search, setSearch] = useState("");
  const name = useDebounced(search.trim(), 300);
  const [type, setType] = useState<TypeFilter>("task");
  const [sort, setSort] = useState<SortSpec>({ field: "name", order: "ASC" });
  const [pageSize, setPageSize] = useState(25);
  const [page, setPage] = useState(0);

  useEffect(() => setPage(0), [name, type, pageSize, sort]);

  const list = useAsync(
    () =>
      eventsApi.list({
        versionId,
        type: type === "all" ? undefined : type,
        name,
        sort,
        limit: pageSize,
        offset: page * pageSize,
        join: ["zone", "participantGroupPro"],
      }),
    [versionId, type, name, sort, pageSize, page, refresh],
  );
  useEffect(() => {
    if (list.error) warnError(list.error, "event");
  }, [list.error]);

  const { selected, toggle, toggleAll, confirming, deleting, ask, cancel, confirm } = useSelectionDelete(async (ids) => {
    const res = await eventsApi.bulkDelete(ids, projectId, versionId);
    toast.success(t("events.deleted", { count: res?.count ?? ids.length }), { subject: "event" });
    list.reload();
  }, "event");

  const rows = list.data?.data ?? [];
  const total = list.data?.total ?? 0;
  const allSelected = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someSelected = rows.some((r) => selected.has(r.id));


  const sortBy = (field: string) =>
    setSort((s) => (s.field === field ? { field, order: s.order === "ASC" ? "DESC" : "ASC" } : { field, order: "ASC" }));

  const cell = (event: EventItem, key: (typeof COLUMNS)[number]["key"]) => {
    switch (key) {
      case "name":
        return (
          <>
            <AppLink to={editPathOf(event)}>{event.name}</AppLink>{" "}
            {event.type === "milestone" ? <Badge appearance="outline">{t("event.types.milestone")}</Badge> : null}
            {event.locked ? <Badge appearance="tint" color="warning">{t("event.lock.label")}</Badge> : null}
          </>
        );
      case "trigram":
        return (event.trigram ?? "").toUpperCase();
      case "lot":
        return event.participantGroupPro?.name ?? "";
      case "zone":
        return event.zone?.name ?? "";
      case "startDate":
        return formatDay(event.startDate);
      case "endDate":
        return formatDay(event.endDate);
      case "numberOfDays":
        return String(event.numberOfDays ?? "");
      case "numberOfPeople":
        return String(event.numberOfPeople ?? "");
    }
  };

  return (
    <>
      <PageHeader
        title={t("events.title")}
        actions={
          <>
            {selected.size > 0 ? (
              <Button icon={<Delete20Regular />} onClick={ask}>
                {t("events.deleteSelected", { count: selected.size })}
              </Button>
            ) : null}
            <Button appearance="primary" icon={<Add20Regular />} onClick={() => navigate("/dashboard/event/new")}>
              {t("events.new")}
            </Button>
          </>
        }
      />
      <div className={styles.toolbar}>
        <SearchBox
          className={styles.search}
          placeholder={t("events.search")}
          aria-label={t("events.search")}
          value={search}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(_, d) => setSearch(d.value)}
        />
        <Select aria-label={t("events.typeFilter")} value={type} onChange={(_, d) => setType(d.value as TypeFilter)}>
          <option value="all">{t("events.types.all")}</option>
          <option value="task">{t("events.types.task")}</option>
          <option value="milestone">{t("events.types.milestone")}</option>
        </Select>
        {list.loading ? <Spinner size="tiny" /> : null}
      </div>
      {!list.loading && rows.length === 0 ? (
        <Body1 as="p" className={styles.empty}>
          {name ? t("events.emptySearch") : t("events.empty")}
        </Body1>
      ) : (
        <div className={styles.tableWrap}>
          <Table aria-label={t("events.listLabel")} size="small" sortable>
            <TableHeader>
              <TableRow>
                <TableSelectionCell
                  type="checkbox"
                  checked={allSelected ? true : someSelected ? "mixed" : false}
                  onClick={() => toggleAll(rows.map((r) => r.id))}
                  checkboxIndicator={{ "aria-label": t("events.selectAll") }}
                />
                {COLUMNS.map((c) => (
                  <TableHeaderCell
                    key={c.key}
                    className={c.key === "numberOfDays" || c.key === "numberOfPeople" ? styles.num : undefined}
                    sortDirection={c.sort && sort.field === c.sort ? (sort.order === "ASC" ? "ascending" : "descending") : undefined}
                    onClick={c.sort ? () => sortBy(c.sort) : undefined}
                  >
                    {t(`events.columns.${c.key}`)}
                  </TableHeaderCell>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {rows.map((event) => (
                <TableRow key={event.id} aria-selected={selected.has(event.id)}>
                  <TableSelectionCell
                    checked={selected.has(event.id)}
                    onClick={() => toggle(event.id)}
                    checkboxIndicator={{ "aria-label": t("events.selectRow", { name: event.name }) }}
                  />
                  {COLUMNS.map((c) => (
                    <TableCell key={c.key} className={c.key === "numberOfDays" || c.key === "numberOfPeople" ? styles.num : undefined}>
                      {cell(event, c.key)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <Pagination total={total} page={page} pageSize={pageSize} onPage={setPage} onPageSize={setPageSize} />
      <ConfirmDialog
        open={confirming}
        title={t("events.deleteTitle")}
        confirmLabel={t("actions.delete")}
        busy={deleting}
        onConfirm={() => void confirm()}
        onCancel={cancel}
      >
        {t("events.deleteText", { count: selected.size })}
      </ConfirmDialog>
    </>
  );
}
