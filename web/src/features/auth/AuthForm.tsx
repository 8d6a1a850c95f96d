import { type FormEvent, type ReactNode } from "react";
import { Field, Input, Title3, makeStyles, tokens, type InputProps } from "@fluentui/react-components";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM },
  links: { display: "flex", justifyContent: "space-between", flexWrap: "wrap", gap: tokens.spacingHorizontalS },
});

/** A form that submits on Enter (native submit) but only when `canSubmit`. */
export function AuthForm({
  title,
  canSubmit,
  onSubmit,
  children,
  footer,
}: {
  title: string;
  canSubmit: boolean;
  onSubmit: () => void;
  children: ReactNode;
  footer?: ReactNode;
}) {
  const styles = useStyles();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (canSubmit) onSubmit();
  };
  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <Title3 as="h1">{title}</Title3>
      {children}
      {footer ? <div className={styles.links}>{footer}</div> : null}
    </form>
  );
}

export const MAX_INPUT_LENGTH = 200;

/** A field of the sign-in forms: its label, the input (at most MAX_INPUT_LENGTH characters), an error under it. */
export function AuthField({
  label,
  type,
  autoComplete,
  value,
  onChange,
  error,
}: {
  label: string;
  type: InputProps["type"];
  autoComplete: string;
  value: string;
  onChange: (value: string) => void;
  error?: string;
}) {
  return (
    <Field label={label} validationState={error ? "error" : "none"} validationMessage={error}>
      <Input
        type={type}
        autoComplete={autoComplete}
        value={value}
        maxLength={MAX_INPUT_LENGTH}
        onChange={(_, d) => onChange(d.value)}
      />
    </Field>
  );
}
