// The fields of an order line (spec 001 section 3): label, type, unit, family, macro-task, lot, unit price,
// quantity and currency; shared by the creation dialog and the line's page.
import { useTranslation } from "react-i18next";
import { Field, Input, Select, makeStyles, tokens } from "@fluentui/react-components";
import { ORDER_LINE_CURRENCIES, ORDER_LINE_TYPES, ORDER_LINE_UNITS, TEXT_MAX_LENGTH } from "@jalon/shared";
import { RefSelect } from "../../components/RefSelect";
import type { NamedRef } from "../../api/events";
import type { OrderLine } from "../../api/orderLines";
import type { OrderLineDraft, OrderLineFormError } from "./orderLineForm";
import type { OrderLineReferences } from "./useOrderLineReferences";

const useStyles = makeStyles({
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fill, minmax(220px, 1fr))",
    gap: tokens.spacingHorizontalL,
    alignItems: "start",
  },
  wide: { gridColumn: "1 / -1" },
});

/** The options, with the line's own choice named even before (or without) the version's list. */
function withOwn(options: NamedRef[], own: NamedRef | null | undefined): NamedRef[] {
  return own && !options.some((o) => o.id === own.id) ? [own, ...options] : options;
}

export function OrderLineFields({
  value,
  onChange,
  references,
  errors,
  line,
}: {
  value: OrderLineDraft;
  onChange: (value: OrderLineDraft) => void;
  references: OrderLineReferences;
  /** The errors to show (after a first try to save). */
  errors: readonly OrderLineFormError[];
  /** The line being edited (its family, macro-task and lot by name). */
  line?: OrderLine;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const set = <K extends keyof OrderLineDraft>(key: K, v: OrderLineDraft[K]) => onChange({ ...value, [key]: v });
  const error = (e: OrderLineFormError, text: string) => (errors.includes(e) ? text : undefined);
  return (
    <div className={styles.grid}>
      <Field
        className={styles.wide}
        label={t("orderLines.fields.label")}
        required
        validationMessage={error("labelRequired", t("orderLines.fields.labelRequired"))}
      >
        {/* Checked by the form with its own message, not by the browser's bubble. */}
        <Input
          required={false}
          aria-required
          value={value.label}
          maxLength={TEXT_MAX_LENGTH}
          onChange={(_, d) => set("label", d.value)}
        />
      </Field>
      <Field label={t("orderLines.fields.type")} required>
        <Select value={value.type} onChange={(_, d) => set("type", d.value as OrderLineDraft["type"])}>
          {ORDER_LINE_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`orderLines.types.${type}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t("orderLines.fields.unit")}
        required
        validationMessage={error("unitRequired", t("orderLines.fields.unitRequired"))}
      >
        <Select value={value.unit} onChange={(_, d) => set("unit", d.value as OrderLineDraft["unit"])}>
          {value.unit === "" ? <option value="">{t("orderLines.fields.noneFeminine")}</option> : null}
          {ORDER_LINE_UNITS.map((unit) => (
            <option key={unit} value={unit}>
              {unit}
            </option>
          ))}
        </Select>
      </Field>
      <Field label={t("orderLines.fields.price")} validationMessage={error("price", t("orderLines.fields.notNumber"))}>
        <Input inputMode="decimal" value={value.price} onChange={(_, d) => set("price", d.value)} />
      </Field>
      <Field
        label={t("orderLines.fields.quantity")}
        validationMessage={error("quantity", t("orderLines.fields.notNumber"))}
      >
        <Input inputMode="decimal" value={value.quantity} onChange={(_, d) => set("quantity", d.value)} />
      </Field>
      <Field label={t("orderLines.fields.currency")}>
        <Select value={value.currency} onChange={(_, d) => set("currency", d.value as OrderLineDraft["currency"])}>
          {ORDER_LINE_CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {t(`orderLines.currencies.${c}`)}
            </option>
          ))}
        </Select>
      </Field>
      <RefSelect
        label={t("orderLines.fields.family")}
        value={value.familyId}
        options={withOwn(references.families, line?.family)}
        noneLabel={t("orderLines.fields.noneFeminine")}
        onChange={(v) => set("familyId", v)}
      />
      <RefSelect
        label={t("orderLines.fields.macroTask")}
        value={value.macroTaskId}
        options={withOwn(references.macroTasks, line?.macroTask)}
        noneLabel={t("orderLines.fields.noneFeminine")}
        onChange={(v) => set("macroTaskId", v)}
      />
      <RefSelect
        label={t("orderLines.fields.lot")}
        value={value.participantGroupProId}
        options={withOwn(references.lots, line?.participantGroupPro)}
        noneLabel={t("orderLines.fields.none")}
        onChange={(v) => set("participantGroupProId", v)}
      />
    </div>
  );
}
