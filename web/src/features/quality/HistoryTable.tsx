// One control's history (GET /quality-control/{id}/history): one row per changed field, newest first, with the
// status and category keys shown in French and the dates dd/MM/yyyy.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { qualityApi, type QualityControlHistory } from "../../api/quality";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { formatDateTime, formatDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";

function valueText(t: TFunction, field: string, value: string | null): string {
  if (value === null || value === "") return "—";
  if (field === "status") return t(`quality.statuses.${value}`, { defaultValue: value });
  if (field === "category") return t(`quality.categories.${value}`, { defaultValue: value });
  if (field === "type") return t(`quality.types.${value}`, { defaultValue: value });
  if (field === "isArchived") return value === "true" ? t("table.yes") : t("table.no");
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) return formatDay(value.slice(0, 10));
  return value;
}

export function HistoryTable({
  controlId,
  reloadKey = 0,
  label,
}: {
  controlId: number;
  reloadKey?: number;
  label?: string;
}) {
  const { t } = useTranslation();
  const rows = useAsync(() => qualityApi.history(controlId), [controlId, reloadKey]);
  useEffect(() => {
    if (rows.error) warnError(rows.error);
  }, [rows.error]);
  const columns: DataTableColumn<QualityControlHistory>[] = [
    { id: "updatedAt", header: t("quality.history.updatedAt"), render: (h) => formatDateTime(h.updatedAt) },
    {
      id: "fieldName",
      header: t("quality.history.field"),
      render: (h) => t(`quality.history.fields.${h.fieldName}`, { defaultValue: h.fieldName }),
    },
    {
      id: "previousValue",
      header: t("quality.history.previous"),
      render: (h) => valueText(t, h.fieldName, h.previousValue),
    },
    { id: "newValue", header: t("quality.history.next"), render: (h) => valueText(t, h.fieldName, h.newValue) },
    {
      id: "createdBy",
      header: t("quality.history.createdBy"),
      sortValue: (h) => h.createdBy?.lastName ?? "",
      render: (h) => (h.createdBy ? `${h.createdBy.firstName ?? ""} ${h.createdBy.lastName ?? ""}`.trim() : "—"),
    },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows.data ?? []}
      getRowId={(h) => h.id}
      rowName={(h) => h.fieldName}
      ariaLabel={label ?? t("quality.history.title")}
      defaultSort={{ field: "updatedAt", direction: "DESC" }}
      loading={rows.loading && !rows.data}
      emptyText={t("quality.history.empty")}
      size="small"
    />
  );
}
