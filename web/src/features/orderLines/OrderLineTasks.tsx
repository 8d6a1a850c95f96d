// The tasks of an order line per zone (spec 001 sections 3, 4): zone, speciality, quantity, unit price (its own
// or the line's), amount, the planning's task, and whether it is planned (its row coloured when linked to a task
// or to a macro-task that has tasks); added and changed in a dialog (PATCH /order-line-task/multiple), deleted
// in bulk (DELETE /order-line-task/bulk-delete).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Badge, Button, Caption1, Subtitle1, makeStyles, tokens } from "@fluentui/react-components";
import { Add20Regular, Edit20Regular } from "@fluentui/react-icons";
import { orderLineTasksApi, type OrderLine, type OrderLineTask } from "../../api/orderLines";
import { ConfirmDelete } from "../../components/ConfirmDelete";
import { DataTable, type DataTableColumn } from "../../components/DataTable";
import { eventDates } from "../../components/EventPicker";
import { useBusy } from "../../lib/useBusy";
import { useSelectionDelete } from "../../lib/useSelectionDelete";
import { toast } from "../../store/toasts";
import { formatAmount, formatQuantity, formatUnitPrice } from "./format";
import { EMPTY_TASK, taskDraftOf, taskItem, type TaskDraft } from "./orderLineForm";
import { OrderLineTaskDialog } from "./OrderLineTaskDialog";
import { plannedColor, plannedKey, usePlannedStyles } from "./plannedStyles";
import type { OrderLineReferences } from "./useOrderLineReferences";

const useStyles = makeStyles({
  section: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
    marginTop: tokens.spacingVerticalXL,
  },
  head: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalM,
    flexWrap: "wrap",
  },
  muted: { color: tokens.colorNeutralForeground3 },
  event: { display: "flex", flexDirection: "column" },
});

export function OrderLineTasks({
  line,
  projectId,
  versionId,
  references,
  onChanged,
}: {
  line: OrderLine;
  projectId: number;
  versionId: number;
  references: OrderLineReferences;
  /** The line's tasks changed on the server: reload the line. */
  onChanged: () => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const planned = usePlannedStyles();
  const [draft, setDraft] = useState<TaskDraft | null>(null);
  const { busy, run } = useBusy();
  const tasks = line.orderLineTasks ?? [];

  const save = async () => {
    if (!draft) return;
    const saving = draft;
    const ok = await run(async () => {
      await orderLineTasksApi.multiple(projectId, versionId, [taskItem(line.id, saving)]);
      toast.success(t(saving.id !== undefined ? "orderLines.tasks.saved" : "orderLines.tasks.added"));
    });
    if (ok) {
      setDraft(null);
      onChanged();
    }
  };

  const deletion = useSelectionDelete(async (ids) => {
    await orderLineTasksApi.bulkDelete(ids);
    toast.success(t("orderLines.tasks.deleted", { count: ids.length }));
    onChanged();
  });

  const zoneName = (task: OrderLineTask) => task.zone?.name ?? "";
  const columns: DataTableColumn<OrderLineTask>[] = [
    { id: "zone", header: t("orderLines.tasks.zone"), sortValue: zoneName, render: zoneName },
    {
      id: "speciality",
      header: t("orderLines.tasks.speciality"),
      sortValue: (task) => task.speciality?.name ?? "",
      render: (task) => task.speciality?.name ?? "",
    },
    {
      id: "quantity",
      header: t("orderLines.tasks.quantity"),
      align: "end",
      render: (task) => `${formatQuantity(task.quantity)}${line.unit ? ` ${line.unit}` : ""}`,
    },
    {
      id: "effectivePrice",
      header: t("orderLines.tasks.price"),
      align: "end",
      render: (task) => formatUnitPrice(task.effectivePrice, line.currency),
    },
    {
      id: "amount",
      header: t("orderLines.tasks.amount"),
      align: "end",
      render: (task) => formatAmount(task.amount, line.currency),
    },
    {
      id: "event",
      header: t("orderLines.tasks.event"),
      sortValue: (task) => task.event?.name ?? "",
      render: (task) =>
        task.event ? (
          <span className={styles.event}>
            <span>{task.event.name}</span>
            <Caption1 className={styles.muted}>{eventDates(task.event)}</Caption1>
          </span>
        ) : (
          ""
        ),
      exportValue: (task) => task.event?.name ?? "",
    },
    {
      id: "linkedTo",
      header: t("orderLines.tasks.planned"),
      width: 200,
      sortValue: (task) => task.linkedTo ?? "",
      render: (task) => (
        <Badge
          className={planned.badge}
          appearance={task.linkedTo ? "filled" : "outline"}
          color={plannedColor(task.linkedTo)}
        >
          {t(plannedKey(task.linkedTo))}
        </Badge>
      ),
    },
    {
      id: "actions",
      header: t("orderLines.history.actions"),
      sortable: false,
      exportValue: false,
      render: (task) => (
        <Button
          size="small"
          appearance="subtle"
          icon={<Edit20Regular />}
          aria-label={t("orderLines.tasks.edit", { zone: zoneName(task) || "—" })}
          title={t("orderLines.tasks.edit", { zone: zoneName(task) || "—" })}
          onClick={(e) => {
            e.stopPropagation();
            setDraft(taskDraftOf(task));
          }}
        />
      ),
    },
  ];

  const quantity = tasks.reduce((sum, task) => sum + (task.quantity ?? 0), 0);

  return (
    <section className={styles.section} aria-labelledby="order-line-tasks-title">
      <div className={styles.head}>
        <Subtitle1 as="h2" id="order-line-tasks-title">
          {t("orderLines.tasks.title")}
        </Subtitle1>
        <Button icon={<Add20Regular />} onClick={() => setDraft({ ...EMPTY_TASK })}>
          {t("orderLines.tasks.add")}
        </Button>
      </div>
      <Caption1 className={styles.muted}>{t("orderLines.tasks.legend")}</Caption1>
      <DataTable
        columns={columns}
        rows={tasks}
        getRowId={(task) => task.id}
        rowName={(task) => zoneName(task) || `#${task.id}`}
        ariaLabel={t("orderLines.tasks.label")}
        emptyText={t("orderLines.tasks.empty")}
        defaultSort={{ field: "zone", direction: "ASC" }}
        rowClassName={(task) => (task.linkedTo ? planned[task.linkedTo] : undefined)}
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
        csvExport={{ fileName: `${line.label} - ${t("orderLines.tasks.title")}` }}
      />
      {tasks.length > 0 ? (
        <Caption1>
          {t("orderLines.tasks.total", {
            quantity: `${formatQuantity(quantity)}${line.unit ? ` ${line.unit}` : ""}`,
            amount: formatAmount(line.plannedAmount, line.currency),
          })}
        </Caption1>
      ) : null}
      <ConfirmDelete flow={deletion} title={t("orderLines.tasks.deleteTitle")}>
        {t("orderLines.tasks.deleteBody", { count: deletion.pending.length })}
      </ConfirmDelete>
      <OrderLineTaskDialog
        draft={draft}
        onChange={setDraft}
        onSave={() => void save()}
        onCancel={() => setDraft(null)}
        busy={busy}
        references={references}
        versionId={versionId}
        linePrice={line.price}
        currency={line.currency}
      />
    </section>
  );
}
