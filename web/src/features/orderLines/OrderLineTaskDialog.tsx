// The dialog of one order-line task (spec 001 section 3 "tasks: price, quantity, speciality, zone, eventId"):
// its zone, speciality, quantity, unit price (empty: the line's) and the planning's task it is planned on.
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Body1, Button, Field, Input, makeStyles, tokens } from "@fluentui/react-components";
import { RefSelect } from "../../components/RefSelect";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { EventPicker } from "../../components/EventPicker";
import { formatUnitPrice } from "./format";
import { validateTask, type TaskDraft } from "./orderLineForm";
import type { OrderLineReferences } from "./useOrderLineReferences";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))",
    gap: tokens.spacingHorizontalL,
    alignItems: "start",
  },
  wide: { gridColumn: "1 / -1" },
  event: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

export function OrderLineTaskDialog({
  draft,
  onChange,
  onSave,
  onCancel,
  busy,
  references,
  versionId,
  linePrice,
  currency,
}: {
  draft: TaskDraft | null;
  onChange: (d: TaskDraft) => void;
  onSave: () => void;
  onCancel: () => void;
  busy: boolean;
  references: OrderLineReferences;
  versionId: number;
  linePrice: number | null;
  currency: string;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [tried, setTried] = useState(false);
  const [picking, setPicking] = useState(false);
  const errors = draft ? validateTask(draft) : [];
  const set = <K extends keyof TaskDraft>(key: K, v: TaskDraft[K]) => draft && onChange({ ...draft, [key]: v });
  return (
    <ConfirmDialog
      open={draft !== null}
      title={draft?.id !== undefined ? t("orderLines.tasks.editTitle") : t("orderLines.tasks.addTitle")}
      confirmLabel={draft?.id !== undefined ? t("actions.save") : t("orderLines.tasks.addConfirm")}
      busy={busy}
      onConfirm={() => {
        setTried(true);
        if (errors.length === 0) onSave();
      }}
      onCancel={() => {
        setTried(false);
        onCancel();
      }}
    >
      {draft ? (
        <div className={styles.grid}>
          <RefSelect
            label={t("orderLines.tasks.zone")}
            value={draft.zoneId}
            options={references.zones}
            noneLabel={t("orderLines.fields.noneFeminine")}
            onChange={(v) => set("zoneId", v)}
          />
          <RefSelect
            label={t("orderLines.tasks.speciality")}
            value={draft.specialityId}
            options={references.specialities}
            noneLabel={t("orderLines.fields.noneFeminine")}
            onChange={(v) => set("specialityId", v)}
          />
          <Field
            label={t("orderLines.tasks.quantity")}
            validationMessage={tried && errors.includes("quantity") ? t("orderLines.fields.notNumber") : undefined}
          >
            <Input inputMode="decimal" value={draft.quantity} onChange={(_, d) => set("quantity", d.value)} />
          </Field>
          <Field
            label={t("orderLines.tasks.price")}
            hint={t("orderLines.tasks.priceHint", { price: formatUnitPrice(linePrice, currency) })}
            validationMessage={tried && errors.includes("price") ? t("orderLines.fields.notNumber") : undefined}
          >
            <Input inputMode="decimal" value={draft.price} onChange={(_, d) => set("price", d.value)} />
          </Field>
          <Field className={styles.wide} label={t("orderLines.tasks.event")}>
            <div className={styles.event}>
              <Body1>{draft.event ? draft.event.name : t("orderLines.tasks.noEvent")}</Body1>
              <Button size="small" onClick={() => setPicking(true)}>
                {t("orderLines.tasks.chooseEvent")}
              </Button>
              {draft.event ? (
                <Button size="small" appearance="subtle" onClick={() => set("event", null)}>
                  {t("orderLines.tasks.removeEvent")}
                </Button>
              ) : null}
            </div>
          </Field>
          <EventPicker
            open={picking}
            title={t("orderLines.tasks.pickerTitle")}
            versionId={versionId}
            disabledIds={new Set(draft.event ? [draft.event.id] : [])}
            onClose={() => setPicking(false)}
            onPick={(e) => {
              set("event", { id: e.id, name: e.name });
              setPicking(false);
            }}
          />
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
