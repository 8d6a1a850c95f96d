// /dashboard/prerequisites and /dashboard/finishes (spec 001 sections 2-4): the version's controls of one type with
// the spec's columns, the indicator as a coloured mark, the filters of spec 001 section 3, a bulk status change
// and the .xlsx export; the same screen's archives (archived controls, restored from there) and history (the
// controls by last change, with the picked one's field changes). External users reach it for their projects and
// change statuses only.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Field, Select, Subtitle2, Tab, TabList, Text, makeStyles, tokens } from "@fluentui/react-components";
import { Archive20Regular, ArrowUndo20Regular, CalendarLtr20Regular } from "@fluentui/react-icons";
import {
  QUALITY_CONTROL_STATUSES,
  qualityApi,
  type QualityControl,
  type QualityControlStatus,
  type QualityControlType,
} from "../../api/quality";
import { macroTasksApi } from "../../api/referenceMore";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { formatDateTime } from "../../lib/dates";
import { useAsync } from "../../lib/useAsync";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { useRefreshCounter } from "../../store/refresh";
import { useSession } from "../../store/session";
import { toast } from "../../store/toasts";
import { controlColumns, statusText } from "./columns";
import { ControlFiltersBar } from "./ControlFiltersBar";
import { filterControls, NO_FILTERS, type ControlFilters } from "./controlFilters";
import { HistoryTable } from "./HistoryTable";
import { IndicatorMark } from "./IndicatorMark";
import { warnQualityError } from "./qualityError";

const useStyles = makeStyles({
  views: { marginBottom: tokens.spacingVerticalM, flexWrap: "wrap" },
  bulk: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  section: {
    marginBottom: tokens.spacingVerticalL,
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
  name: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalS },
});

type View = "list" | "archives" | "history";
const VIEWS: readonly View[] = ["list", "archives", "history"];

export function PrerequisitesPage() {
  return <WithVersion>{(p, v) => <QualityList type="prerequisites" projectId={p} versionId={v} />}</WithVersion>;
}

export function FinishesPage() {
  return <WithVersion>{(p, v) => <QualityList type="finishes" projectId={p} versionId={v} />}</WithVersion>;
}

function QualityList({
  type,
  projectId,
  versionId,
}: {
  type: QualityControlType;
  projectId: number;
  versionId: number;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [params, setParams] = useSearchParams();
  const asked = params.get("view") as View | null;
  const view: View = asked && VIEWS.includes(asked) ? asked : "list";
  const setView = (v: View) => setParams(v === "list" ? {} : { view: v }, { replace: true });
  return (
    <>
      <PageHeader
        title={t(`quality.types.${type}`)}
        actions={
          <Link to={`/dashboard/quality-calendar?type=${type}`}>
            <Button icon={<CalendarLtr20Regular />} tabIndex={-1}>
              {t("quality.views.calendar")}
            </Button>
          </Link>
        }
      />
      <Text as="p">{t(`quality.intro.${type}`)}</Text>
      <TabList
        className={styles.views}
        aria-label={t("quality.views.label")}
        selectedValue={view}
        onTabSelect={(_, d) => setView(d.value as View)}
      >
        {VIEWS.map((v) => (
          <Tab key={v} value={v}>
            {t(`quality.views.${v}`)}
          </Tab>
        ))}
      </TabList>
      <div role="tabpanel" aria-label={t(`quality.views.${view}`)}>
        <Controls key={`${type}-${view}`} type={type} view={view} projectId={projectId} versionId={versionId} />
      </div>
    </>
  );
}

function Controls({
  type,
  view,
  projectId,
  versionId,
}: {
  type: QualityControlType;
  view: View;
  projectId: number;
  versionId: number;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const role = useSession((s) => s.role);
  const manager = role === "admin" || role === "manager";
  const refresh = useRefreshCounter("data");
  const archived = view === "archives";
  const list = useAsync(
    () => qualityApi.list({ projectId, versionId, type, archived }),
    [projectId, versionId, type, archived, refresh],
  );
  // Names of the tasks' macro-tasks for the filter; an external user reads none and sees the ids of the controls'.
  const macroTasks = useAsync(
    () => (manager ? macroTasksApi.list(projectId, versionId).then((r) => r.data) : Promise.resolve([])),
    [manager, projectId, versionId],
  );
  const macroTaskNames = useMemo(
    () => new Map((macroTasks.data ?? []).map((m) => [m.id, m.name] as const)),
    [macroTasks.data],
  );
  useEffect(() => {
    if (list.error) warnQualityError(list.error);
  }, [list.error]);

  const [filters, setFilters] = useState<ControlFilters>(NO_FILTERS);
  const flow = useSelectionDelete(async (ids) => {
    await qualityApi.bulkDelete(ids);
    toast.success(t("quality.list.deleted", { count: ids.length }));
    list.reload();
  }, warnQualityError);
  const { selected, setSelected } = flow;
  const [bulkStatus, setBulkStatus] = useState<QualityControlStatus | "">("");
  const [busy, setBusy] = useState(false);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  // The picked control's changes are above the list: brought into view when picked from far down.
  const historySection = useRef<HTMLElement>(null);
  useEffect(() => {
    if (historyOf !== null) historySection.current?.scrollIntoView?.({ block: "nearest" });
  }, [historyOf]);
  const all = list.data?.data ?? [];
  const rows = useMemo(() => filterControls(all, filters), [all, filters]);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await work();
      toast.success(done);
      setSelected(new Set());
      list.reload();
    } catch (e) {
      warnQualityError(e);
    } finally {
      setBusy(false);
    }
  };
  const ids = [...selected].map(Number);
  const applyStatus = () =>
    bulkStatus &&
    run(
      () => qualityApi.updateMany({ ids, data: { status: bulkStatus } }),
      t("quality.list.bulkDone", { count: ids.length }),
    );
  const setArchived = (isArchived: boolean) =>
    run(
      () => qualityApi.updateMany({ ids, data: { isArchived } }),
      t(isArchived ? "quality.list.archived" : "quality.list.restored", { count: ids.length }),
    );

  if (view === "history") {
    const byChange = [...all].sort((a, b) => (b.updatedAt ?? "").localeCompare(a.updatedAt ?? ""));
    const columns: DataTableColumn<QualityControl>[] = [
      {
        id: "name",
        header: t("quality.history.control"),
        render: (c) => (
          <span className={styles.name}>
            <IndicatorMark indicator={c.indicator} />
            <Button appearance="transparent" onClick={() => setHistoryOf(c.id)} aria-pressed={historyOf === c.id}>
              {c.name}
            </Button>
          </span>
        ),
      },
      { id: "eventName", header: t("quality.columns.task"), render: (c) => c.eventName ?? "—" },
      { id: "status", header: t("quality.columns.status"), render: (c) => statusText(t, c.status) },
      { id: "updatedAt", header: t("quality.history.updatedAt"), render: (c) => formatDateTime(c.updatedAt) },
    ];
    const picked = all.find((c) => c.id === historyOf);
    return (
      <>
        {picked ? (
          <section
            ref={historySection}
            className={styles.section}
            aria-label={`${t("quality.history.title")} : ${picked.name}`}
          >
            <Subtitle2 as="h2">{`${t("quality.history.title")} : ${picked.name}`}</Subtitle2>
            <HistoryTable controlId={picked.id} label={`${t("quality.history.title")} : ${picked.name}`} />
          </section>
        ) : null}
        <DataTable
          columns={columns}
          rows={byChange}
          getRowId={(c) => c.id}
          ariaLabel={t("quality.history.label")}
          defaultSort={{ field: "updatedAt", direction: "DESC" }}
          loading={list.loading && !list.data}
          emptyText={t("quality.list.empty")}
        />
      </>
    );
  }

  const bulkBar =
    selected.size > 0 ? (
      <div className={styles.bulk}>
        {!archived ? (
          <>
            <Field label={t("quality.list.bulkStatus")}>
              <Select value={bulkStatus} onChange={(_, d) => setBulkStatus(d.value as QualityControlStatus | "")}>
                <option value="" />
                {QUALITY_CONTROL_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`quality.statuses.${s}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <Button appearance="primary" disabled={!bulkStatus || busy} onClick={() => void applyStatus()}>
              {t("quality.list.applyStatus")}
            </Button>
          </>
        ) : null}
        {manager ? (
          <Button
            icon={archived ? <ArrowUndo20Regular /> : <Archive20Regular />}
            disabled={busy}
            onClick={() => void setArchived(!archived)}
          >
            {t(archived ? "quality.list.restoreSelected" : "quality.list.archiveSelected")}
          </Button>
        ) : null}
      </div>
    ) : null;

  return (
    <>
      <ControlFiltersBar rows={all} macroTaskNames={macroTaskNames} value={filters} onChange={setFilters} />
      <DataTable
        columns={controlColumns(t)}
        rows={rows}
        getRowId={(c) => c.id}
        ariaLabel={t(archived ? `quality.list.archivesLabel.${type}` : `quality.list.label.${type}`)}
        defaultSort={{ field: "eventName", direction: "ASC" }}
        loading={list.loading && !list.data}
        emptyText={t(archived ? "quality.list.emptyArchives" : "quality.list.empty")}
        {...flow.tableProps}
        onDeleteSelected={manager ? flow.askFor : undefined}
        toolbar={bulkBar}
        exportFile={{
          label: t("quality.list.export"),
          run: () =>
            qualityApi.export(
              {
                projectId,
                versionId,
                type,
                isArchived: archived ? "true" : "false",
                ...(filters.category ? { category: filters.category as never } : {}),
                ...(filters.tagId !== null ? { tagIds: String(filters.tagId) } : {}),
                ...(filters.eventId !== null ? { eventIds: String(filters.eventId) } : {}),
                ...(filters.macroTaskId !== null ? { macroTaskIds: String(filters.macroTaskId) } : {}),
              },
              `${t(`quality.types.${type}`)}.xlsx`,
            ),
        }}
      />
      <ConfirmDelete flow={flow} title={t("quality.list.deleteTitle")}>
        {t("quality.list.deleteText", { count: flow.pending.length })}
      </ConfirmDelete>
    </>
  );
}
