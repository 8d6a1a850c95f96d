// /dashboard/supply-monitoring (spec 001): the supply lines of the version with the start date of the task
// that needs them; a line not ordered when its task starts is late, highlighted and said so in words. A line (or
// the selected lines) is marked ordered or not ordered from here, through PATCH /order-line-task/multiple.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Checkbox, Text, makeStyles, tokens } from "@fluentui/react-components";
import type { SupplyLine } from "@jalon/shared";
import { costsApi } from "../../api/costs";
import { orderLineTasksApi } from "../../api/orderLines";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { formatDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useBusy } from "../../lib/useBusy";
import { useRefreshCounter } from "../../store/refresh";
import { formatEuros, formatQuantity } from "./format";

const useStyles = makeStyles({
  late: { backgroundColor: tokens.colorPaletteRedBackground1 },
  bar: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalL,
    flexWrap: "wrap",
    margin: `${tokens.spacingVerticalM} 0`,
  },
});

export default function SupplyMonitoringPage() {
  return <WithVersion>{(projectId, versionId) => <Supply projectId={projectId} versionId={versionId} />}</WithVersion>;
}

function Supply({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const [onlyLate, setOnlyLate] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const { busy, run } = useBusy(t("costs.supply.subject"));
  const data = useAsync(() => costsApi.supply(projectId, versionId), [projectId, versionId, refresh]);
  useEffect(() => {
    if (data.error) warnError(data.error, "project");
  }, [data.error]);
  const all = data.data?.data ?? [];
  const late = all.filter((l) => l.isLate).length;
  const rows = onlyLate ? all.filter((l) => l.isLate) : all;

  // One PATCH for all the lines marked; the table then reads the server's answer again (late flags included).
  const mark = (ids: number[], isOrdered: boolean) =>
    run(async () => {
      await orderLineTasksApi.multiple(
        projectId,
        versionId,
        ids.map((id) => ({ id, isOrdered })),
      );
      setSelected(new Set());
      data.reload();
    });

  const status = (l: SupplyLine) =>
    l.isOrdered ? t("costs.supply.ordered") : l.isLate ? t("costs.supply.late") : t("costs.supply.toOrder");
  const columns: DataTableColumn<SupplyLine>[] = [
    { id: "label", header: t("costs.supply.label") },
    { id: "family", header: t("costs.supply.family"), render: (l) => l.family ?? "—" },
    { id: "macroTask", header: t("costs.supply.macroTask"), render: (l) => l.macroTask ?? "—" },
    { id: "zone", header: t("costs.supply.zone"), render: (l) => l.zone ?? "—" },
    { id: "eventName", header: t("costs.supply.task"), render: (l) => l.eventName ?? "—" },
    {
      id: "quantity",
      header: t("costs.supply.quantity"),
      align: "end",
      render: (l) => `${formatQuantity(l.quantity)}${l.unit ? ` ${l.unit}` : ""}`,
      sortValue: (l) => l.quantity,
    },
    {
      id: "amount",
      header: t("costs.supply.amount"),
      align: "end",
      render: (l) => formatEuros(l.amount),
      sortValue: (l) => l.amount,
    },
    {
      id: "priceSupply",
      header: t("costs.supply.priceSupply"),
      align: "end",
      render: (l) => formatEuros(l.priceSupply),
      sortValue: (l) => l.priceSupply,
    },
    {
      id: "startDate",
      header: t("costs.supply.startDate"),
      render: (l) => (l.startDate ? formatDay(l.startDate) : "—"),
      sortValue: (l) => l.startDate ?? "9999",
    },
    {
      id: "status",
      header: t("costs.supply.status"),
      render: (l) => (
        <Badge appearance="tint" color={l.isOrdered ? "success" : l.isLate ? "danger" : "informative"}>
          {status(l)}
        </Badge>
      ),
      sortValue: (l) => (l.isOrdered ? 2 : l.isLate ? 0 : 1),
      exportValue: (l) => status(l),
    },
    {
      id: "action",
      header: t("costs.supply.action"),
      render: (l) => (
        <Button
          size="small"
          disabled={busy}
          aria-label={t(l.isOrdered ? "costs.supply.markNotOrderedOne" : "costs.supply.markOrderedOne", {
            label: l.label,
          })}
          onClick={() => void mark([l.orderLineTaskId], !l.isOrdered)}
        >
          {t(l.isOrdered ? "costs.supply.markNotOrdered" : "costs.supply.markOrdered")}
        </Button>
      ),
      exportValue: () => "",
    },
  ];
  const selectedIds = rows.map((l) => l.orderLineTaskId).filter((id) => selected.has(id));

  return (
    <>
      <PageHeader title={t("costs.supply.title")} />
      <Text as="p">{t("costs.supply.intro")}</Text>
      <div className={styles.bar}>
        <Text weight="semibold" role="status">
          {t("costs.supply.summary", { late, count: all.length })}
        </Text>
        <Checkbox
          label={t("costs.supply.onlyLate")}
          checked={onlyLate}
          onChange={(_, d) => setOnlyLate(d.checked === true)}
        />
      </div>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(l) => l.orderLineTaskId}
        rowName={(l) => l.label}
        ariaLabel={t("costs.supply.tableLabel")}
        loading={data.loading}
        emptyText={t("costs.supply.empty")}
        defaultSort={{ field: "startDate", direction: "ASC" }}
        rowClassName={(l) => (l.isLate ? styles.late : undefined)}
        selectable
        selectedIds={selected}
        onSelectionChange={(ids) => setSelected(new Set([...ids].map(Number)))}
        toolbar={
          selectedIds.length > 0 ? (
            <>
              <Button disabled={busy} onClick={() => void mark(selectedIds, true)}>
                {t("costs.supply.markSelectedOrdered")}
              </Button>
              <Button disabled={busy} onClick={() => void mark(selectedIds, false)}>
                {t("costs.supply.markSelectedNotOrdered")}
              </Button>
            </>
          ) : null
        }
        csvExport={{ fileName: t("costs.supply.title") }}
      />
    </>
  );
}
