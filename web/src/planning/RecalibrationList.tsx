import { useTranslation } from "react-i18next";
import { Body1, Caption1, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { formatDate } from "../lib/dates";
import { usePlanningStore } from "./planningStore";
import type { ShiftEntry } from "./filters/filterOptions";
import { ExportButton } from "../components/ExportButton";
import { exportsApi } from "../api/exports";
import { useProject } from "../store/project";

const useStyles = makeStyles({
  panel: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalXS,
  },
  item: {
    textAlign: "left",
    background: "none",
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalS,
    cursor: "pointer",
    display: "flex",
    flexDirection: "column",
  },
});

/**
 * Recalibration mode: the version's shift history (GET /history/shift), under the late tasks (RecalibrationPanel);
 * a click shows the shifted task.
 */
export function RecalibrationList({ entries }: { entries: readonly ShiftEntry[] }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const focusEvent = usePlanningStore((s) => s.focusEvent);
  const { projectId, versionId } = useProject();
  return (
    <section className={styles.panel} aria-label={t("planning.recalibration.title")}>
      <Subtitle2 as="h2">{t("planning.recalibration.title")}</Subtitle2>
      <Caption1>{t("planning.recalibration.historyCount", { count: entries.length })}</Caption1>
      {projectId !== null && versionId !== null && entries.length > 0 ? (
        <ExportButton
          size="small"
          label={t("planning.recalibration.export")}
          run={() => exportsApi.shiftHistory(projectId, versionId)}
        />
      ) : null}
      {entries.length === 0 ? <Body1>{t("planning.recalibration.empty")}</Body1> : null}
      {entries.map((e) => (
        <button
          key={e.id}
          type="button"
          className={styles.item}
          disabled={e.eventId === null}
          onClick={() => e.eventId !== null && focusEvent(e.eventId)}
        >
          <Body1>{e.name}</Body1>
          <Caption1>
            {[
              e.event?.name,
              formatDate(e.createdAt),
              e.user ? t("planning.recalibration.by", { name: `${e.user.firstname} ${e.user.lastname}` }) : null,
            ]
              .filter(Boolean)
              .join(" · ")}
          </Caption1>
        </button>
      ))}
    </section>
  );
}
