// The task modal's "Points bloquants" tab (issue 18): the task's blocking points, open ones first, a field to add
// one (it takes the task's lot, participant and zone), and a button per row to lift or reopen it. Each write
// refreshes the planning behind the modal, whose marker on the task follows its open roadblocks.
import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button, Field, Input, Text, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular, Checkmark20Regular } from "@fluentui/react-icons";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import type { EventItem } from "../../api/events";
import { roadblocksApi, type Roadblock } from "../../api/roadblocks";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useBusy } from "../../lib/useBusy";
import { useRefresh, useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { roadblockColumns } from "./roadblockColumns";

const useStyles = makeStyles({
  wrap: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM },
  add: { display: "flex", alignItems: "flex-end", gap: tokens.spacingHorizontalM, flexWrap: "wrap" },
  name: { minWidth: "320px", flexGrow: 1 },
});

export function RoadblocksTab({
  projectId,
  versionId,
  event,
}: {
  projectId: number;
  versionId: number;
  event: Pick<EventItem, "id" | "name">;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const subject = t("roadblocks.subject");
  const refresh = useRefreshCounter("data");
  const planningRefresh = useRefreshCounter("planning");
  const list = useAsync(
    () => roadblocksApi.list(projectId, versionId, { eventId: event.id }),
    [projectId, versionId, event.id, refresh, planningRefresh],
  );
  useEffect(() => {
    if (list.error) warnError(list.error, subject);
  }, [list.error, subject]);
  const [name, setName] = useState("");
  const { busy, run } = useBusy(subject);
  // Open ones first, then by name (the server's order).
  const rows = [...(list.data?.data ?? [])].sort((a, b) => Number(a.validate) - Number(b.validate));
  const open = rows.filter((r) => !r.validate).length;

  const changed = () => {
    list.reload();
    // The planning behind the modal redraws its marker on the task.
    useRefresh.getState().bump("planning");
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return;
    void run(async () => {
      const created = await roadblocksApi.create(projectId, versionId, { name: trimmed, eventId: event.id });
      toast.success(t("roadblocks.created", { name: created.name }), { subject });
      setName("");
      changed();
    });
  };

  const setValidated = (r: Roadblock, validate: boolean) =>
    run(async () => {
      await roadblocksApi.update(r.id, { validate });
      toast.success(t(validate ? "roadblocks.validated" : "roadblocks.reopened", { name: r.name }), { subject });
      changed();
    });

  const columns: DataTableColumn<Roadblock>[] = [
    ...roadblockColumns(t, { withEvent: false }).filter((c) => c.id !== "createdAt"),
    {
      id: "actions",
      header: t("roadblocks.columns.actions"),
      sortable: false,
      exportValue: false,
      render: (r) => (
        <Button
          size="small"
          icon={r.validate ? undefined : <Checkmark20Regular />}
          aria-label={t(r.validate ? "roadblocks.reopenNamed" : "roadblocks.validateNamed", { name: r.name })}
          disabled={busy}
          onClick={() => void setValidated(r, !r.validate)}
        >
          {t(r.validate ? "roadblocks.reopen" : "roadblocks.validate")}
        </Button>
      ),
    },
  ];

  return (
    <div className={styles.wrap}>
      <form className={styles.add} onSubmit={add}>
        <Field className={styles.name} label={t("roadblocks.tab.newName")}>
          <Input value={name} maxLength={TEXT_MAX_LENGTH} onChange={(_, d) => setName(d.value)} />
        </Field>
        <Button type="submit" appearance="primary" icon={<Add20Regular />} disabled={busy || name.trim() === ""}>
          {t("roadblocks.tab.add")}
        </Button>
      </form>
      <Text as="p" role="status">
        {t("roadblocks.tab.openCount", { count: open })}
      </Text>
      <DataTable
        columns={columns}
        rows={rows}
        getRowId={(r) => r.id}
        ariaLabel={t("roadblocks.tab.label")}
        loading={list.loading}
        emptyText={t("roadblocks.tab.empty")}
        defaultSort={{ field: "state", direction: "ASC" }}
        size="small"
      />
    </div>
  );
}
