import { Field, Input, type InputProps } from "@fluentui/react-components";

/**
 * A labelled text input: `onChange` gets the text, `error` shows under the field and marks it. The other props
 * go to the input (type, maxLength, disabled, autoComplete...).
 */
export function InputField({
  label,
  value,
  onChange,
  error,
  required,
  hint,
  className,
  ...input
}: Omit<InputProps, "value" | "onChange" | "className"> & {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  required?: boolean;
  hint?: string;
  className?: string;
}) {
  return (
    <Field
      label={label}
      required={required}
      hint={hint}
      className={className}
      validationState={error ? "error" : "none"}
      validationMessage={error}
    >
      <Input {...input} value={value} onChange={(_, d) => onChange(d.value)} />
    </Field>
  );
}
