// Historique: one row per changed field (GET /event/{id}/history), newest first, dates formatted in Paris.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from "@fluentui/react-components";
import { eventsApi, type EventHistoryEntry } from "../../api/events";
import { useAsync } from "../../lib/useAsync";
import { warnError } from "../../lib/errors";
import { formatDateTime, formatDay } from "../../lib/dates";
import { i18n } from "../../i18n";

const useStyles = makeStyles({ empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalL } });

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A history value as shown: days dd/MM/yyyy, instants dd/MM/yyyy H:mm, booleans Oui/Non. */
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
  if (typeof user === "string") return user;
  return `${user.firstname ?? ""} ${user.lastname ?? ""}`.trim() || user.email || "—";
}

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
  const rows = (history.data ?? []).slice().sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
  if (rows.length === 0) return <Body1 as="p" className={styles.empty}>{t("event.history.empty")}</Body1>;
  return (
    <Table size="small" aria-label={t("event.history.label")}>
      <TableHeader>
        <TableRow>
          <TableHeaderCell>{t("event.history.date")}</TableHeaderCell>
          <TableHeaderCell>{t("event.history.user")}</TableHeaderCell>
          <TableHeaderCell>{t("event.history.field")}</TableHeaderCell>
          <TableHeaderCell>{t("event.history.previous")}</TableHeaderCell>
          <TableHeaderCell>{t("event.history.next")}</TableHeaderCell>
        </TableRow>
      </TableHeader>
      <TableBody>
        {rows.map((row, i) => (
          <TableRow key={row.id ?? i}>
            <TableCell>{formatDateTime(row.createdAt)}</TableCell>
            <TableCell>{historyUser(row.user)}</TableCell>
            <TableCell>{fieldLabel(row.fieldName)}</TableCell>
            <TableCell>{historyValue(row.previousValue)}</TableCell>
            <TableCell>{historyValue(row.newValue)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
