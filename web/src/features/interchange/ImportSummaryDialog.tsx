// The summary of a schedule import: what was written (tasks, milestones, links) and what the file could not
// carry over exactly, grouped by kind with the server's sentence for each case.
import { useTranslation } from "react-i18next";
import {
  Body1,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody,
  Subtitle2,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { GanttChart20Regular } from "@fluentui/react-icons";
import { SCHEDULE_IMPORT_WARNING_CODES, type ScheduleImportAnswer, type ScheduleImportWarning } from "@jalon/shared";

const useStyles = makeStyles({
  body: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM },
  counts: { margin: 0, paddingLeft: tokens.spacingHorizontalXL },
  warnings: { maxHeight: "40vh", overflowY: "auto", display: "flex", flexDirection: "column", rowGap: "8px" },
  group: { margin: 0 },
  actions: { justifyContent: "flex-end" },
  details: { margin: 0, paddingLeft: tokens.spacingHorizontalXL, color: tokens.colorNeutralForeground2 },
});

export interface ImportSummary {
  fileName: string;
  answer: ScheduleImportAnswer;
  /** Milestones among the events written; null when it could not be counted. */
  milestones: number | null;
}

const KNOWN = new Set<string>(SCHEDULE_IMPORT_WARNING_CODES);

/** Warnings by code, in the contract's order (links first, then constraints, tasks, calendar, resources). */
export function groupWarnings(warnings: readonly ScheduleImportWarning[]): [string, ScheduleImportWarning[]][] {
  const groups = new Map<string, ScheduleImportWarning[]>();
  for (const w of warnings) {
    const code = KNOWN.has(w.code) ? w.code : "other";
    groups.set(code, [...(groups.get(code) ?? []), w]);
  }
  const order = [...SCHEDULE_IMPORT_WARNING_CODES, "other"];
  return [...groups.entries()].sort((a, b) => order.indexOf(a[0]) - order.indexOf(b[0]));
}

export function ImportSummaryDialog({
  summary,
  onClose,
  onOpenPlanning,
}: {
  summary: ImportSummary | null;
  onClose: () => void;
  onOpenPlanning: (projectId: number) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const answer = summary?.answer;
  const warnings = answer?.warnings ?? [];
  const groups = groupWarnings(warnings);
  return (
    <Dialog open={summary !== null} onOpenChange={(_, d) => (d.open ? undefined : onClose())} modalType="modal">
      <DialogSurface aria-describedby="schedule-import-intro">
        {summary && answer ? (
          <DialogBody>
            <DialogTitle>{t("interchange.summary.title")}</DialogTitle>
            <DialogContent className={styles.body}>
              <Body1 id="schedule-import-intro">{t("interchange.summary.intro", { name: summary.fileName })}</Body1>
              <section aria-labelledby="schedule-import-counts">
                <Subtitle2 as="h3" id="schedule-import-counts">
                  {t("interchange.summary.countsLabel")}
                </Subtitle2>
                <ul className={styles.counts} data-testid="schedule-import-counts">
                  {summary.milestones === null ? (
                    <li>{t("interchange.summary.events", { count: answer.events })}</li>
                  ) : (
                    <>
                      <li>{t("interchange.summary.tasks", { count: answer.events - summary.milestones })}</li>
                      <li>{t("interchange.summary.milestones", { count: summary.milestones })}</li>
                    </>
                  )}
                  <li>{t("interchange.summary.links", { count: answer.links })}</li>
                </ul>
              </section>
              {groups.length === 0 ? (
                <MessageBar intent="success">
                  <MessageBarBody>{t("interchange.summary.noWarning")}</MessageBarBody>
                </MessageBar>
              ) : (
                <section aria-labelledby="schedule-import-warnings">
                  <Subtitle2 as="h3" id="schedule-import-warnings">
                    {t("interchange.summary.warningsTitle", { count: warnings.length })}
                  </Subtitle2>
                  <div className={styles.warnings} data-testid="schedule-import-warnings">
                    {groups.map(([code, items]) => (
                      <div key={code}>
                        <p className={styles.group}>
                          <strong>{`${t(`interchange.warnings.${code}`)} (${items.length})`}</strong>
                        </p>
                        <ul className={styles.details}>
                          {items.map((w, i) => (
                            <li key={i}>
                              {w.task ? `${t("interchange.summary.task", { name: w.task })} : ` : ""}
                              {w.detail}
                            </li>
                          ))}
                        </ul>
                      </div>
                    ))}
                  </div>
                </section>
              )}
            </DialogContent>
            {/* Across the whole width: in the title's column the two labels wrapped on three lines. */}
            <DialogActions fluid className={styles.actions}>
              <Button
                appearance="primary"
                icon={<GanttChart20Regular />}
                onClick={() => onOpenPlanning(answer.projectId)}
              >
                {t("interchange.summary.open")}
              </Button>
              <Button onClick={onClose}>{t("interchange.summary.close")}</Button>
            </DialogActions>
          </DialogBody>
        ) : null}
      </DialogSurface>
    </Dialog>
  );
}
