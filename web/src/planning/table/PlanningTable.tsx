import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { Button, Label, Select } from "@fluentui/react-components";
import {
  ChevronDoubleLeft20Regular,
  ChevronDoubleRight20Regular,
  ChevronLeft20Regular,
  ChevronRight20Regular,
} from "@fluentui/react-icons";
import { parseDay } from "@jalon/engine";
import { zonePathTexts } from "@jalon/shared/gantt";
import type { GanttModel } from "../model";
import type { PlanningSession } from "../session/PlanningSession";
import { frenchDate, holidaysIn, tableRows, type TableRow } from "./tableRows";

const PAGE_SIZES = [25, 50, 100, 250] as const;

/**
 * The chart as a table (issue 22, "Vue tableau"): every task of the displayed version in row order with its dates,
 * duration, links in words, critical flag and progress, and the chart's legend (today, projected end, holidays of
 * the period) above it. A real <table> a screen reader walks by its headers; paged (a page-size select, first /
 * previous / next / last) so that a plan of 100k tasks stays a few hundred DOM rows.
 */
export function PlanningTable({
  session,
  model,
  lotNames,
  datesOf,
  firstDay,
  lastDay,
  today,
  projectEnd,
}: {
  session: PlanningSession;
  model: GanttModel;
  lotNames: ReadonlyMap<number, string>;
  datesOf: (id: number) => readonly [number, number] | undefined;
  /** The period shown (its holidays are listed). */
  firstDay: number;
  lastDay: number;
  today: number;
  projectEnd: number | null;
}) {
  const { t } = useTranslation();
  const data = useStore(session.store, (s) => s.data);
  const committed = useStore(session.store, (s) => s.dates);
  // The critical flag is the worker's critical path, asked for the table whether the chart shows it or not.
  const [critical, setCritical] = useState<ReadonlySet<number> | undefined>(undefined);
  useEffect(() => {
    let cancelled = false;
    void session.criticalIds().then((ids) => {
      if (!cancelled) setCritical(ids);
    });
    return () => {
      cancelled = true;
    };
  }, [session, data, committed]);
  const zoneNames = useMemo(() => zonePathTexts(data?.zones ?? []).labels, [data?.zones]);
  const rows = useMemo(
    () => tableRows(t, model, { zoneNames, lotNames, critical, datesOf }),
    [t, model, zoneNames, lotNames, critical, datesOf],
  );
  const holidays = useMemo(
    () => holidaysIn((data?.calendars.holidays ?? []).map(parseDay), firstDay, lastDay),
    [data?.calendars.holidays, firstDay, lastDay],
  );
  const [pageSize, setPageSize] = useState<number>(PAGE_SIZES[1]);
  const [pageIndex, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(rows.length / pageSize));
  const page = Math.min(pageIndex, pages - 1);
  const shown = rows.slice(page * pageSize, (page + 1) * pageSize);
  const cols = [
    "name",
    "zone",
    "lot",
    "start",
    "end",
    "days",
    "predecessors",
    "successors",
    "critical",
    "locked",
    "progress",
  ];
  return (
    <div data-testid="planning-table-view" style={FRAME}>
      <section aria-labelledby="planning-legend-title" data-testid="planning-table-legend" style={LEGEND}>
        <h2 id="planning-legend-title" style={{ fontSize: 14, margin: 0 }}>
          {t("planningTable.legend.title")}
        </h2>
        <ul style={{ margin: 0, paddingLeft: 18, display: "flex", flexWrap: "wrap", columnGap: 28 }}>
          <li>{t("planningTable.legend.today", { day: frenchDate(today) })}</li>
          <li>
            {projectEnd === null
              ? t("planningTable.legend.projectedEndUnknown")
              : t("planningTable.legend.projectedEnd", { day: frenchDate(projectEnd) })}
          </li>
          <li>{t("planningTable.legend.holidays", { count: holidays.length, days: holidays.join(", ") })}</li>
          <li>{t("planningTable.legend.chartMarks")}</li>
        </ul>
      </section>
      <nav aria-label={t("planningTable.paging.label")} style={PAGING}>
        <Label htmlFor="planning-table-size">{t("planningTable.paging.size")}</Label>
        <Select
          id="planning-table-size"
          value={String(pageSize)}
          onChange={(_, d) => {
            setPageSize(Number(d.value));
            setPage(0);
          }}
        >
          {PAGE_SIZES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
        <Button
          icon={<ChevronDoubleLeft20Regular />}
          aria-label={t("planningTable.paging.first")}
          title={t("planningTable.paging.first")}
          disabled={page === 0}
          onClick={() => setPage(0)}
        />
        <Button
          icon={<ChevronLeft20Regular />}
          aria-label={t("planningTable.paging.previous")}
          title={t("planningTable.paging.previous")}
          disabled={page === 0}
          onClick={() => setPage(page - 1)}
        />
        <span role="status" data-testid="planning-table-page">
          {t("planningTable.paging.status", {
            page: page + 1,
            pages,
            from: rows.length === 0 ? 0 : page * pageSize + 1,
            to: page * pageSize + shown.length,
            count: rows.length,
          })}
        </span>
        <Button
          icon={<ChevronRight20Regular />}
          aria-label={t("planningTable.paging.next")}
          title={t("planningTable.paging.next")}
          disabled={page >= pages - 1}
          onClick={() => setPage(page + 1)}
          data-testid="planning-table-next"
        />
        <Button
          icon={<ChevronDoubleRight20Regular />}
          aria-label={t("planningTable.paging.last")}
          title={t("planningTable.paging.last")}
          disabled={page >= pages - 1}
          onClick={() => setPage(pages - 1)}
        />
      </nav>
      {/* Scrolled alone, so focusable (a keyboard user scrolls it) and named as a region. */}
      <div role="region" aria-labelledby="planning-table-caption" tabIndex={0} style={SCROLL}>
        <table data-testid="planning-table" style={TABLE}>
          <caption id="planning-table-caption" style={CAPTION}>
            {t("planningTable.caption", { count: rows.length })}
          </caption>
          <thead>
            <tr>
              {cols.map((c) => (
                <th key={c} scope="col" style={TH}>
                  {t(`planningTable.columns.${c}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {shown.map((r) => (
              <TaskRow key={r.id} row={r} />
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function TaskRow({ row }: { row: TableRow }) {
  const { t } = useTranslation();
  const links = (list: string[]) =>
    list.length === 0 ? (
      t("planningTable.none")
    ) : (
      <ul style={{ margin: 0, paddingLeft: 14 }}>
        {list.map((l, i) => (
          <li key={i}>{l}</li>
        ))}
      </ul>
    );
  return (
    <tr data-testid="planning-table-row" data-event-id={row.id} style={{ borderBottom: "1px solid #E0E0E0" }}>
      <th scope="row" style={{ ...TD, fontWeight: 600 }}>
        {row.name}
        {row.milestone ? ` (${t("planningTable.milestone")})` : ""}
      </th>
      <td style={TD}>{row.zone}</td>
      <td style={TD}>{row.lot}</td>
      <td style={TD}>{row.start}</td>
      <td style={TD}>{row.end}</td>
      <td style={{ ...TD, textAlign: "right" }}>{row.days}</td>
      <td style={TD}>{links(row.predecessors)}</td>
      <td style={TD}>{links(row.successors)}</td>
      <td style={{ ...TD, fontWeight: row.critical ? 700 : undefined, color: row.critical ? "#A4262C" : undefined }}>
        {row.critical ? t("planningTable.yes") : t("planningTable.no")}
      </td>
      <td style={TD}>{row.locked ? t("planningTable.yes") : t("planningTable.no")}</td>
      <td style={{ ...TD, textAlign: "right" }}>{t("planningTable.progress", { value: row.progress })}</td>
    </tr>
  );
}

const FRAME: React.CSSProperties = {
  flex: 1,
  minHeight: 0,
  display: "flex",
  flexDirection: "column",
  gap: 8,
  border: "1px solid #E0E0E0",
  background: "#FFFFFF",
  padding: 8,
};
const LEGEND: React.CSSProperties = { display: "flex", alignItems: "baseline", gap: 16, fontSize: 13 };
const PAGING: React.CSSProperties = { display: "flex", alignItems: "center", gap: 8, fontSize: 13 };
const SCROLL: React.CSSProperties = { flex: 1, minHeight: 0, overflow: "auto" };
const TABLE: React.CSSProperties = { borderCollapse: "collapse", width: "100%", fontSize: 12 };
const CAPTION: React.CSSProperties = { textAlign: "left", fontWeight: 600, padding: "4px 0", fontSize: 13 };
const TH: React.CSSProperties = {
  position: "sticky",
  top: 0,
  background: "#F5F5F5",
  textAlign: "left",
  padding: "4px 6px",
  borderBottom: "1px solid #D6D6D6",
  whiteSpace: "nowrap",
};
const TD: React.CSSProperties = { padding: "3px 6px", verticalAlign: "top", textAlign: "left" };
