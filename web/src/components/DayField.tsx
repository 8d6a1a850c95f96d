import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Field, Input, makeStyles, tokens } from "@fluentui/react-components";
import { formatDay, parseDay } from "../lib/dates";

const useStyles = makeStyles({
  row: { display: "flex", columnGap: tokens.spacingHorizontalS, alignItems: "center" },
  input: { width: "9em" },
});

/**
 * The date the tracking figures are computed at, typed dd/MM/yyyy; empty means today. A complete valid day is
 * applied at once, anything else says what is expected.
 */
export function DayField({ value, onChange }: { value: string; onChange: (isoDay: string) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState(formatDay(value));
  useEffect(() => setText(formatDay(value)), [value]);
  const invalid = text.trim() !== "" && parseDay(text) === null;
  return (
    <Field
      label={t("dashboard.date")}
      hint={invalid ? undefined : t("dashboard.dateHint")}
      validationMessage={invalid ? t("dashboard.dateInvalid") : undefined}
    >
      <div className={styles.row}>
        <Input
          className={styles.input}
          value={text}
          placeholder="jj/mm/aaaa"
          inputMode="numeric"
          onChange={(_, d) => {
            setText(d.value);
            const day = parseDay(d.value);
            if (day !== null) onChange(day);
            else if (d.value.trim() === "") onChange("");
          }}
        />
        <Button appearance="subtle" disabled={value === ""} onClick={() => onChange("")}>
          {t("dashboard.today")}
        </Button>
      </div>
    </Field>
  );
}
