// Historique: one row per changed field (GET /event/{id}/history), newest first (the default sort), dates in Paris.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import { eventsApi, type EventHistoryEntry } from "../../api/events";
import { DataTable, type DataTableColumn, type RowId } from "../../components/DataTable";
import { useAsync } from "../../lib/useAsync";
import { warnError } from "../../lib/errors";
import { formatDateTime, formatDay } from "../../lib/dates";
import { i18n } from "../../i18n";

const useStyles = makeStyles({ empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalL } });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A history value as shown: days dd/MM/yyyy, instants dd/MM/yyyy HH:mm, booleans Oui/Non. */
export function historyValue(value: string | null | undefined): string {
  if (value === null || value === undefined || value === "") return "—";
  if (ISO_DAY.test(value)) return formatDay(value);
  if (ISO_INSTANT.test(value)) return formatDateTime(value);
  if (value === "true") return i18n.t("event.history.yes");
  if (value === "false") return i18n.t("event.history.no");
  return value;
}

export function historyUser(user: EventHistoryEntry["user"]): string {
  if (!user) return "—";
  return `${user.firstname} ${user.lastname}`.trim() || "—";
}

type HistoryRow = EventHistoryEntry & { key: RowId };

function fieldLabel(field: string): string {
  const key = `event.history.fields.${field}`;
  return i18n.exists(key) ? i18n.t(key) : field;
}

export function HistoryTab({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const history = useAsync(() => eventsApi.history(eventId), [eventId]);
  useEffect(() => {
    if (history.error) warnError(history.error, "event");
  }, [history.error]);

  if (history.loading && !history.data) return <Spinner size="small" />;
  const rows: HistoryRow[] = (history.data ?? []).map((row, i) => ({ ...row, key: row.id ?? `row-${i}` }));
  if (rows.length === 0)
    return (
      <Body1 as="p" className={styles.empty}>
        {t("event.history.empty")}
      </Body1>
    );
  const columns: DataTableColumn<HistoryRow>[] = [
    { id: "createdAt", header: t("event.history.date"), render: (row) => formatDateTime(row.createdAt) },
    {
      id: "user",
      header: t("event.history.user"),
      render: (row) => historyUser(row.user),
      sortValue: (row) => historyUser(row.user),
    },
    {
      id: "fieldName",
      header: t("event.history.field"),
      render: (row) => fieldLabel(row.fieldName),
      sortValue: (row) => fieldLabel(row.fieldName),
    },
    {
      id: "previousValue",
      header: t("event.history.previous"),
      render: (row) => historyValue(row.previousValue),
      sortable: false,
    },
    { id: "newValue", header: t("event.history.next"), render: (row) => historyValue(row.newValue), sortable: false },
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      getRowId={(row) => row.key}
      ariaLabel={t("event.history.label")}
      csvExport={{ fileName: t("event.history.label") }}
      defaultSort={{ field: "createdAt", direction: "DESC" }}
    />
  );
}
