// Production per week on the dashboard's General tab (issue 17): the tasks finished, on time, late and to point
// at each week's end, as a line per state and, under it, the same figures as a table.
import { useTranslation } from "react-i18next";
import { LineChart, type LineChartPoints } from "@fluentui/react-charts";
import type { DashboardProductionWeek } from "@jalon/shared";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { formatDay } from "../../lib/dates";
import { ChartAndTable } from "../../components/ChartAndTable";
import { useLegendStyles } from "./ProgressionPage";

type Field = "tasksFinished" | "tasksOnTime" | "tasksLate" | "tasksToPoint";

/** The states in the order of the production card, with the colours of the production chart. */
const STATES: { field: Field; colour: string }[] = [
  { field: "tasksFinished", colour: "#107C10" },
  { field: "tasksOnTime", colour: "#0F6CBD" },
  { field: "tasksLate", colour: "#C50F1F" },
  { field: "tasksToPoint", colour: "#CA5010" },
];

// Noon UTC keeps the Paris calendar day whatever the browser's zone.
const weekDate = (day: string) => new Date(`${day}T12:00:00Z`);

export function ProductionWeeks({ weeks }: { weeks: DashboardProductionWeek[] }) {
  const { t } = useTranslation();
  const styles = useLegendStyles();
  const title = t("dashboard.productionWeeks");
  const series: LineChartPoints[] = STATES.map((s) => ({
    legend: t(`dashboard.${s.field}`),
    color: s.colour,
    data: weeks.map((w) => ({ x: weekDate(w.weekStart), y: w[s.field] })),
  }));
  const columns: DataTableColumn<DashboardProductionWeek>[] = [
    {
      id: "weekStart",
      header: t("dashboard.week"),
      render: (w) => t("dashboard.weekOf", { date: formatDay(w.weekStart) }),
      exportValue: (w) => formatDay(w.weekStart),
    },
    { id: "date", header: t("dashboard.weekCountedAt"), render: (w) => formatDay(w.date) },
    ...STATES.map((s) => ({ id: s.field, header: t(`dashboard.${s.field}`), align: "end" as const })),
  ];
  return (
    <ChartAndTable
      title={title}
      chart={
        // One point draws no line: the table alone says it.
        weeks.length > 1 ? (
          <LineChart
            data={{ chartTitle: title, lineChartData: series }}
            height={280}
            yAxisTitle={t("dashboard.taskCount")}
            culture="fr-FR"
            legendProps={{ styles: { legend: styles.legend } }}
            customDateTimeFormatter={(d) => formatDay(d.toISOString())}
          />
        ) : null
      }
      table={
        <DataTable
          columns={columns}
          rows={weeks}
          getRowId={(w) => w.weekStart}
          rowName={(w) => t("dashboard.weekOf", { date: formatDay(w.weekStart) })}
          ariaLabel={title}
          emptyText={t("dashboard.noWeek")}
          defaultSort={{ field: "weekStart", direction: "DESC" }}
          csvExport={{ fileName: "Production_par_semaine" }}
          size="small"
        />
      }
    />
  );
}
