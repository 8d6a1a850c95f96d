// What the progression, indicators and recalibration screens share: the date, lot and zone filters and the
// columns of a tracked task (shared/src/contract/dashboard.ts TrackedEvent).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, Select, makeStyles, tokens } from "@fluentui/react-components";
import type { TFunction } from "i18next";
import { lotsApi, zonesApi } from "../../api/reference";
import type { DataTableColumn } from "../../components/DataTable";
import { formatDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { DayField } from "../../components/DayField";
import type { TrackedEvent, TrackedFilters } from "../../api/dashboard";
import { formatPercent } from "./format";

const useStyles = makeStyles({
  bar: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-start",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalM,
  },
});

/** The filters of a tracked list (date, one lot, one zone), their bar, and the lots' and zones' names. */
export function useTrackedFilters(projectId: number, versionId: number) {
  const { t } = useTranslation();
  const styles = useStyles();
  const refresh = useRefreshCounter("data");
  const [date, setDate] = useState("");
  const [lotId, setLotId] = useState<number | null>(null);
  const [zoneId, setZoneId] = useState<number | null>(null);
  const lots = useAsync(() => lotsApi.list(projectId, versionId), [projectId, versionId, refresh]);
  const zones = useAsync(() => zonesApi.list(projectId, versionId), [projectId, versionId, refresh]);
  useEffect(() => {
    const e = lots.error ?? zones.error;
    if (e) warnError(e, "project");
  }, [lots.error, zones.error]);
  const filters: TrackedFilters = {
    projectId,
    versionId,
    date,
    participantGroupProIds: lotId === null ? [] : [lotId],
    zoneIds: zoneId === null ? [] : [zoneId],
  };
  const lotNames = new Map((lots.data?.data ?? []).map((l) => [l.id, l.name]));
  const zoneNames = new Map((zones.data?.data ?? []).map((z) => [z.id, z.name]));
  const bar = (
    <div className={styles.bar}>
      <DayField value={date} onChange={setDate} />
      <Field label={t("dashboard.lot")}>
        <Select
          value={lotId === null ? "" : String(lotId)}
          onChange={(_, d) => setLotId(d.value ? Number(d.value) : null)}
        >
          <option value="">{t("dashboard.allLots")}</option>
          {(lots.data?.data ?? []).map((l) => (
            <option key={l.id} value={l.id}>
              {l.name}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("dashboard.zone")}>
        <Select
          value={zoneId === null ? "" : String(zoneId)}
          onChange={(_, d) => setZoneId(d.value ? Number(d.value) : null)}
        >
          <option value="">{t("dashboard.allZones")}</option>
          {(zones.data?.data ?? []).map((z) => (
            <option key={z.id} value={z.id}>
              {z.name}
            </option>
          ))}
        </Select>
      </Field>
    </div>
  );
  return { filters, key: JSON.stringify(filters), refresh, bar, lotNames, zoneNames };
}

/** Progress points behind the theoretical progress (positive when late). */
export const gapOf = (e: TrackedEvent) => Math.round((e.theoreticalProgress - e.progress) * 100) / 100;

/** The columns of a tracked task: name, lot, zone, dates, last counting, progress, theoretical, gap. */
export function trackedColumns<T extends TrackedEvent>(
  t: TFunction,
  lotNames: ReadonlyMap<number, string>,
  zoneNames: ReadonlyMap<number, string>,
): DataTableColumn<T>[] {
  const day = (id: "startDate" | "endDate" | "lastCountingDate", header: string): DataTableColumn<T> => ({
    id,
    header,
    render: (e) => formatDay(e[id]),
    sortValue: (e) => e[id] ?? "",
  });
  const percent = (id: "progress" | "theoreticalProgress", header: string): DataTableColumn<T> => ({
    id,
    header,
    align: "end",
    render: (e) => formatPercent(e[id]),
    exportValue: (e) => e[id],
  });
  return [
    { id: "name", header: t("dashboard.task") },
    {
      id: "lot",
      header: t("dashboard.lot"),
      render: (e) => (e.participantGroupProId === null ? "" : (lotNames.get(e.participantGroupProId) ?? "")),
      sortValue: (e) => (e.participantGroupProId === null ? "" : (lotNames.get(e.participantGroupProId) ?? "")),
    },
    {
      id: "zone",
      header: t("dashboard.zone"),
      render: (e) => (e.zoneId === null ? "" : (zoneNames.get(e.zoneId) ?? "")),
      sortValue: (e) => (e.zoneId === null ? "" : (zoneNames.get(e.zoneId) ?? "")),
    },
    day("startDate", t("dashboard.startDate")),
    day("endDate", t("dashboard.endDate")),
    day("lastCountingDate", t("dashboard.lastCounting")),
    percent("progress", t("dashboard.realProgress")),
    percent("theoreticalProgress", t("dashboard.theoreticalProgress")),
    {
      id: "gap",
      header: t("dashboard.gap"),
      align: "end",
      render: (e) => formatPercent(gapOf(e)),
      sortValue: gapOf,
      exportValue: gapOf,
    },
  ];
}
