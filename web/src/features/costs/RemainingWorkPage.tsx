// /dashboard/remaining-work (spec 001): the order-line tasks grouped done, to do and upcoming
// (GET /order-line-task/todo), each group with its count, amount and remaining amount, and its lines with
// quantities and amounts; the filters of the cost screens and the .xlsx export.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Subtitle1, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { RemainingGroup, RemainingLine } from "@jalon/shared";
import { costsApi } from "../../api/costs";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { ExportButton } from "../../components/FileButtons";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { formatDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { CostFilterBar, NO_COST_FILTER, filterIds, type CostFilterState } from "./CostFilterBar";
import { formatEuros, formatPercent, formatQuantity } from "./format";

const useStyles = makeStyles({
  group: {
    marginTop: tokens.spacingVerticalXL,
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
  },
});

export default function RemainingWorkPage() {
  return (
    <WithVersion>{(projectId, versionId) => <Remaining projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function Remaining({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const [filters, setFilters] = useState<CostFilterState>(NO_COST_FILTER);
  const query = { projectId, versionId, ...filterIds(filters) };
  const key = JSON.stringify(filters);
  const data = useAsync(() => costsApi.remaining(query), [projectId, versionId, key, refresh]);
  useEffect(() => {
    if (data.error) warnError(data.error, "project");
  }, [data.error]);

  const qty = (v: number, l: RemainingLine) => `${formatQuantity(v)}${l.unit ? ` ${l.unit}` : ""}`;
  const columns: DataTableColumn<RemainingLine>[] = [
    { id: "label", header: t("costs.remaining.label") },
    {
      id: "macroTask",
      header: t("costs.remaining.macroTask"),
      render: (l) => l.macroTask ?? "—",
      sortValue: (l) => l.macroTask ?? "",
    },
    { id: "zone", header: t("costs.remaining.zone"), render: (l) => l.zone ?? "—", sortValue: (l) => l.zone ?? "" },
    {
      id: "eventName",
      header: t("costs.remaining.task"),
      render: (l) => l.eventName ?? "—",
      sortValue: (l) => l.eventName ?? "",
    },
    {
      id: "startDate",
      header: t("costs.remaining.startDate"),
      render: (l) => (l.startDate ? formatDay(l.startDate) : "—"),
      sortValue: (l) => l.startDate ?? "9999",
    },
    {
      id: "endDate",
      header: t("costs.remaining.endDate"),
      render: (l) => (l.endDate ? formatDay(l.endDate) : "—"),
      sortValue: (l) => l.endDate ?? "9999",
    },
    {
      id: "progress",
      header: t("costs.remaining.progress"),
      align: "end",
      render: (l) => formatPercent(l.progress),
      sortValue: (l) => l.progress,
    },
    {
      id: "quantity",
      header: t("costs.remaining.quantity"),
      align: "end",
      render: (l) => qty(l.quantity, l),
      sortValue: (l) => l.quantity,
    },
    {
      id: "remainingQuantity",
      header: t("costs.remaining.remainingQuantity"),
      align: "end",
      render: (l) => qty(l.remainingQuantity, l),
      sortValue: (l) => l.remainingQuantity,
    },
    {
      id: "amount",
      header: t("costs.remaining.amount"),
      align: "end",
      render: (l) => formatEuros(l.amount),
      sortValue: (l) => l.amount,
    },
    {
      id: "remainingAmount",
      header: t("costs.remaining.remainingAmount"),
      align: "end",
      render: (l) => formatEuros(l.remainingAmount),
      sortValue: (l) => l.remainingAmount,
    },
  ];

  const groups: RemainingGroup[] = data.data?.groups ?? [];
  return (
    <>
      <PageHeader
        title={t("costs.remaining.title")}
        actions={
          <ExportButton
            label={t("costs.remaining.export")}
            failedText={t("costs.remaining.exportFailed")}
            subject="project"
            run={() => costsApi.exportRemaining(query)}
          />
        }
      />
      <Text as="p">{t("costs.remaining.intro")}</Text>
      <CostFilterBar projectId={projectId} versionId={versionId} value={filters} onChange={setFilters} />
      {groups.map((g) => {
        const name = t(`costs.remaining.${g.status}`);
        return (
          <section key={g.status} className={styles.group} aria-labelledby={`remaining-${g.status}`}>
            <Subtitle1 as="h2" id={`remaining-${g.status}`}>
              {name}
            </Subtitle1>
            <Text>
              {t("costs.remaining.groupSummary", {
                count: g.count,
                amount: formatEuros(g.amount),
                remaining: formatEuros(g.remainingAmount),
              })}
            </Text>
            <DataTable
              columns={columns}
              rows={g.lines}
              getRowId={(l) => l.orderLineTaskId}
              rowName={(l) => l.label}
              ariaLabel={t("costs.remaining.tableLabel", { group: name })}
              loading={data.loading}
              emptyText={t("costs.remaining.empty")}
              defaultSort={{ field: "startDate", direction: "ASC" }}
            />
          </section>
        );
      })}
    </>
  );
}
