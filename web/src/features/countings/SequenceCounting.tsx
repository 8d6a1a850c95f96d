// /dashboard/counting/sequence/{sequenceId} and .../zone/{zoneId}: a sequence is a task with sub-events (spec 001
// section 4), never counted itself: its progress, real and theoretical, is its tasks' weighted by people × days
// (GET /counting/progress), and each of its tasks (those of the zone when the path names one) is counted here or
// on its own screen.
import { useEffect } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Subtitle1, Text } from "@fluentui/react-components";
import type { EventItem } from "../../api/events";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { countingsApi } from "../../api/countings";
import { CountingForm } from "./CountingForm";
import { countingPath } from "./countingPaths";
import { taskColumns } from "./columns";
import { percent } from "./format";

export function SequenceCounting({
  projectId,
  versionId,
  sequenceId,
  zoneId,
  day,
  reloadKey,
  onSent,
}: {
  projectId: number;
  versionId: number;
  sequenceId: number;
  zoneId: number | null;
  /** The counting date, yyyy-MM-dd. */
  day: string;
  reloadKey: number;
  onSent: () => void;
}) {
  const { t } = useTranslation();
  const group = useAsync(
    () => countingsApi.progress({ projectId, versionId, date: day, sequenceIds: [sequenceId], macroTaskIds: [] }),
    [projectId, versionId, day, sequenceId, reloadKey],
  );
  const tasks = useAsync(
    () =>
      countingsApi.tasks(versionId, [
        `sequenceId||$eq||${sequenceId}`,
        ...(zoneId !== null ? [`zoneId||$eq||${zoneId}`] : []),
      ]),
    [versionId, sequenceId, zoneId, reloadKey],
  );
  useEffect(() => {
    const e = group.error ?? tasks.error;
    if (e) warnError(e);
  }, [group.error, tasks.error]);
  const row = group.data?.find((g) => g.type === "sequence" && g.id === sequenceId);

  const columns: DataTableColumn<EventItem>[] = [
    {
      id: "name",
      header: t("countings.task"),
      width: 240,
      render: (e) => (
        <Link to={countingPath("task", e.id, zoneId)} aria-label={t("countings.openCounting", { name: e.name })}>
          {e.name}
        </Link>
      ),
    },
    ...taskColumns(t),
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
        <CountingForm compact projectId={projectId} event={e} zoneId={zoneId} countingDate={day} onSent={onSent} />
      ),
    },
  ];

  if (group.data && !row && !group.loading)
    return (
      <Text as="p" role="status">
        {t("countings.sequence.notFound")}
      </Text>
    );
  return (
    <>
      {row ? (
        <Text as="p" data-testid="sequence-progress">
          {t("countings.sequence.progress", {
            progress: percent(row.progress),
            theoretical: percent(row.theoreticalProgress),
            counted: row.countedTasks,
            tasks: row.tasks,
          })}
        </Text>
      ) : null}
      <Subtitle1 as="h2">{t("countings.sequence.tasks")}</Subtitle1>
      <DataTable
        columns={columns}
        rows={tasks.data?.data ?? []}
        getRowId={(e) => e.id}
        ariaLabel={t("countings.sequence.tasks")}
        loading={tasks.loading && !tasks.data}
        emptyText={t("countings.sequence.empty")}
      />
    </>
  );
}
