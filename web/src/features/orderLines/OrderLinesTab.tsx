// The task modal's "lignes de commande" tab (spec 000 section 2): the order-line tasks planned on this task
// (GET /order-line-task/all?eventIds), each with its line, zone, quantity and amount; one of the version's
// order-line tasks planned on no task is linked to it, or a linked one unlinked (PATCH /order-line-task/multiple).
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Caption1,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Add20Regular, LinkDismiss20Regular } from "@fluentui/react-icons";
import { orderLineTasksApi, type OrderLineTask } from "../../api/orderLines";
import { AppLink } from "../../components/AppLink";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { SearchField } from "../../components/SearchField";
import { warnError } from "../../lib/errors";
import { useAsync } from "../../lib/useAsync";
import { useBusy } from "../../lib/useBusy";
import { useRefreshCounter } from "../../store/refresh";
import { toast } from "../../store/toasts";
import { formatAmount, formatQuantity } from "./format";
import { usePlannedStyles } from "./plannedStyles";
import { useRestoreFocus } from "../../components/useRestoreFocus";

const useStyles = makeStyles({
  tab: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    paddingTop: tokens.spacingVerticalM,
  },
  bar: { display: "flex", justifyContent: "space-between", alignItems: "center", gap: tokens.spacingHorizontalM },
  muted: { color: tokens.colorNeutralForeground3 },
  surface: { maxWidth: "820px", width: "100%" },
});

const quantityText = (task: OrderLineTask) =>
  `${formatQuantity(task.quantity)}${task.orderLine.unit ? ` ${task.orderLine.unit}` : ""}`;

/** The columns both tables show: the line (a link to its page), its type, the zone, quantity and amount. */
function useTaskColumns(): DataTableColumn<OrderLineTask>[] {
  const { t } = useTranslation();
  return [
    {
      id: "label",
      header: t("orderLines.tab.line"),
      sortValue: (task) => task.orderLine.label,
      render: (task) => <AppLink to={`/dashboard/order-line/${task.orderLineId}`}>{task.orderLine.label}</AppLink>,
      exportValue: (task) => task.orderLine.label,
    },
    {
      id: "type",
      header: t("orderLines.columns.type"),
      sortValue: (task) => task.orderLine.type,
      render: (task) => t(`orderLines.types.${task.orderLine.type}`),
    },
    {
      id: "zone",
      header: t("orderLines.tasks.zone"),
      sortValue: (task) => task.zone?.name ?? "",
      render: (task) => task.zone?.name ?? "",
    },
    { id: "quantity", header: t("orderLines.tasks.quantity"), align: "end", render: quantityText },
    {
      id: "amount",
      header: t("orderLines.tasks.amount"),
      align: "end",
      render: (task) => formatAmount(task.amount, task.orderLine.currency),
    },
  ];
}

export function OrderLinesTab({
  projectId,
  versionId,
  event,
}: {
  projectId: number;
  versionId: number;
  event: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const planned = usePlannedStyles();
  const refresh = useRefreshCounter("data");
  const [linking, setLinking] = useState(false);
  const { busy, run } = useBusy();
  const linked = useAsync(
    () => orderLineTasksApi.ofEvents(projectId, versionId, [event.id]),
    [projectId, versionId, event.id, refresh],
  );
  useEffect(() => {
    if (linked.error) warnError(linked.error);
  }, [linked.error]);

  const setEvent = async (task: OrderLineTask, eventId: number | null) => {
    const ok = await run(async () => {
      await orderLineTasksApi.multiple(projectId, versionId, [{ id: task.id, eventId }]);
      toast.success(t(eventId === null ? "orderLines.tab.unlinked" : "orderLines.tab.linked"));
    });
    if (ok) linked.reload();
    return ok;
  };

  const columns: DataTableColumn<OrderLineTask>[] = [
    ...useTaskColumns(),
    {
      id: "actions",
      header: t("orderLines.history.actions"),
      sortable: false,
      exportValue: false,
      render: (task) => (
        <Button
          size="small"
          appearance="subtle"
          icon={<LinkDismiss20Regular />}
          disabled={busy}
          aria-label={t("orderLines.tab.unlink", { label: task.orderLine.label })}
          title={t("orderLines.tab.unlink", { label: task.orderLine.label })}
          onClick={() => void setEvent(task, null)}
        />
      ),
    },
  ];

  return (
    <div className={styles.tab}>
      <div className={styles.bar}>
        <Caption1 className={styles.muted}>{t("orderLines.tab.hint", { name: event.name })}</Caption1>
        <Button icon={<Add20Regular />} onClick={() => setLinking(true)}>
          {t("orderLines.tab.link")}
        </Button>
      </div>
      <DataTable
        columns={columns}
        rows={linked.data ?? []}
        getRowId={(task) => task.id}
        rowName={(task) => task.orderLine.label}
        ariaLabel={t("orderLines.tab.label")}
        loading={linked.loading && !linked.data}
        emptyText={t("orderLines.tab.empty")}
        defaultSort={{ field: "label", direction: "ASC" }}
        rowClassName={() => planned.event}
        size="small"
      />
      <LinkDialog
        open={linking}
        projectId={projectId}
        versionId={versionId}
        busy={busy}
        onClose={() => setLinking(false)}
        onPick={async (task) => {
          if (await setEvent(task, event.id)) setLinking(false);
        }}
      />
    </div>
  );
}

function LinkDialog({
  open,
  projectId,
  versionId,
  busy,
  onClose,
  onPick,
}: {
  open: boolean;
  projectId: number;
  versionId: number;
  busy: boolean;
  onClose: () => void;
  onPick: (task: OrderLineTask) => void;
}) {
  const { t } = useTranslation();
  useRestoreFocus(open);
  const styles = useStyles();
  const [search, setSearch] = useState("");
  const free = useAsync(
    () => (open ? orderLineTasksApi.unlinked(projectId, versionId) : Promise.resolve([])),
    [open, projectId, versionId],
  );
  useEffect(() => {
    if (free.error) warnError(free.error);
  }, [free.error]);
  useEffect(() => {
    if (open) setSearch("");
  }, [open]);
  const words = search.trim().toLocaleLowerCase("fr");
  const rows = (free.data ?? []).filter(
    (task) => !words || `${task.orderLine.label} ${task.zone?.name ?? ""}`.toLocaleLowerCase("fr").includes(words),
  );
  const columns: DataTableColumn<OrderLineTask>[] = [
    ...useTaskColumns(),
    {
      id: "choose",
      header: t("orderLines.history.actions"),
      sortable: false,
      exportValue: false,
      render: (task) => (
        <Button
          size="small"
          disabled={busy}
          aria-label={t("orderLines.tab.choose", { label: task.orderLine.label, zone: task.zone?.name ?? "—" })}
          onClick={() => onPick(task)}
        >
          {t("orderLines.tab.chooseShort")}
        </Button>
      ),
    },
  ];
  return (
    <Dialog open={open} onOpenChange={(_, d) => (!d.open ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t("orderLines.tab.linkTitle")}</DialogTitle>
          <DialogContent>
            <Caption1 className={styles.muted}>{t("orderLines.tab.linkHint")}</Caption1>
            <DataTable
              columns={columns}
              rows={rows}
              toolbar={<SearchField label={t("orderLines.tab.search")} value={search} onChange={setSearch} />}
              getRowId={(task) => task.id}
              rowName={(task) => task.orderLine.label}
              ariaLabel={t("orderLines.tab.linkTitle")}
              loading={free.loading}
              emptyText={t("orderLines.tab.linkEmpty")}
              defaultSort={{ field: "label", direction: "ASC" }}
              size="small"
            />
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={onClose}>
              {t("actions.close")}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
