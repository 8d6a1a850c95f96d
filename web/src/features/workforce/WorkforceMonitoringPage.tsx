// /dashboard/workforce-monitoring (spec 001): the planned people of the viewed version (and of up to three
// compared ones) per working day against the estimated and real countings, as a line chart
// (@fluentui/react-charts) and the same data as a table, with date, lot, participant, tag, macro-task, zone and
// version filters, the .xlsx export (GET /workforce/export/{projectId}) taking the same filters.
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Caption1, Dropdown, Field, Option, Subtitle1, makeStyles, tokens } from "@fluentui/react-components";
import { LineChart, type LineChartPoints } from "@fluentui/react-charts";
import { api } from "../../api/client";
import { lotsApi, participantsApi, zonesApi } from "../../api/reference";
import { macroTasksApi, tagsApi } from "../../api/referenceMore";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { WithVersion } from "../../components/WithVersion";
import { formatDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { ChartBoundary } from "../../components/ChartBoundary";
import { FilterBar } from "../../components/FilterBar";
import { IdFilter } from "../../components/IdFilter";
import { WorkforceHeader } from "./WorkforceHeader";
import { workforceApi, type MonitoringFilters, type WorkforceRow } from "./api";
import { DateInput } from "../../components/DateInput";

/** Colours of the series: the versions' lines, then the estimated and real countings. */
const VERSION_COLOURS = ["#0F6CBD", "#8764B8", "#00A5AF", "#986F0B"];
const ESTIMATED_COLOUR = "#CA5010";
const REAL_COLOUR = "#107C10";
const MAX_VERSIONS = 4;

const useStyles = makeStyles({
  chart: { width: "100%", minHeight: "360px", margin: `0 0 ${tokens.spacingVerticalXL} 0` },
  // The chart's legend capitalises every word ("Effectif Réel"): keep the French labels as written.
  legend: { textTransform: "none" },
  section: {
    marginTop: tokens.spacingVerticalL,
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
  },
});

export default function WorkforceMonitoringPage() {
  return (
    <WithVersion>{(projectId, versionId) => <Monitoring projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

/** A calendar day as a Date at noon UTC (the same day in Paris), for the chart's time axis. */
const dayDate = (day: string) => new Date(`${day}T12:00:00Z`);

function Monitoring({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const [startDate, setStartDate] = useState("");
  const [endDate, setEndDate] = useState("");
  const [lotId, setLotId] = useState<number | null>(null);
  const [participantId, setParticipantId] = useState<number | null>(null);
  const [tagId, setTagId] = useState<number | null>(null);
  const [macroTaskId, setMacroTaskId] = useState<number | null>(null);
  const [zoneId, setZoneId] = useState<number | null>(null);
  const [compared, setCompared] = useState<number[]>([]);
  useEffect(() => setCompared([]), [versionId]);

  const versions = useAsync(() => api.versions.list(projectId), [projectId]);
  const lots = useAsync(() => lotsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const participants = useAsync(() => participantsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const tags = useAsync(() => tagsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const macroTasks = useAsync(() => macroTasksApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const zones = useAsync(() => zonesApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const filters: MonitoringFilters = {
    projectId,
    versionId,
    versionIds: compared,
    startDate,
    endDate,
    participantGroupIds: lotId === null ? undefined : [lotId],
    participantIds: participantId === null ? undefined : [participantId],
    tagIds: tagId === null ? undefined : [tagId],
    macroTaskIds: macroTaskId === null ? undefined : [macroTaskId],
    zoneIds: zoneId === null ? undefined : [zoneId],
  };
  const key = JSON.stringify(filters);
  const data = useAsync(
    () => (startDate && endDate && startDate > endDate ? Promise.resolve(undefined) : workforceApi.monitoring(filters)),
    [key, refresh],
  );
  useEffect(() => {
    const e =
      data.error ?? versions.error ?? lots.error ?? participants.error ?? tags.error ?? macroTasks.error ?? zones.error;
    if (e) warnError(e, "project");
  }, [data.error, versions.error, lots.error, participants.error, tags.error, macroTasks.error, zones.error]);

  const answer = data.data;
  const rows = answer?.rows ?? [];
  const versionList = answer?.versionList ?? [];

  const chartData = useMemo((): LineChartPoints[] => {
    if (!answer) return [];
    const series: LineChartPoints[] = answer.versionList.map((v, k) => ({
      legend: t("workforce.monitoring.planned", { name: v.name }),
      color: VERSION_COLOURS[k % VERSION_COLOURS.length],
      data: answer.rows.map((r) => ({ x: dayDate(r.date), y: r.versions[String(v.id)] ?? 0 })),
    }));
    // The countings are drawn where they were made (first to last counted day), not as zeros before or after.
    const counted = answer.rows.map((r) => r.estimatedNumberOfPeople > 0 || r.realNumberOfPeople > 0);
    const first = counted.indexOf(true);
    const countedRows = first < 0 ? [] : answer.rows.slice(first, counted.lastIndexOf(true) + 1);
    if (countedRows.length > 0)
      series.push(
        {
          legend: t("workforce.monitoring.estimated"),
          color: ESTIMATED_COLOUR,
          lineOptions: { strokeDasharray: "6 4" },
          data: countedRows.map((r) => ({ x: dayDate(r.date), y: r.estimatedNumberOfPeople })),
        },
        {
          legend: t("workforce.monitoring.real"),
          color: REAL_COLOUR,
          data: countedRows.map((r) => ({ x: dayDate(r.date), y: r.realNumberOfPeople })),
        },
      );
    return series;
  }, [answer, t]);

  const columns: DataTableColumn<WorkforceRow>[] = [
    { id: "date", header: t("workforce.monitoring.date"), render: (r) => formatDay(r.date), sortValue: (r) => r.date },
    ...versionList.map((v): DataTableColumn<WorkforceRow> => ({
      id: `v${v.id}`,
      header: t("workforce.monitoring.planned", { name: v.name }),
      align: "end",
      render: (r) => String(r.versions[String(v.id)] ?? 0),
      sortValue: (r) => r.versions[String(v.id)] ?? 0,
    })),
    { id: "estimatedNumberOfPeople", header: t("workforce.monitoring.estimated"), align: "end" },
    { id: "realNumberOfPeople", header: t("workforce.monitoring.real"), align: "end" },
  ];

  const otherVersions = (versions.data?.data ?? []).filter((v) => v.id !== versionId);
  const selectedNames = otherVersions.filter((v) => compared.includes(v.id)).map((v) => v.name);

  return (
    <>
      <WorkforceHeader screen="monitoring" subject="project" run={() => workforceApi.exportMonitoring(filters)} />
      <FilterBar>
        <Field label={t("workforce.monitoring.startDate")}>
          <DateInput value={startDate} onChange={(v) => setStartDate(v)} />
        </Field>
        <Field
          label={t("workforce.monitoring.endDate")}
          validationMessage={startDate && endDate && startDate > endDate ? t("errors.endDate_invalid") : undefined}
        >
          <DateInput value={endDate} onChange={(v) => setEndDate(v)} />
        </Field>
        <IdFilter
          label={t("workforce.monitoring.lot")}
          allLabel={t("workforce.monitoring.allLots")}
          value={lotId}
          onChange={setLotId}
          items={lots.data?.data ?? []}
        />
        <IdFilter
          label={t("workforce.monitoring.participant")}
          allLabel={t("workforce.monitoring.allParticipants")}
          value={participantId}
          onChange={setParticipantId}
          items={participants.data?.data ?? []}
        />
        <IdFilter
          label={t("workforce.monitoring.tag")}
          allLabel={t("workforce.monitoring.allTags")}
          value={tagId}
          onChange={setTagId}
          items={tags.data?.data ?? []}
        />
        <IdFilter
          label={t("workforce.monitoring.macroTask")}
          allLabel={t("workforce.monitoring.allMacroTasks")}
          value={macroTaskId}
          onChange={setMacroTaskId}
          items={macroTasks.data?.data ?? []}
        />
        <IdFilter
          label={t("workforce.monitoring.zone")}
          allLabel={t("workforce.monitoring.allZones")}
          value={zoneId}
          onChange={setZoneId}
          items={(zones.data?.data ?? []).map((z) => ({ id: z.id, name: z.fullName || z.name }))}
        />
        <Field label={t("workforce.monitoring.versions")} hint={t("workforce.monitoring.versionsHint")}>
          <Dropdown
            multiselect
            value={selectedNames.join(", ")}
            selectedOptions={compared.map(String)}
            onOptionSelect={(_, d) => {
              const ids = d.selectedOptions.map(Number);
              if (ids.length <= MAX_VERSIONS - 1) setCompared(ids);
            }}
          >
            {otherVersions.map((v) => (
              <Option
                key={v.id}
                value={String(v.id)}
                disabled={!compared.includes(v.id) && compared.length >= MAX_VERSIONS - 1}
              >
                {v.name}
              </Option>
            ))}
          </Dropdown>
        </Field>
      </FilterBar>
      {macroTaskId !== null || zoneId !== null ? (
        <Caption1 block role="note">
          {t("workforce.monitoring.filtersHint")}
        </Caption1>
      ) : null}
      {rows.length > 0 && (
        <figure className={styles.chart} aria-label={t("workforce.monitoring.chartTitle")}>
          <ChartBoundary>
            <LineChart
              data={{ chartTitle: t("workforce.monitoring.chartTitle"), lineChartData: chartData }}
              height={360}
              yAxisTitle={t("workforce.monitoring.yAxis")}
              culture="fr-FR"
              legendProps={{ styles: { legend: styles.legend } }}
              customDateTimeFormatter={(d) => formatDay(d.toISOString())}
            />
          </ChartBoundary>
        </figure>
      )}
      <section className={styles.section}>
        <Subtitle1 as="h2">{t("workforce.monitoring.tableTitle")}</Subtitle1>
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(r) => r.date}
          rowName={(r) => formatDay(r.date)}
          ariaLabel={t("workforce.monitoring.tableLabel")}
          loading={data.loading}
          emptyText={t("workforce.monitoring.empty")}
          defaultSort={{ field: "date", direction: "ASC" }}
        />
      </section>
    </>
  );
}
