// The macro-task's "Comptage" tab (spec 001: /dashboard/macro-task/{id}/counting): its global progression and
// completed flag, then its tasks with their last counting; the percentages typed for one date are sent together
// with PATCH /macro-task/counting (all or nothing; a refusal is shown with the catalogue's text). They go through
// the offline queue like a task's counting: without network they wait, shown per task, and leave together.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Badge,
  Button,
  Field,
  Input,
  MessageBar,
  MessageBarBody,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { filter } from "../../api/client";
import type { EventItem } from "../../api/events";
import type { MacroTaskItem } from "../../api/referenceMore";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { toIsoDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { submitMacroTaskCounting } from "../../offline/sync";
import { useOfflineQueue } from "../../offline/useOfflineQueue";
import { toast } from "../../store/toasts";
import { countingsApi } from "../../api/countings";
import { taskColumns } from "./columns";
import { inRange, parsePercent, percent } from "./format";
import { OfflinePanel, PendingBadge } from "./OfflinePanel";
import { useSyncedCounter } from "./CountingsPage";
import { DateInput } from "../../components/DateInput";

const useStyles = makeStyles({
  tab: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalM,
  },
  facts: { display: "flex", flexWrap: "wrap", alignItems: "center", columnGap: tokens.spacingHorizontalL },
  input: { width: "7rem" },
  name: { display: "flex", flexDirection: "column", rowGap: "2px" },
});

export function MacroTaskCountingTab({
  macroTask,
  versionId,
  onCounted,
}: {
  macroTask: MacroTaskItem;
  versionId: number;
  onCounted: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [day, setDay] = useState(() => toIsoDay(new Date()));
  const [typed, setTyped] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const synced = useSyncedCounter();
  const queue = useOfflineQueue(macroTask.projectId);
  const tasks = useAsync(
    () => countingsApi.tasks(versionId, [filter("macroTaskId", "$eq", macroTask.id)]),
    [versionId, macroTask.id, tick, synced],
  );
  useEffect(() => {
    if (tasks.error) warnError(tasks.error);
  }, [tasks.error]);
  const rows = tasks.data?.data ?? [];
  const lines = rows
    .filter((e) => (typed[e.id] ?? "").trim() !== "")
    .map((e) => ({ eventId: e.id, name: e.name, percentage: parsePercent(typed[e.id]) }));
  const invalid = lines.some((l) => l.percentage === null || !inRange(l.percentage));

  const save = async () => {
    if (invalid) {
      setRefusal(t("errors.counting_out_of_range"));
      return;
    }
    setBusy(true);
    setRefusal(null);
    try {
      const outcome = await submitMacroTaskCounting(
        {
          macroTaskId: macroTask.id,
          countingDate: day,
          countings: lines.map((l) => ({ eventId: l.eventId, name: l.name, percentage: l.percentage as number })),
        },
        { projectId: macroTask.projectId },
      );
      if (outcome.status === "refused") {
        setRefusal(t(`errors.${outcome.code}`, { defaultValue: outcome.message || t("errors.default") }));
        return;
      }
      if (outcome.status === "sent") toast.success(t("countings.macro.saved", { count: lines.length }));
      else toast.warning(t("countings.macro.queued", { count: lines.length }));
      setTyped({});
      setTick((n) => n + 1);
      onCounted();
    } finally {
      setBusy(false);
    }
  };

  const columns: DataTableColumn<EventItem>[] = [
    {
      id: "name",
      header: t("countings.task"),
      width: 240,
      render: (e) => (
        <span className={styles.name}>
          {e.name}
          <PendingBadge count={queue.pending.filter((r) => Number(r.body.eventId) === e.id).length} />
        </span>
      ),
    },
    ...taskColumns(t),
    {
      id: "new",
      header: t("countings.macro.new"),
      sortable: false,
      exportValue: false,
      render: (e) => (
        <Input
          className={styles.input}
          size="small"
          inputMode="decimal"
          aria-label={t("countings.otherValue", { name: e.name })}
          value={typed[e.id] ?? ""}
          onChange={(_, d) => setTyped((v) => ({ ...v, [e.id]: d.value }))}
        />
      ),
    },
  ];

  return (
    <div className={styles.tab}>
      <div className={styles.facts}>
        <Text>
          {t("countings.macro.global")} : {percent(macroTask.globalCounting)}
        </Text>
        {macroTask.isComplete ? (
          <Badge color="success" appearance="tint">
            {t("countings.macro.complete")}
          </Badge>
        ) : null}
      </div>
      <OfflinePanel projectId={macroTask.projectId} />
      <Field label={t("countings.date")}>
        <DateInput value={day} onChange={(v) => v && setDay(v)} />
      </Field>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(e) => e.id}
        ariaLabel={t("countings.macro.tasks")}
        loading={tasks.loading && !tasks.data}
        emptyText={t("countings.macro.empty")}
      />
      {refusal ? (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{refusal}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div>
        <Button appearance="primary" disabled={busy || lines.length === 0} onClick={() => void save()}>
          {t("countings.macro.save", { count: lines.length })}
        </Button>
      </div>
    </div>
  );
}
