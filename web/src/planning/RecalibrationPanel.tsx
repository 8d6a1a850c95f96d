import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Button, Caption1, Checkbox, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowClockwise20Regular } from "@fluentui/react-icons";
import { ConfirmDialog } from "../components/ConfirmDialog";
import { dashboardApi, type RecalibrationTask } from "../api/dashboard";
import { DayField } from "../components/DayField";
import { formatDay } from "../lib/dates";
import { useBusy } from "../lib/useBusy";
import { toast } from "../store/toasts";
import { usePlanningStore } from "./planningStore";

const useStyles = makeStyles({
  section: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalXS },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", rowGap: "4px" },
  item: {
    display: "flex",
    alignItems: "flex-start",
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
  },
  show: {
    flex: 1,
    minWidth: 0,
    textAlign: "left",
    background: "none",
    border: "none",
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalXS}`,
    cursor: "pointer",
    display: "flex",
    flexDirection: "column",
  },
  actions: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalXS },
});

/**
 * Recalibration mode's late tasks (issue 17): the tasks counted late at the date, each with its counting and the
 * dates a recalibration gives it; a click shows it on the planning. The chosen ones, or all of them, are re-dated
 * by the /dashboard/recalibration-tasks screen's call (POST /project/{id}/recalibration: successors re-planned,
 * one undo step, one shift history row per task); `onDone` then refreshes the planning and the history.
 */
export function RecalibrationPanel({
  projectId,
  versionId,
  date,
  onDate,
  tasks,
  loading,
  frozen,
  onDone,
}: {
  projectId: number;
  versionId: number;
  /** yyyy-MM-dd; today when empty. */
  date: string;
  onDate: (isoDay: string) => void;
  tasks: readonly RecalibrationTask[];
  loading: boolean;
  /** The version may not be re-dated (archived): the list stays, the actions are off. */
  frozen: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const focusEvent = usePlanningStore((s) => s.focusEvent);
  const [chosen, setChosen] = useState<ReadonlySet<number>>(new Set());
  // Every late task is chosen when the list's tasks change (the dashboard screen's default); keyed by their ids,
  // not the array, so a caller's fresh empty list does not re-render this in a loop.
  const idsKey = tasks.map((x) => x.id).join(",");
  useEffect(() => setChosen(new Set(idsKey ? idsKey.split(",").map(Number) : [])), [idsKey]);
  const [confirming, setConfirming] = useState<"chosen" | "all" | null>(null);
  const { busy, run } = useBusy("project");
  const chosenIds = tasks.filter((x) => chosen.has(x.id)).map((x) => x.id);
  const count = confirming === "all" ? tasks.length : chosenIds.length;

  const recalibrate = () =>
    void run(async () => {
      // "All" sends no ids: the server re-dates every task late at the date, as the dashboard's list does.
      const done = await dashboardApi.recalibrate(
        projectId,
        versionId,
        date,
        confirming === "all" ? undefined : chosenIds,
      );
      setConfirming(null);
      toast.success(
        t("dashboard.recalibration.done", {
          count: done.tasks.length,
          end: formatDay(done.projectedEndDate ?? null) || t("dashboard.none"),
        }),
        { subject: "project" },
      );
      onDone();
    }).then((ok) => {
      if (!ok) setConfirming(null);
    });

  const toggle = (id: number, on: boolean) =>
    setChosen((s) => {
      const next = new Set(s);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allChosen = tasks.length > 0 && chosenIds.length === tasks.length;

  return (
    <section className={styles.section} aria-labelledby="recalibration-late-title">
      <Subtitle2 as="h2" id="recalibration-late-title">
        {t("planning.recalibration.lateTitle")}
      </Subtitle2>
      <DayField value={date} onChange={onDate} />
      <Caption1 role="status">
        {loading
          ? t("planning.recalibration.loading")
          : tasks.length === 0
            ? t("planning.recalibration.lateNone")
            : t("planning.recalibration.lateCount", { count: tasks.length })}
      </Caption1>
      {tasks.length > 0 ? (
        <>
          <Checkbox
            label={t("planning.recalibration.chooseAll")}
            checked={allChosen ? true : chosenIds.length > 0 ? "mixed" : false}
            onChange={() => setChosen(allChosen ? new Set() : new Set(tasks.map((x) => x.id)))}
          />
          <ul className={styles.list} aria-label={t("planning.recalibration.lateTitle")}>
            {tasks.map((x) => (
              <li key={x.id} className={styles.item}>
                <Checkbox
                  aria-label={t("planning.recalibration.choose", { name: x.name })}
                  checked={chosen.has(x.id)}
                  onChange={(_, d) => toggle(x.id, d.checked === true)}
                />
                <button type="button" className={styles.show} onClick={() => focusEvent(x.id)}>
                  <Body1>{x.name}</Body1>
                  <Caption1>
                    {t("planning.recalibration.counted", {
                      percentage: x.progress,
                      date: formatDay(x.lastCountingDate),
                      theoretical: Math.round(x.theoreticalProgress),
                    })}
                  </Caption1>
                  <Caption1>
                    {t("planning.recalibration.newDates", {
                      start: formatDay(x.newStartDate),
                      end: formatDay(x.newEndDate),
                    })}
                  </Caption1>
                </button>
              </li>
            ))}
          </ul>
          <div className={styles.actions}>
            <Button
              appearance="primary"
              size="small"
              icon={<ArrowClockwise20Regular />}
              disabled={chosenIds.length === 0 || busy || frozen}
              onClick={() => setConfirming("chosen")}
            >
              {t("planning.recalibration.runChosen", { count: chosenIds.length })}
            </Button>
            <Button size="small" disabled={busy || frozen} onClick={() => setConfirming("all")}>
              {t("planning.recalibration.runAll", { count: tasks.length })}
            </Button>
          </div>
        </>
      ) : null}
      {frozen ? <Caption1>{t("dashboard.recalibration.frozen")}</Caption1> : null}
      <ConfirmDialog
        open={confirming !== null}
        title={t("dashboard.recalibration.confirmTitle")}
        confirmLabel={t("dashboard.recalibration.confirm")}
        busy={busy}
        onConfirm={recalibrate}
        onCancel={() => setConfirming(null)}
      >
        {t("dashboard.recalibration.confirmText", { count })}
      </ConfirmDialog>
    </section>
  );
}
