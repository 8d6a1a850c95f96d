// The project dashboard (/dashboard/overview; spec 000 sections 2 and 7, issue 17): tabs, "Général" by default,
// with the progress (real against theoretical), the forecast end with progress, the margin for hazards, the
// follow-up of the tracked milestones, the production counts (and per week) and the roadblocks, at today or at a chosen date
// (GET /project/{id}/dashboard?versionId&date).
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Body1,
  Caption1,
  ProgressBar,
  Subtitle2,
  Tab,
  TabList,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import { VerticalBarChart, type VerticalBarChartDataPoint } from "@fluentui/react-charts";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { formatDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { ChartAndTable } from "../../components/ChartAndTable";
import { DayField } from "../../components/DayField";
import { ProductionWeeks } from "./ProductionWeeks";
import { TrackedVersionNote, WithTrackedVersion } from "./TrackedVersion";
import { dashboardApi, type Dashboard, type DashboardMilestone } from "../../api/dashboard";
import { formatPercent, formatSigned, marginTone } from "./format";

const useStyles = makeStyles({
  bar: { display: "flex", flexWrap: "wrap", alignItems: "flex-end", columnGap: tokens.spacingHorizontalL },
  tabs: { margin: `${tokens.spacingVerticalM} 0` },
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(260px, 1fr))",
    gap: tokens.spacingHorizontalL,
    marginBottom: tokens.spacingVerticalXL,
  },
  card: {
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    padding: tokens.spacingHorizontalM,
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  big: {
    fontSize: tokens.fontSizeHero800,
    lineHeight: tokens.lineHeightHero800,
    fontWeight: tokens.fontWeightSemibold,
  },
  success: { color: tokens.colorPaletteGreenForeground1 },
  danger: { color: tokens.colorPaletteRedForeground1 },
  neutral: { color: tokens.colorNeutralForeground1 },
  pairs: { display: "grid", gridTemplateColumns: "1fr auto", columnGap: tokens.spacingHorizontalM, margin: 0 },
  value: { margin: 0, textAlign: "end", fontWeight: tokens.fontWeightSemibold },
  section: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS },
});

type TabId = "general" | "production";

export default function DashboardPage() {
  return (
    <WithTrackedVersion>
      {(projectId, versionId) => <ProjectDashboard projectId={projectId} versionId={versionId} />}
    </WithTrackedVersion>
  );
}

function ProjectDashboard({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const [date, setDate] = useState("");
  const [tab, setTab] = useState<TabId>("general");
  const answer = useAsync(() => dashboardApi.get(projectId, versionId, date), [projectId, versionId, date, refresh]);
  useEffect(() => {
    if (answer.error) warnError(answer.error, "project");
  }, [answer.error]);
  const d = answer.data;

  return (
    <>
      <PageHeader title={t("dashboard.title")} />
      <div className={styles.bar}>
        <DayField value={date} onChange={setDate} />
        {d ? <Body1>{t("dashboard.computedAt", { date: formatDay(d.date) })}</Body1> : null}
        <TrackedVersionNote versionId={versionId} />
      </div>
      <TabList
        className={styles.tabs}
        selectedValue={tab}
        onTabSelect={(_, data) => setTab(data.value as TabId)}
        aria-label={t("dashboard.tabs")}
      >
        <Tab value="general">{t("dashboard.general")}</Tab>
        <Tab value="production">{t("dashboard.productionTab")}</Tab>
      </TabList>
      {!d ? (
        answer.loading ? (
          <Body1>{t("dashboard.loading")}</Body1>
        ) : null
      ) : tab === "general" ? (
        <General d={d} />
      ) : (
        <ProductionTab d={d} />
      )}
    </>
  );
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <section className={styles.card} aria-label={title}>
      <Subtitle2 as="h2">{title}</Subtitle2>
      {children}
    </section>
  );
}

/** Label/value lines of a card, read as a definition list. */
function Pairs({ items }: { items: [string, ReactNode][] }) {
  const styles = useStyles();
  return (
    <dl className={styles.pairs}>
      {items.map(([label, value]) => (
        <div key={label} style={{ display: "contents" }}>
          <dt>
            <Body1>{label}</Body1>
          </dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function General({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const tone = marginTone(d.marginForHazards);
  const milestoneColumns: DataTableColumn<DashboardMilestone>[] = [
    { id: "name", header: t("dashboard.milestone") },
    {
      id: "plannedDate",
      header: t("dashboard.plannedDate"),
      render: (m) => formatDay(m.plannedDate),
      sortValue: (m) => m.plannedDate ?? "",
    },
    {
      id: "projectedDate",
      header: t("dashboard.projectedDate"),
      render: (m) => formatDay(m.projectedDate),
      sortValue: (m) => m.projectedDate ?? "",
    },
    {
      id: "deltaDays",
      header: t("dashboard.delta"),
      align: "end",
      // deltaDays is positive when the milestone slips later: late shows red.
      render: (m) =>
        m.deltaDays === null ? (
          ""
        ) : (
          <span className={styles[marginTone(-m.deltaDays)]}>
            {t("dashboard.workingDays", { count: Math.abs(m.deltaDays), value: formatSigned(m.deltaDays) })}
          </span>
        ),
      exportValue: (m) => m.deltaDays,
      sortValue: (m) => m.deltaDays ?? 0,
    },
  ];
  return (
    <>
      <div className={styles.grid}>
        <Card title={t("dashboard.progress")}>
          <Text className={styles.big}>{formatPercent(d.progress)}</Text>
          <ProgressBar value={d.progress / 100} thickness="large" aria-label={t("dashboard.realProgress")} />
          <Pairs
            items={[
              [t("dashboard.realProgress"), formatPercent(d.progress)],
              [t("dashboard.theoreticalProgress"), formatPercent(d.theoreticalProgress)],
            ]}
          />
          <ProgressBar
            value={d.theoreticalProgress / 100}
            color="warning"
            aria-label={t("dashboard.theoreticalProgress")}
          />
        </Card>
        <Card title={t("dashboard.forecastEnd")}>
          <Text className={styles.big}>{d.forecastEndDate ? formatDay(d.forecastEndDate) : t("dashboard.none")}</Text>
          <Pairs
            items={[
              [t("dashboard.projectedEnd"), formatDay(d.projectedEndDate) || t("dashboard.none")],
              [t("dashboard.expectedEnd"), formatDay(d.expectedEndDate) || t("dashboard.none")],
            ]}
          />
        </Card>
        <Card title={t("dashboard.margin")}>
          <Text className={mergeClasses(styles.big, styles[tone])} data-tone={tone}>
            {d.marginForHazards === null
              ? t("dashboard.none")
              : t("dashboard.workingDays", {
                  count: Math.abs(d.marginForHazards),
                  value: formatSigned(d.marginForHazards),
                })}
          </Text>
          <Caption1>
            {d.marginForHazards === null
              ? t("dashboard.marginUnknown")
              : d.marginForHazards < 0
                ? t("dashboard.marginLate")
                : t("dashboard.marginEarly")}
          </Caption1>
        </Card>
        <Card title={t("dashboard.production")}>
          <Pairs
            items={[
              [t("dashboard.tasksFinished"), d.production.tasksFinished],
              [t("dashboard.tasksOnTime"), d.production.tasksOnTime],
              [t("dashboard.tasksLate"), d.production.tasksLate],
              [t("dashboard.tasksToPoint"), d.production.tasksToPoint],
            ]}
          />
        </Card>
        <Card title={t("dashboard.roadblocks")}>
          <Pairs
            items={[
              [t("dashboard.roadblocksTotal"), d.roadblocks.total],
              [t("dashboard.roadblocksOpen"), d.roadblocks.open],
            ]}
          />
        </Card>
      </div>
      <section className={styles.section}>
        <Subtitle2 as="h2">{t("dashboard.milestones")}</Subtitle2>
        <DataTable
          columns={milestoneColumns}
          rows={d.milestones}
          getRowId={(m) => m.id}
          ariaLabel={t("dashboard.milestones")}
          emptyText={t("dashboard.noMilestone")}
          defaultSort={{ field: "plannedDate", direction: "ASC" }}
          csvExport={{ fileName: "Suivi_jalons" }}
        />
      </section>
      <section className={styles.section}>
        <ProductionWeeks weeks={d.productionWeeks} />
      </section>
    </>
  );
}

interface CountRow {
  id: string;
  label: string;
  value: number;
}

/** The production counts and the progress as charts, each with its table. */
function ProductionTab({ d }: { d: Dashboard }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const counts: CountRow[] = [
    { id: "finished", label: t("dashboard.tasksFinished"), value: d.production.tasksFinished },
    { id: "onTime", label: t("dashboard.tasksOnTime"), value: d.production.tasksOnTime },
    { id: "late", label: t("dashboard.tasksLate"), value: d.production.tasksLate },
    { id: "toPoint", label: t("dashboard.tasksToPoint"), value: d.production.tasksToPoint },
  ];
  const colours: Record<string, string> = {
    finished: "#107C10",
    onTime: "#0F6CBD",
    late: "#C50F1F",
    toPoint: "#CA5010",
  };
  const points: VerticalBarChartDataPoint[] = counts.map((c) => ({
    x: c.label,
    y: c.value,
    legend: c.label,
    color: colours[c.id],
  }));
  const columns: DataTableColumn<CountRow>[] = [
    { id: "label", header: t("dashboard.category") },
    { id: "value", header: t("dashboard.taskCount"), align: "end" },
  ];
  return (
    <div className={styles.section}>
      <ChartAndTable
        title={t("dashboard.productionChart")}
        chart={
          <VerticalBarChart
            data={points}
            height={260}
            hideLegend
            wrapXAxisLables
            barWidth="auto"
            maxBarWidth={64}
            yAxisTitle={t("dashboard.taskCount")}
            culture="fr-FR"
          />
        }
        table={
          <DataTable
            columns={columns}
            rows={counts}
            getRowId={(c) => c.id}
            rowName={(c) => c.label}
            ariaLabel={t("dashboard.productionChart")}
            defaultSort={{ field: "value", direction: "DESC" }}
            pageSizes={[25]}
            size="small"
          />
        }
      />
    </div>
  );
}
