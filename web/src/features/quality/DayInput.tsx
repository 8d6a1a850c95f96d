// A calendar day typed dd/MM/yyyy (spec: dates shown dd/MM/yyyy), as the dashboard's date field: a complete valid
// day is applied at once, an empty field clears it, anything else says what is expected.
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Field, Input } from "@fluentui/react-components";
import { formatDay, parseDay } from "../../lib/dates";

export function DayInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (isoDay: string | null) => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(formatDay(value));
  useEffect(() => setText((shown) => (parseDay(shown) === value ? shown : formatDay(value))), [value]);
  const invalid = text.trim() !== "" && parseDay(text) === null;
  return (
    <Field
      label={label}
      hint={invalid ? undefined : t("quality.form.dayFormat")}
      validationMessage={invalid ? t("quality.form.dayInvalid") : undefined}
    >
      <Input
        value={text}
        inputMode="numeric"
        style={{ width: "9.5em" }}
        onChange={(_, d) => {
          setText(d.value);
          const day = parseDay(d.value);
          if (day !== null) onChange(day);
          else if (d.value.trim() === "") onChange(null);
        }}
      />
    </Field>
  );
}
