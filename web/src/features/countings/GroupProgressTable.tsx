// The tasks with sub-events of the countings screen (spec 001 section 4, "instantiated tables"): each sequence
// and macro-task holding tasks of the period, with its tasks' days and people summed and its progress, real and
// theoretical, weighted by people × days from its sub-events (GET /counting/progress), never counted itself.
import { useEffect, useMemo } from "react";
import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Subtitle1 } from "@fluentui/react-components";
import type { EventItem } from "../../api/events";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { countingsApi, type GroupProgressRow } from "../../api/countings";
import { countingPath } from "./countingPaths";
import { percent } from "./format";

const days = (n: number) => new Intl.NumberFormat("fr-FR", { maximumFractionDigits: 2 }).format(n);

export function GroupProgressTable({
  projectId,
  versionId,
  tasks,
  date,
  reloadKey,
  className,
}: {
  projectId: number;
  versionId: number;
  /** The tasks on screen: their sequences and macro-tasks are summed. */
  tasks: readonly EventItem[];
  date: string;
  reloadKey: number;
  className?: string;
}) {
  const { t } = useTranslation();
  const ids = useMemo(() => {
    const sequences = new Set<number>();
    const macroTasks = new Set<number>();
    for (const e of tasks) {
      if (e.sequenceId) sequences.add(e.sequenceId);
      if (e.macroTaskId) macroTasks.add(e.macroTaskId);
    }
    const sort = (s: Set<number>) => [...s].sort((a, b) => a - b);
    return { sequenceIds: sort(sequences), macroTaskIds: sort(macroTasks) };
  }, [tasks]);
  const key = `${ids.sequenceIds.join(",")}|${ids.macroTaskIds.join(",")}`;
  const groups = useAsync(
    () =>
      ids.sequenceIds.length + ids.macroTaskIds.length === 0
        ? Promise.resolve([] as GroupProgressRow[])
        : countingsApi.progress({ projectId, versionId, date, ...ids }),
    [projectId, versionId, date, key, reloadKey],
  );
  useEffect(() => {
    if (groups.error) warnError(groups.error);
  }, [groups.error]);

  const columns: DataTableColumn<GroupProgressRow>[] = [
    {
      id: "name",
      header: t("countings.groups.name"),
      width: 240,
      sortValue: (g) => g.name,
      exportValue: (g) => g.name,
      render: (g) => (
        <Link
          to={countingPath(g.type === "sequence" ? "sequence" : "macro-task", g.id)}
          aria-label={t("countings.openCounting", { name: g.name })}
        >
          {g.name}
        </Link>
      ),
    },
    {
      id: "type",
      header: t("countings.groups.type"),
      render: (g) => t(`countings.groups.${g.type}`),
      exportValue: (g) => t(`countings.groups.${g.type}`),
    },
    { id: "numberOfDays", header: t("countings.groups.days"), align: "end", render: (g) => days(g.numberOfDays) },
    { id: "numberOfPeople", header: t("countings.groups.people"), align: "end", render: (g) => days(g.numberOfPeople) },
    {
      id: "countedTasks",
      header: t("countings.groups.counted"),
      align: "end",
      render: (g) => t("countings.groups.countedOf", { counted: g.countedTasks, tasks: g.tasks }),
    },
    { id: "progress", header: t("countings.last"), align: "end", render: (g) => percent(g.progress) },
    {
      id: "theoreticalProgress",
      header: t("countings.theoretical"),
      align: "end",
      render: (g) => percent(g.theoreticalProgress),
    },
    {
      id: "finished",
      header: t("countings.groups.finished"),
      render: (g) => (g.finished ? t("countings.macro.complete") : "—"),
      exportValue: (g) => g.finished,
    },
  ];
  if (ids.sequenceIds.length + ids.macroTaskIds.length === 0) return null;
  return (
    <section className={className} aria-label={t("countings.groups.title")}>
      <Subtitle1 as="h2">{t("countings.groups.title")}</Subtitle1>
      <DataTable
        columns={columns}
        rows={groups.data ?? []}
        getRowId={(g) => `${g.type}-${g.id}`}
        rowName={(g) => g.name}
        ariaLabel={t("countings.groups.title")}
        loading={groups.loading && !groups.data}
        emptyText={t("countings.groups.empty")}
        size="small"
      />
    </section>
  );
}
