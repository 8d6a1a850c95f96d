import { Field, Select } from "@fluentui/react-components";

/** A filter on one id of a named list: "all" (null) first, then each item by name. */
export function IdFilter({
  label,
  allLabel,
  value,
  onChange,
  items,
}: {
  label: string;
  allLabel: string;
  value: number | null;
  onChange: (id: number | null) => void;
  items: readonly { id: number; name: string }[];
}) {
  return (
    <Field label={label}>
      <Select
        value={value === null ? "" : String(value)}
        onChange={(_, d) => onChange(d.value ? Number(d.value) : null)}
      >
        <option value="">{allLabel}</option>
        {items.map((item) => (
          <option key={item.id} value={item.id}>
            {item.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
