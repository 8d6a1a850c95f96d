// The columns the countings tables share: a task's dates and last counting, and who entered a counting when.
import type { TFunction } from "i18next";
import type { EventItem } from "../../api/events";
import type { DataTableColumn } from "../../components/DataTable";
import { formatDateTime, formatDay } from "../../lib/dates";
import type { Counting } from "../../api/countings";
import { percent } from "./format";

type Last = { percentage: number; countingDate: string } | null | undefined;

/** "45 % (24/11/2026)", or a dash when never counted. */
export function lastText(last: Last): string {
  return last ? `${percent(last.percentage)} (${formatDay(last.countingDate)})` : "—";
}

/** The dates of a task and its last counting (`lastOf` gives it; the event's own by default). */
export function taskColumns(
  t: TFunction,
  lastOf: (e: EventItem) => Last = (e) => e.lastCounting,
): DataTableColumn<EventItem>[] {
  return [
    {
      id: "dates",
      header: t("countings.dates"),
      sortValue: (e) => e.startDate,
      render: (e) => `${formatDay(e.startDate)} – ${formatDay(e.endDate)}`,
    },
    {
      id: "last",
      header: t("countings.last"),
      sortValue: (e) => lastOf(e)?.percentage ?? 0,
      render: (e) => lastText(lastOf(e)),
    },
  ];
}

/** Who counted and when it was entered. */
export function enteredColumns(t: TFunction): DataTableColumn<Counting>[] {
  return [
    {
      id: "user",
      header: t("countings.countedBy"),
      sortValue: (c) => c.user?.lastName ?? "",
      render: (c) => (c.user ? `${c.user.firstName ?? ""} ${c.user.lastName ?? ""}`.trim() : "—"),
    },
    { id: "createdAt", header: t("countings.createdAt"), render: (c) => formatDateTime(c.createdAt) },
  ];
}
