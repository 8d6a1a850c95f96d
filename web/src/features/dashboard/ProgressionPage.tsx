// /dashboard/progression (issue 17): the late tasks at a date (GET /project/delayed-events, 100 at most, lot and
// zone filters), the most late as a chart of real against theoretical progress, and all of them as a table with
// its .csv export (the chart's table view).
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Text, makeStyles } from "@fluentui/react-components";
import { GroupedVerticalBarChart, type GroupedVerticalBarChartData } from "@fluentui/react-charts";
import { DataTable } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { ChartAndTable } from "../../components/ChartAndTable";
import { TrackedVersionNote, WithTrackedVersion } from "./TrackedVersion";
import { dashboardApi, type TrackedEvent } from "../../api/dashboard";
import { formatPercent } from "./format";
import { trackedColumns, useTrackedFilters } from "./tracked";

/** The chart draws the most late tasks only; the table holds them all. */
const CHART_TASKS = 12;
export const REAL_COLOUR = "#0F6CBD";
export const THEORETICAL_COLOUR = "#CA5010";

// The chart's legend capitalises every word ("Avancement Réel"): keep the French labels as written.
export const useLegendStyles = makeStyles({ legend: { textTransform: "none" } });

export default function ProgressionPage() {
  return (
    <WithTrackedVersion>
      {(projectId, versionId) => <Progression projectId={projectId} versionId={versionId} />}
    </WithTrackedVersion>
  );
}

function Progression({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useLegendStyles();
  const { filters, key, refresh, bar, lotNames, zoneNames } = useTrackedFilters(projectId, versionId);
  const list = useAsync(() => dashboardApi.delayed(filters), [key, refresh]);
  useEffect(() => {
    if (list.error) warnError(list.error, "project");
  }, [list.error]);
  const rows = list.data?.data ?? [];
  // The answer is ordered by the largest gap first.
  const chartData: GroupedVerticalBarChartData[] = rows.slice(0, CHART_TASKS).map((e) => ({
    name: e.name,
    series: [
      {
        key: "real",
        data: e.progress,
        legend: t("dashboard.realProgress"),
        color: REAL_COLOUR,
        yAxisCalloutData: formatPercent(e.progress),
      },
      {
        key: "theoretical",
        data: e.theoreticalProgress,
        legend: t("dashboard.theoreticalProgress"),
        color: THEORETICAL_COLOUR,
        yAxisCalloutData: formatPercent(e.theoreticalProgress),
      },
    ],
  }));
  return (
    <>
      <PageHeader title={t("dashboard.progression.title")} />
      <Text as="p">{t("dashboard.progression.intro")}</Text>
      <TrackedVersionNote versionId={versionId} />
      {bar}
      {list.data ? <Body1>{t("dashboard.shown", { count: list.data.count, total: list.data.total })}</Body1> : null}
      <ChartAndTable
        title={t("dashboard.progression.chart")}
        chart={
          chartData.length > 0 ? (
            <GroupedVerticalBarChart
              data={chartData}
              height={300}
              yMaxValue={100}
              yAxisTitle={t("dashboard.progressAxis")}
              culture="fr-FR"
              wrapXAxisLables
              legendProps={{ styles: { legend: styles.legend } }}
            />
          ) : null
        }
        table={
          <DataTable<TrackedEvent>
            columns={trackedColumns(t, lotNames, zoneNames)}
            rows={rows}
            getRowId={(e) => e.id}
            ariaLabel={t("dashboard.progression.tableLabel")}
            loading={list.loading}
            emptyText={t("dashboard.progression.empty")}
            defaultSort={{ field: "gap", direction: "DESC" }}
            csvExport={{ fileName: "Taches_en_retard" }}
          />
        }
      />
    </>
  );
}
