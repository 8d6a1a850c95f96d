import { type ComponentProps, type ReactNode } from "react";
import { Title3, makeStyles, tokens } from "@fluentui/react-components";
import { Form } from "../../components/Form";
import { InputField } from "../../components/InputField";

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
  return (
    <Form className={styles.form} onSubmit={() => (canSubmit ? onSubmit() : undefined)}>
      <Title3 as="h1">{title}</Title3>
      {children}
      {footer ? <div className={styles.links}>{footer}</div> : null}
    </Form>
  );
}

export const MAX_INPUT_LENGTH = 200;

const KINDS = {
  email: { type: "email", autoComplete: "username" },
  password: { type: "password", autoComplete: "current-password" },
  newPassword: { type: "password", autoComplete: "new-password" },
} as const;

/** A field of the sign-in forms: an email, the current password or a new one; at most MAX_INPUT_LENGTH characters. */
export function AuthField({
  kind,
  ...props
}: { kind: keyof typeof KINDS } & Pick<ComponentProps<typeof InputField>, "label" | "value" | "onChange" | "error">) {
  return <InputField {...props} {...KINDS[kind]} maxLength={MAX_INPUT_LENGTH} />;
}
