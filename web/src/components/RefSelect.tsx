import { Field, Select } from "@fluentui/react-components";
import { type NamedRef } from "../api/events";

/** A reference select with an empty choice; `value` null means none. */
export function RefSelect({
  label,
  value,
  options,
  noneLabel,
  onChange,
}: {
  label: string;
  value: number | null;
  options: NamedRef[];
  noneLabel: string;
  onChange: (v: number | null) => void;
}) {
  const known = value === null || options.some((o) => o.id === value);
  return (
    <Field label={label}>
      <Select
        value={value === null ? "" : String(value)}
        onChange={(_, d) => onChange(d.value === "" ? null : Number(d.value))}
      >
        <option value="">{noneLabel}</option>
        {!known ? <option value={String(value)}>{`#${value}`}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
