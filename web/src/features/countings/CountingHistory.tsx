// The countings of one task, newest first (GET /counting/all?eventIds=): the counting page and the task
// modal's "comptage" tab show it.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { formatDay } from "../../lib/dates";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { countingsApi, type Counting } from "../../api/countings";
import { enteredColumns } from "./columns";
import { percent } from "./format";

export function CountingHistory({
  projectId,
  eventId,
  reloadKey,
}: {
  projectId: number;
  eventId: number;
  reloadKey: number;
}) {
  const { t } = useTranslation();
  const list = useAsync(() => countingsApi.all({ projectId, eventIds: [eventId] }), [projectId, eventId, reloadKey]);
  useEffect(() => {
    if (list.error) warnError(list.error);
  }, [list.error]);
  const rows = [...(list.data ?? [])].sort((a, b) =>
    a.countingDate === b.countingDate ? b.id - a.id : a.countingDate < b.countingDate ? 1 : -1,
  );
  const columns: DataTableColumn<Counting>[] = [
    { id: "countingDate", header: t("countings.date"), render: (c) => formatDay(c.countingDate) },
    { id: "percentage", header: t("countings.percentage"), render: (c) => percent(c.percentage) },
    ...enteredColumns(t),
  ];
  return (
    <DataTable
      columns={columns}
      rows={rows}
      getRowId={(c) => c.id}
      rowName={(c) => formatDay(c.countingDate)}
      ariaLabel={t("countings.eventHistory")}
      loading={list.loading && !list.data}
      emptyText={t("countings.eventHistoryEmpty")}
    />
  );
}
