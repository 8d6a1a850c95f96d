// /dashboard/productivity (spec 001): per macro-task and zone, the referent and current hours, quantities (unit
// of work) or amounts (euros) and ratios; a ratio's colour (spec 001 section 4) always comes with its words.
// Filters lineType, macro-tasks, tags and zones; .xlsx exports by quantity and by price (every row). The table is
// paged and sorted on the server: a version whose zones are flats has a row per macro-task and flat (100,000 in
// the bench's version).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Field, Select, Text } from "@fluentui/react-components";
import type { ProductivityColour, ProductivityOrder, ProductivityRow } from "@jalon/shared";
import { api } from "../../api/client";
import { costsApi } from "../../api/costs";
import { DataTable, useTableQuery, type DataTableColumn } from "../../components/DataTable";
import { ExportButton } from "../../components/FileButtons";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { CostFilterBar, NO_COST_FILTER, filterIds, type CostFilterState } from "./CostFilterBar";
import { formatEuros, formatQuantity, formatTwo } from "./format";

/** Badge colours of the ratio rule: neutral grey, warning orange, otherwise green. */
export const COLOUR_BADGE: Record<ProductivityColour, "informative" | "warning" | "success"> = {
  neutral: "informative",
  warning: "warning",
  good: "success",
};

export default function ProductivityPage() {
  return (
    <WithVersion>{(projectId, versionId) => <Productivity projectId={projectId} versionId={versionId} />}</WithVersion>
  );
}

function Productivity({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t } = useTranslation();
  const refresh = useRefreshCounter("data");
  const [orderBy, setOrderBy] = useState<ProductivityOrder>("quantity");
  const [filters, setFilters] = useState<CostFilterState>(NO_COST_FILTER);
  const query = { projectId, versionId, ...filterIds(filters) };
  const key = JSON.stringify(filters);
  const table = useTableQuery({ field: "macroTask", direction: "ASC" });
  const { setQuery, params } = table;
  // Another calculation or filter starts again from the first page.
  useEffect(() => setQuery((q) => ({ ...q, page: 0 })), [orderBy, key, setQuery]);
  const data = useAsync(
    () => costsApi.productivity(orderBy, query, params),
    [projectId, versionId, orderBy, key, refresh, params.limit, params.offset, params.sort],
  );
  const versions = useAsync(() => api.versions.list(projectId), [projectId]);
  useEffect(() => {
    if (data.error) warnError(data.error, "project");
  }, [data.error]);
  const answer = data.data;
  const referent = (versions.data?.data ?? []).find((v) => v.id === answer?.referentVersionId);
  const byQuantity = orderBy === "quantity";
  const value = (v: number | null) => (byQuantity ? formatQuantity(v) : formatEuros(v));
  const ratioUnit = byQuantity ? t("costs.productivity.ratioUnitQuantity") : t("costs.productivity.ratioUnitPrice");
  const gap = (r: ProductivityRow) => t(`costs.productivity.${r.colour}`);

  const columns: DataTableColumn<ProductivityRow>[] = [
    { id: "macroTask", header: t("costs.productivity.macroTask") },
    { id: "zone", header: t("costs.productivity.zone"), render: (r) => r.zone ?? "—", sortValue: (r) => r.zone ?? "" },
    ...(byQuantity
      ? [{ id: "unit", header: t("costs.productivity.unit"), render: (r: ProductivityRow) => r.unit ?? "—" }]
      : []),
    {
      id: "referentHours",
      header: t("costs.productivity.referentHours"),
      align: "end",
      render: (r) => formatTwo(r.referentHours),
      sortValue: (r) => r.referentHours,
    },
    {
      id: "currentHours",
      header: t("costs.productivity.currentHours"),
      align: "end",
      render: (r) => formatTwo(r.currentHours),
      sortValue: (r) => r.currentHours,
    },
    {
      id: "referentValue",
      header: byQuantity ? t("costs.productivity.referentQuantity") : t("costs.productivity.referentAmount"),
      align: "end",
      render: (r) => value(r.referentValue),
      sortValue: (r) => r.referentValue,
    },
    {
      id: "currentValue",
      header: byQuantity ? t("costs.productivity.currentQuantity") : t("costs.productivity.currentAmount"),
      align: "end",
      render: (r) => value(r.currentValue),
      sortValue: (r) => r.currentValue,
    },
    {
      id: "referentRatio",
      header: `${t("costs.productivity.referentRatio")} (${ratioUnit})`,
      align: "end",
      render: (r) => formatTwo(r.referentRatio),
      sortValue: (r) => r.referentRatio,
    },
    {
      id: "currentRatio",
      header: `${t("costs.productivity.currentRatio")} (${ratioUnit})`,
      align: "end",
      render: (r) => formatTwo(r.currentRatio),
      sortValue: (r) => r.currentRatio,
    },
    {
      id: "colour",
      header: t("costs.productivity.gap"),
      render: (r) => (
        <Badge appearance="tint" color={COLOUR_BADGE[r.colour]}>
          {gap(r)}
        </Badge>
      ),
      sortValue: (r) => r.colour,
      exportValue: (r) => gap(r),
    },
  ];

  return (
    <>
      <PageHeader
        title={t("costs.productivity.title")}
        actions={
          <>
            <ExportButton
              label={t("costs.productivity.exportQuantity")}
              failedText={t("costs.productivity.exportFailed")}
              subject="project"
              run={() => costsApi.exportProductivity("quantity", query)}
            />
            <ExportButton
              label={t("costs.productivity.exportPrice")}
              failedText={t("costs.productivity.exportFailed")}
              subject="project"
              run={() => costsApi.exportProductivity("price", query)}
            />
          </>
        }
      />
      <Text as="p">{t("costs.productivity.intro")}</Text>
      <CostFilterBar projectId={projectId} versionId={versionId} value={filters} onChange={setFilters}>
        <Field label={t("costs.productivity.orderBy")}>
          <Select value={orderBy} onChange={(_, d) => setOrderBy(d.value as ProductivityOrder)}>
            <option value="quantity">{t("costs.productivity.byQuantity")}</option>
            <option value="price">{t("costs.productivity.byPrice")}</option>
          </Select>
        </Field>
      </CostFilterBar>
      {answer && (
        <Text as="p" role="status">
          {answer.referentVersionId === null
            ? t("costs.productivity.noReferent")
            : t("costs.productivity.referentOf", { name: referent?.name ?? "" })}
        </Text>
      )}
      <DataTable
        columns={columns}
        rows={answer?.data ?? []}
        getRowId={(r) => `${r.macroTaskId}/${r.zoneId ?? ""}/${r.unit ?? ""}`}
        rowName={(r) => `${r.macroTask} ${r.zone ?? ""}`}
        ariaLabel={t("costs.productivity.tableLabel")}
        loading={data.loading}
        emptyText={t("costs.productivity.empty")}
        serverSide
        total={answer?.total ?? 0}
        query={table.query}
        onQueryChange={setQuery}
      />
    </>
  );
}
