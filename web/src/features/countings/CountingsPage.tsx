// /dashboard/countings (spec 001 sections 2-5): the tasks of the project's signed version active in the week or
// the month of the chosen date, filtered by lot, participant and tag, each with its last counting, its
// theoretical progress and the percentage options to count it at that date; then their sequences and
// macro-tasks summed from their sub-events (spec 001 section 4), and the countings of the period, by date. It works without network: the screen's reads come from the service worker's cache and the countings
// wait in the offline queue (their panel shows them, with their count, until they are sent or refused).
import { useEffect, useMemo, useState } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Field, Select, Subtitle1, Text, makeStyles, tokens } from "@fluentui/react-components";
import { ChevronLeft20Regular, ChevronRight20Regular } from "@fluentui/react-icons";
import type { EventItem } from "../../api/events";
import { lotsApi, participantsApi, zonesApi } from "../../api/reference";
import { tagsApi } from "../../api/referenceMore";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { RefSelect } from "../../components/RefSelect";
import { FilterBar } from "../../components/FilterBar";
import { WithVersion } from "../../components/WithVersion";
import { formatDay, toIsoDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { onSynced } from "../../offline/sync";
import { useOfflineQueue } from "../../offline/useOfflineQueue";
import { useProject } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { countingsApi, type Counting } from "../../api/countings";
import { CountingForm } from "./CountingForm";
import { countingPath } from "./countingPaths";
import { GroupProgressTable } from "./GroupProgressTable";
import { enteredColumns, taskColumns } from "./columns";
import { percent, periodOf, shiftPeriod, type PeriodView } from "./format";
import { OfflinePanel, PendingBadge } from "./OfflinePanel";
import { DateInput } from "../../components/DateInput";

const useStyles = makeStyles({
  section: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalL,
  },
  name: { display: "flex", flexDirection: "column", rowGap: "2px" },
});

export default function CountingsPage() {
  return <WithVersion>{(projectId) => <Countings projectId={projectId} />}</WithVersion>;
}

/** Reloads when queued countings reach the server (or are refused). */
export function useSyncedCounter(): number {
  const [n, setN] = useState(0);
  useEffect(() => onSynced(() => setN((x) => x + 1)), []);
  return n;
}

function Countings({ projectId }: { projectId: number }) {
  const { t } = useTranslation();
  const project = useProject((s) => s.project);
  const signedVersionId = project?.id === projectId ? (project.signedVersionId ?? null) : undefined;
  return (
    <>
      <PageHeader title={t("countings.title")} />
      <Text as="p">{t("countings.intro")}</Text>
      <OfflinePanel projectId={projectId} />
      {signedVersionId === null ? (
        <Text as="p" role="status">
          {t("countings.noSignedVersion")}
        </Text>
      ) : signedVersionId !== undefined ? (
        <SignedCountings projectId={projectId} versionId={signedVersionId} />
      ) : null}
    </>
  );
}

function SignedCountings({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const synced = useSyncedCounter();
  const [day, setDay] = useState(() => toIsoDay(new Date()));
  const [view, setView] = useState<PeriodView>("week");
  const [lotId, setLotId] = useState<number | null>(null);
  const [participantId, setParticipantId] = useState<number | null>(null);
  const [tagId, setTagId] = useState<number | null>(null);
  const { start, end } = periodOf(day, view);
  const queue = useOfflineQueue(projectId);

  const lots = useAsync(() => lotsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const participants = useAsync(
    () => participantsApi.list(projectId, versionId, lotId ?? undefined),
    [projectId, versionId, lotId, refresh],
  );
  const tags = useAsync(() => tagsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const zones = useAsync(() => zonesApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const zoneNames = useMemo(
    () => new Map((zones.data?.data ?? []).map((z) => [z.id, z.fullName || z.name])),
    [zones.data],
  );
  const tasks = useAsync(
    () =>
      countingsApi.tasks(
        versionId,
        [
          `startDate||$lte||${end}`,
          `endDate||$gte||${start}`,
          ...(lotId ? [`participantGroupProId||$eq||${lotId}`] : []),
          ...(participantId ? [`participantId||$eq||${participantId}`] : []),
        ],
        ["tags"],
      ),
    [versionId, start, end, lotId, participantId, refresh, synced],
  );
  const countings = useAsync(
    () => countingsApi.all({ projectId, versionId, startDate: start, endDate: end }),
    [projectId, versionId, start, end, refresh, synced],
  );
  useEffect(() => {
    const e = tasks.error ?? countings.error ?? lots.error ?? participants.error ?? tags.error ?? zones.error;
    if (e) warnError(e);
  }, [tasks.error, countings.error, lots.error, participants.error, tags.error, zones.error]);

  const rows = useMemo(
    () => (tasks.data?.data ?? []).filter((e) => tagId === null || (e.tags ?? []).some((tag) => tag.id === tagId)),
    [tasks.data, tagId],
  );
  const history = useMemo(
    () =>
      (countings.data ?? [])
        .filter(
          (c) =>
            (lotId === null || c.event.participantGroupProId === lotId) &&
            (participantId === null || c.event.participantId === participantId) &&
            (tagId === null || rows.some((r) => r.id === c.eventId)),
        )
        // Latest first: the day's countings above the week's (the table pages by 25).
        .sort((a, b) => b.countingDate.localeCompare(a.countingDate) || b.id - a.id),
    [countings.data, lotId, participantId, tagId, rows],
  );
  // The last counting of each task: the latest date, then the latest entered; the period's countings are
  // newer than (or the same as) the event's own when their date is not older.
  const last = useMemo(() => {
    const m = new Map<number, { percentage: number; countingDate: string; id: number }>();
    for (const e of rows) if (e.lastCounting) m.set(e.id, { ...e.lastCounting, id: 0 });
    for (const c of countings.data ?? []) {
      const known = m.get(c.eventId);
      if (!known || c.countingDate > known.countingDate || (c.countingDate === known.countingDate && c.id > known.id))
        m.set(c.eventId, c);
    }
    return m;
  }, [rows, countings.data]);
  const hasTheoretical = rows.some((e) => e.theoreticalProgress !== null && e.theoreticalProgress !== undefined);
  const waiting = (id: number) => queue.pending.filter((r) => Number(r.body.eventId) === id).length;

  const columns: DataTableColumn<EventItem>[] = [
    {
      id: "name",
      header: t("countings.task"),
      width: 260,
      render: (e) => (
        <span className={styles.name}>
          <Link to={countingPath("task", e.id)} aria-label={t("countings.openCounting", { name: e.name })}>
            {e.name}
          </Link>
          <PendingBadge count={waiting(e.id)} />
        </span>
      ),
    },
    {
      // The task's counting in its zone (.../zone/{zoneId}): the counting is recorded against that zone.
      id: "zone",
      header: t("countings.zoneColumn"),
      width: 190,
      sortValue: (e) => (e.zoneId ? (zoneNames.get(e.zoneId) ?? "") : ""),
      exportValue: (e) => (e.zoneId ? (zoneNames.get(e.zoneId) ?? "") : ""),
      render: (e) => {
        if (!e.zoneId) return "—";
        const zone = zoneNames.get(e.zoneId) ?? `#${e.zoneId}`;
        return (
          <Link
            to={countingPath("task", e.id, e.zoneId)}
            aria-label={t("countings.openZoneCounting", { name: e.name, zone })}
          >
            {zone}
          </Link>
        );
      },
    },
    ...taskColumns(t, (e) => last.get(e.id)),
    {
      id: "theoretical",
      header: t("countings.theoretical"),
      sortValue: (e) => e.theoreticalProgress ?? 0,
      render: (e) => percent(e.theoreticalProgress),
    },
    {
      id: "count",
      header: t("countings.count"),
      width: 420,
      sortable: false,
      exportValue: false,
      render: (e) => (
        <CountingForm
          compact
          projectId={projectId}
          event={e}
          countingDate={day}
          onSent={() => {
            tasks.reload();
            countings.reload();
          }}
        />
      ),
    },
  ];

  const historyColumns: DataTableColumn<Counting>[] = [
    { id: "countingDate", header: t("countings.date"), render: (c) => formatDay(c.countingDate) },
    { id: "event", header: t("countings.task"), sortValue: (c) => c.event.name, render: (c) => c.event.name },
    { id: "percentage", header: t("countings.percentage"), render: (c) => percent(c.percentage) },
    ...enteredColumns(t),
  ];

  return (
    <>
      <FilterBar>
        <Field label={t("countings.date")}>
          <DateInput value={day} onChange={(v) => v && setDay(v)} />
        </Field>
        <Field label={t("countings.view")}>
          <Select value={view} onChange={(_, d) => setView(d.value as PeriodView)}>
            <option value="week">{t("countings.week")}</option>
            <option value="month">{t("countings.month")}</option>
          </Select>
        </Field>
        <Button
          icon={<ChevronLeft20Regular />}
          aria-label={t("countings.previous")}
          onClick={() => setDay(shiftPeriod(day, view, -1))}
        />
        <Text>{t("countings.period", { start: formatDay(start), end: formatDay(end) })}</Text>
        <Button
          icon={<ChevronRight20Regular />}
          aria-label={t("countings.next")}
          onClick={() => setDay(shiftPeriod(day, view, 1))}
        />
        <RefSelect
          label={t("countings.lot")}
          value={lotId}
          options={lots.data?.data ?? []}
          noneLabel={t("countings.allLots")}
          onChange={(v) => {
            setLotId(v);
            setParticipantId(null);
          }}
        />
        <RefSelect
          label={t("countings.participant")}
          value={participantId}
          options={participants.data?.data ?? []}
          noneLabel={t("countings.allParticipants")}
          onChange={setParticipantId}
        />
        <RefSelect
          label={t("countings.tag")}
          value={tagId}
          options={tags.data?.data ?? []}
          noneLabel={t("countings.allTags")}
          onChange={setTagId}
        />
      </FilterBar>
      <DataTable
        columns={hasTheoretical ? columns : columns.filter((c) => c.id !== "theoretical")}
        rows={rows}
        getRowId={(e) => e.id}
        ariaLabel={t("countings.tasksLabel")}
        loading={tasks.loading && !tasks.data}
        emptyText={t("countings.tasksEmpty")}
      />
      <GroupProgressTable
        className={styles.section}
        projectId={projectId}
        versionId={versionId}
        tasks={rows}
        date={day}
        reloadKey={refresh + synced + (countings.data?.length ?? 0)}
      />
      <section className={styles.section}>
        <Subtitle1 as="h2">{t("countings.history")}</Subtitle1>
        <DataTable
          columns={historyColumns}
          rows={history}
          getRowId={(c) => c.id}
          rowName={(c) => c.event.name}
          ariaLabel={t("countings.history")}
          loading={countings.loading && !countings.data}
          emptyText={t("countings.historyEmpty")}
        />
      </section>
    </>
  );
}
