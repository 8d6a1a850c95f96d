// /dashboard/financial-monitoring and /dashboard/financial-result (spec 001: the same screen): the planned and
// realized amounts per week and their accumulations, for the viewed version against the referent one (or up to
// 4 compared versions), as line charts (@fluentui/react-charts, as the dashboard) and the same data as a table.
// Amounts are in euros with no decimals.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Dropdown, Field, Option, Subtitle1, Text, makeStyles, tokens } from "@fluentui/react-components";
import {
  GroupedVerticalBarChart,
  LineChart,
  type GroupedVerticalBarChartData,
  type LineChartPoints,
} from "@fluentui/react-charts";
import { FINANCE_VERSIONS_MAX, type FinanceWeek } from "@jalon/shared";
import { api } from "../../api/client";
import { costsApi } from "../../api/costs";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { formatDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { ChartAndTable } from "../../components/ChartAndTable";
import { CostFilterBar, NO_COST_FILTER, filterIds, type CostFilterState } from "./CostFilterBar";
import { formatEuros } from "./format";

const VERSION_COLOURS = ["#0F6CBD", "#8764B8", "#00A5AF", "#986F0B"];
const REALIZED_COLOUR = "#107C10";

const useStyles = makeStyles({
  legend: { textTransform: "none" },
  totals: {
    display: "flex",
    gap: tokens.spacingHorizontalXXL,
    flexWrap: "wrap",
    margin: `${tokens.spacingVerticalS} 0`,
  },
  section: {
    marginTop: tokens.spacingVerticalL,
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
  },
  charts: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalXL },
});

export default function FinancialMonitoringPage() {
  return <WithVersion>{(projectId, versionId) => <Finance projectId={projectId} versionId={versionId} />}</WithVersion>;
}

const weekDate = (day: string) => new Date(`${day}T12:00:00Z`);

function Finance({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const [filters, setFilters] = useState<CostFilterState>(NO_COST_FILTER);
  /** null: the server's default (the referent version). */
  const [compared, setCompared] = useState<number[] | null>(null);
  useEffect(() => setCompared(null), [versionId]);
  const versions = useAsync(() => api.versions.list(projectId), [projectId]);
  const key = JSON.stringify([filters, compared]);
  const data = useAsync(
    () => costsApi.finance({ projectId, versionId, ...filterIds(filters) }, compared ?? undefined),
    [projectId, versionId, key, refresh],
  );
  useEffect(() => {
    const e = data.error ?? versions.error;
    if (e) warnError(e, "project");
  }, [data.error, versions.error]);

  const answer = data.data;
  const weeks = answer?.weeks ?? [];
  const versionList = answer?.versionList ?? [];
  const versionName = (v: { name: string; isReferent: boolean }) =>
    v.isReferent ? `${v.name} (${t("costs.finance.referent")})` : v.name;

  const accumulated = useMemo((): LineChartPoints[] => {
    if (!answer) return [];
    const series: LineChartPoints[] = answer.versionList.map((v, k) => ({
      legend: t("costs.finance.plannedAccumulated", { name: versionName(v) }),
      color: VERSION_COLOURS[k % VERSION_COLOURS.length],
      lineOptions: k === 0 ? undefined : { strokeDasharray: "6 4" },
      data: answer.weeks.map((w) => ({
        x: weekDate(w.startDate),
        y: Math.round(w.versions[String(v.id)]?.planned_accumulated ?? 0),
      })),
    }));
    series.push({
      legend: t("costs.finance.realizedAccumulated"),
      color: REALIZED_COLOUR,
      data: answer.weeks.map((w) => ({ x: weekDate(w.startDate), y: Math.round(w.realized_accumulated) })),
    });
    return series;
  }, [answer, t]);

  const weekly = useMemo(
    (): GroupedVerticalBarChartData[] =>
      weeks.map((w) => ({
        name: t("costs.finance.weekLabel", { week: w.realWeek }),
        series: [
          {
            key: "planned",
            data: Math.round(w.planned),
            legend: t("costs.finance.planned", { name: versionList[0]?.name ?? "" }),
            color: VERSION_COLOURS[0],
            xAxisCalloutData: formatDay(w.startDate),
            yAxisCalloutData: formatEuros(w.planned),
          },
          {
            key: "realized",
            data: Math.round(w.realized),
            legend: t("costs.finance.realized"),
            color: REALIZED_COLOUR,
            xAxisCalloutData: formatDay(w.startDate),
            yAxisCalloutData: formatEuros(w.realized),
          },
        ],
      })),
    [weeks, versionList, t],
  );

  const columns: DataTableColumn<FinanceWeek>[] = [
    {
      id: "realWeek",
      header: t("costs.finance.week"),
      render: (w) => t("costs.finance.weekLabel", { week: w.realWeek }),
      sortValue: (w) => w.startDate,
    },
    { id: "startDate", header: t("costs.finance.startDate"), render: (w) => formatDay(w.startDate) },
    ...versionList.flatMap((v, k): DataTableColumn<FinanceWeek>[] => [
      ...(k === 0
        ? []
        : [
            {
              id: `p${v.id}`,
              header: t("costs.finance.planned", { name: versionName(v) }),
              align: "end" as const,
              render: (w: FinanceWeek) => formatEuros(w.versions[String(v.id)]?.planned),
              sortValue: (w: FinanceWeek) => w.versions[String(v.id)]?.planned ?? 0,
            },
          ]),
      {
        id: `a${v.id}`,
        header: t("costs.finance.plannedAccumulated", { name: versionName(v) }),
        align: "end",
        render: (w) => formatEuros(w.versions[String(v.id)]?.planned_accumulated),
        sortValue: (w) => w.versions[String(v.id)]?.planned_accumulated ?? 0,
      },
    ]),
    {
      id: "planned",
      header: t("costs.finance.planned", { name: versionList[0]?.name ?? "" }),
      align: "end",
      render: (w) => formatEuros(w.planned),
      sortValue: (w) => w.planned,
    },
    {
      id: "realized",
      header: t("costs.finance.realized"),
      align: "end",
      render: (w) => formatEuros(w.realized),
      sortValue: (w) => w.realized,
    },
    {
      id: "realized_accumulated",
      header: t("costs.finance.realizedAccumulated"),
      align: "end",
      render: (w) => formatEuros(w.realized_accumulated),
      sortValue: (w) => w.realized_accumulated,
    },
  ];

  const otherVersions = (versions.data?.data ?? []).filter((v) => v.id !== versionId);
  const shown = compared ?? versionList.slice(1).map((v) => v.id);
  const selectedNames = otherVersions.filter((v) => shown.includes(v.id)).map((v) => v.name);

  return (
    <>
      <PageHeader title={t("costs.finance.title")} />
      <Text as="p">{t("costs.finance.intro")}</Text>
      <CostFilterBar projectId={projectId} versionId={versionId} value={filters} onChange={setFilters}>
        <Field label={t("costs.finance.versions")} hint={t("costs.finance.versionsHint")}>
          <Dropdown
            multiselect
            value={selectedNames.join(", ")}
            selectedOptions={shown.map(String)}
            onOptionSelect={(_, d) => {
              const ids = d.selectedOptions.map(Number);
              if (ids.length <= FINANCE_VERSIONS_MAX - 1) setCompared(ids);
            }}
          >
            {otherVersions.map((v) => (
              <Option
                key={v.id}
                value={String(v.id)}
                disabled={!shown.includes(v.id) && shown.length >= FINANCE_VERSIONS_MAX - 1}
              >
                {v.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </CostFilterBar>
      {answer && (
        <div className={styles.totals} role="status">
          <Text weight="semibold">
            {t("costs.finance.totalPlanned")} : {formatEuros(answer.totals.planned)}
          </Text>
          <Text weight="semibold">
            {t("costs.finance.totalRealized")} : {formatEuros(answer.totals.realized)}
          </Text>
        </div>
      )}
      {weeks.length > 0 && (
        <div className={styles.charts}>
          <ChartAndTable
            title={t("costs.finance.chartTitle")}
            chart={
              <LineChart
                data={{ chartTitle: t("costs.finance.chartTitle"), lineChartData: accumulated }}
                height={360}
                yAxisTitle={t("costs.finance.yAxis")}
                culture="fr-FR"
                legendProps={{ styles: { legend: styles.legend } }}
                customDateTimeFormatter={(d) => formatDay(d.toISOString())}
              />
            }
            table={null}
          />
          <ChartAndTable
            title={t("costs.finance.weeklyChartTitle")}
            chart={
              <GroupedVerticalBarChart
                data={weekly}
                height={300}
                yAxisTitle={t("costs.finance.yAxis")}
                culture="fr-FR"
                legendProps={{ styles: { legend: styles.legend } }}
              />
            }
            table={null}
          />
        </div>
      )}
      <section className={styles.section}>
        <Subtitle1 as="h2">{t("costs.finance.tableTitle")}</Subtitle1>
        <DataTable
          columns={columns}
          rows={weeks}
          getRowId={(w) => w.startDate}
          rowName={(w) => formatDay(w.startDate)}
          ariaLabel={t("costs.finance.tableLabel")}
          loading={data.loading}
          emptyText={t("costs.finance.empty")}
          defaultSort={{ field: "realWeek", direction: "ASC" }}
          csvExport={{ fileName: t("costs.finance.title") }}
        />
      </section>
    </>
  );
}
