// The quality control table's columns (spec 001 section 2): name, category, status, participantGroup,
// participantName, zoneName, dueDate, delay, startDate, endDate, completionDate, deliverables, tags, comment;
// the indicator comes first, drawn as a coloured mark with its meaning as text.
import type { TFunction } from "i18next";
import { Link } from "react-router-dom";
import type { QualityControl } from "../../api/quality";
import type { DataTableColumn } from "../../components/DataTable";
import { formatDay } from "../../lib/dates";
import { IndicatorMark } from "./IndicatorMark";

export function statusText(t: TFunction, status: string | null | undefined): string {
  return t(`quality.statuses.${status ?? "undefined"}`);
}

export function categoryText(t: TFunction, category: string | null | undefined): string {
  return category ? t(`quality.categories.${category}`) : "—";
}

export function delayText(t: TFunction, delay: number | null): string {
  return delay === null ? t("quality.list.noDelay") : String(delay);
}

const INDICATOR_ORDER = { red: 0, orange: 1, grey: 2, green: 3 } as const;

export function controlColumns(t: TFunction): DataTableColumn<QualityControl>[] {
  return [
    {
      id: "indicator",
      header: t("quality.columns.indicator"),
      width: 90,
      sortValue: (c) => INDICATOR_ORDER[c.indicator],
      exportValue: (c) => t(`quality.indicators.${c.indicator}`),
      render: (c) => <IndicatorMark indicator={c.indicator} />,
    },
    {
      id: "name",
      header: t("quality.columns.name"),
      width: 210,
      exportValue: (c) => c.name,
      render: (c) => (
        <Link to={`/dashboard/quality/${c.id}`} aria-label={t("quality.list.open", { name: c.name })}>
          {c.name}
        </Link>
      ),
    },
    {
      id: "eventName",
      width: 190,
      header: t("quality.columns.task"),
      sortValue: (c) => c.eventName ?? c.sequence?.name ?? c.macroTask?.name ?? "",
      render: (c) => c.eventName ?? c.sequence?.name ?? c.macroTask?.name ?? "—",
    },
    {
      id: "category",
      width: 140,
      header: t("quality.columns.category"),
      sortValue: (c) => categoryText(t, c.category),
      render: (c) => categoryText(t, c.category),
    },
    {
      id: "status",
      width: 120,
      header: t("quality.columns.status"),
      sortValue: (c) => statusText(t, c.status),
      render: (c) => statusText(t, c.status),
    },
    {
      id: "participantGroup",
      width: 130,
      header: t("quality.columns.participantGroup"),
      render: (c) => c.participantGroup ?? "",
    },
    {
      id: "participantName",
      width: 170,
      header: t("quality.columns.participantName"),
      render: (c) => c.participantName ?? "",
    },
    { id: "zoneName", width: 140, header: t("quality.columns.zoneName"), render: (c) => c.zoneName ?? "" },
    { id: "dueDate", width: 110, header: t("quality.columns.dueDate"), render: (c) => formatDay(c.dueDate) },
    {
      id: "delay",
      width: 90,
      header: t("quality.columns.delay"),
      align: "end",
      sortValue: (c) => c.delay,
      render: (c) => delayText(t, c.delay),
    },
    {
      id: "startDate",
      width: 110,
      header: t("quality.columns.startDate"),
      render: (c) => formatDay(c.startDate),
      hidden: true,
    },
    {
      id: "endDate",
      width: 110,
      header: t("quality.columns.endDate"),
      render: (c) => formatDay(c.endDate),
      hidden: true,
    },
    {
      id: "completionDate",
      width: 120,
      header: t("quality.columns.completionDate"),
      render: (c) => formatDay(c.completionDate),
    },
    {
      id: "deliverables",
      width: 180,
      header: t("quality.columns.deliverables"),
      sortable: false,
      hidden: true,
      render: (c) => c.deliverables.map((d) => d.name).join(", "),
    },
    {
      id: "tags",
      width: 140,
      header: t("quality.columns.tags"),
      sortable: false,
      render: (c) => c.tags.map((x) => x.name).join(", "),
    },
    {
      id: "comment",
      width: 220,
      header: t("quality.columns.comment"),
      sortValue: (c) => c.comment ?? "",
      render: (c) => c.comment ?? "",
    },
  ];
}
