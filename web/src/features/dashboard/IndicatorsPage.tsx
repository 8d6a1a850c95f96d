// /dashboard/indicators (issue 17): the tasks at work at a date, on time (GET /project/on-time) against late
// (GET /project/delayed-events), in total and per lot as charts each with its table, and the on-time tasks as a
// table with its .csv export. Lot and zone filters; each list answers 100 tasks at most.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Subtitle2, Text, makeStyles, tokens } from "@fluentui/react-components";
import { DonutChart, GroupedVerticalBarChart, type GroupedVerticalBarChartData } from "@fluentui/react-charts";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { ChartAndTable } from "../../components/ChartAndTable";
import { TrackedVersionNote, WithTrackedVersion } from "./TrackedVersion";
import { dashboardApi, type TrackedEvent } from "../../api/dashboard";
import { useLegendStyles } from "./ProgressionPage";
import { trackedColumns, useTrackedFilters } from "./tracked";

const ON_TIME_COLOUR = "#107C10";
const LATE_COLOUR = "#C50F1F";

const useStyles = makeStyles({
  charts: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(360px, 1fr))",
    gap: tokens.spacingHorizontalXL,
    marginBottom: tokens.spacingVerticalXL,
  },
  section: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
});

export default function IndicatorsPage() {
  return (
    <WithTrackedVersion>
      {(projectId, versionId) => <Indicators projectId={projectId} versionId={versionId} />}
    </WithTrackedVersion>
  );
}

interface LotRow {
  id: number;
  name: string;
  onTime: number;
  late: number;
}

interface TotalRow {
  id: string;
  label: string;
  value: number;
}

function Indicators({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const legend = useLegendStyles().legend;
  const { filters, key, refresh, bar, lotNames, zoneNames } = useTrackedFilters(projectId, versionId);
  const onTime = useAsync(() => dashboardApi.onTime(filters), [key, refresh]);
  const late = useAsync(() => dashboardApi.delayed(filters), [key, refresh]);
  useEffect(() => {
    const e = onTime.error ?? late.error;
    if (e) warnError(e, "project");
  }, [onTime.error, late.error]);
  const onTimeRows = onTime.data?.data ?? [];
  const lateRows = late.data?.data ?? [];

  const totals: TotalRow[] = [
    { id: "onTime", label: t("dashboard.indicators.onTime"), value: onTime.data?.total ?? 0 },
    { id: "late", label: t("dashboard.indicators.late"), value: late.data?.total ?? 0 },
  ];
  const perLot = new Map<number, LotRow>();
  const add = (rows: readonly TrackedEvent[], field: "onTime" | "late") => {
    for (const e of rows) {
      const id = e.participantGroupProId ?? 0;
      const row = perLot.get(id) ?? {
        id,
        name: id === 0 ? t("dashboard.indicators.noLot") : (lotNames.get(id) ?? ""),
        onTime: 0,
        late: 0,
      };
      row[field]++;
      perLot.set(id, row);
    }
  };
  add(onTimeRows, "onTime");
  add(lateRows, "late");
  const lots = [...perLot.values()].sort((a, b) => b.late - a.late || a.name.localeCompare(b.name, "fr"));
  const lotChart: GroupedVerticalBarChartData[] = lots.map((l) => ({
    name: l.name,
    series: [
      { key: "onTime", data: l.onTime, legend: t("dashboard.indicators.onTime"), color: ON_TIME_COLOUR },
      { key: "late", data: l.late, legend: t("dashboard.indicators.late"), color: LATE_COLOUR },
    ],
  }));
  const totalColumns: DataTableColumn<TotalRow>[] = [
    { id: "label", header: t("dashboard.indicators.status") },
    { id: "value", header: t("dashboard.indicators.count"), align: "end" },
  ];
  const lotColumns: DataTableColumn<LotRow>[] = [
    { id: "name", header: t("dashboard.lot") },
    { id: "onTime", header: t("dashboard.indicators.onTime"), align: "end" },
    { id: "late", header: t("dashboard.indicators.late"), align: "end" },
  ];
  const hasData = totals.some((x) => x.value > 0);

  return (
    <>
      <PageHeader title={t("dashboard.indicators.title")} />
      <Text as="p">{t("dashboard.indicators.intro")}</Text>
      <TrackedVersionNote versionId={versionId} />
      {bar}
      <div className={styles.charts}>
        <ChartAndTable
          title={t("dashboard.indicators.chart")}
          chart={
            hasData ? (
              <DonutChart
                data={{
                  chartTitle: t("dashboard.indicators.chart"),
                  chartData: [
                    { legend: totals[0].label, data: totals[0].value, color: ON_TIME_COLOUR },
                    { legend: totals[1].label, data: totals[1].value, color: LATE_COLOUR },
                  ],
                }}
                innerRadius={55}
                height={240}
                hideLabels={false}
                showLabelsInPercent
                legendProps={{ styles: { legend } }}
              />
            ) : null
          }
          table={
            <DataTable
              columns={totalColumns}
              rows={totals}
              getRowId={(r) => r.id}
              rowName={(r) => r.label}
              ariaLabel={t("dashboard.indicators.chart")}
              loading={onTime.loading || late.loading}
              defaultSort={{ field: "label", direction: "ASC" }}
              pageSizes={[25]}
              size="small"
            />
          }
        />
        <ChartAndTable
          title={t("dashboard.indicators.byLot")}
          chart={
            lotChart.length > 0 ? (
              <GroupedVerticalBarChart
                data={lotChart}
                height={260}
                yAxisTitle={t("dashboard.taskCount")}
                culture="fr-FR"
                wrapXAxisLables
                legendProps={{ styles: { legend } }}
              />
            ) : null
          }
          table={
            <DataTable
              columns={lotColumns}
              rows={lots}
              getRowId={(r) => r.id}
              ariaLabel={t("dashboard.indicators.byLot")}
              loading={onTime.loading || late.loading}
              defaultSort={{ field: "late", direction: "DESC" }}
              pageSizes={[25]}
              size="small"
              csvExport={{ fileName: "Indicateurs_par_lot" }}
            />
          }
        />
      </div>
      <section className={styles.section}>
        <Subtitle2 as="h2">{t("dashboard.indicators.tableLabel")}</Subtitle2>
        {onTime.data ? (
          <Body1>{t("dashboard.shown", { count: onTime.data.count, total: onTime.data.total })}</Body1>
        ) : null}
        <DataTable<TrackedEvent>
          columns={trackedColumns(t, lotNames, zoneNames)}
          rows={onTimeRows}
          getRowId={(e) => e.id}
          ariaLabel={t("dashboard.indicators.tableLabel")}
          loading={onTime.loading}
          emptyText={t("dashboard.indicators.empty")}
          defaultSort={{ field: "endDate", direction: "ASC" }}
          csvExport={{ fileName: "Taches_a_l_heure" }}
        />
      </section>
    </>
  );
}
