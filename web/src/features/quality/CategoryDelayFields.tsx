import { useTranslation } from "react-i18next";
import { Field, Input, Select } from "@fluentui/react-components";
import { QUALITY_CONTROL_CATEGORIES, type QualityControlCategory } from "../../api/quality";

/** A control's (or a template's) category and delay in working days, as the task's tab and the templates edit them. */
export function CategoryDelayFields({
  categoryLabel,
  category,
  delay,
  delayInvalid,
  onChange,
}: {
  categoryLabel: string;
  category: QualityControlCategory | "";
  /** The delay as typed. */
  delay: string;
  delayInvalid: boolean;
  onChange: (patch: { category?: QualityControlCategory | ""; delay?: string }) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Field label={categoryLabel}>
        <Select value={category} onChange={(_, d) => onChange({ category: d.value as QualityControlCategory | "" })}>
          <option value="" />
          {QUALITY_CONTROL_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`quality.categories.${c}`)}
            </option>
          ))}
        </Select>
      </Field>
      <Field
        label={t("quality.form.delay")}
        hint={t("quality.form.delayHint")}
        validationMessage={delayInvalid ? t("quality.form.delayInvalid") : undefined}
      >
        <Input value={delay} inputMode="numeric" onChange={(_, d) => onChange({ delay: d.value })} />
      </Field>
    </>
  );
}
