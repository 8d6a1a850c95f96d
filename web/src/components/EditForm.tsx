import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, Spinner, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { useBusy } from "../lib/useBusy";
import { Form } from "./Form";

const useStyles = makeStyles({
  form: { display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalM, maxWidth: "560px" },
  footer: { display: "flex", gap: tokens.spacingHorizontalS },
});

/**
 * The form of a record's own page (zone, lot, library lot, speciality): its fields, then "Enregistrer", off
 * until `canSave` (something valid changed) and while `onSave` runs; Enter in a field saves too. A refusal is a
 * warning toast of `subject` (errors.{code}); `onSave` says a success itself.
 */
export function EditForm({
  canSave,
  onSave,
  subject,
  className,
  children,
}: {
  canSave: boolean;
  onSave: () => Promise<void>;
  subject?: string;
  className?: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const { busy, run } = useBusy(subject);
  return (
    <Form
      className={mergeClasses(styles.form, className)}
      onSubmit={() => (canSave && !busy ? void run(onSave) : undefined)}
    >
      {children}
      <div className={styles.footer}>
        <Button
          type="submit"
          appearance="primary"
          disabled={!canSave || busy}
          icon={busy ? <Spinner size="tiny" /> : undefined}
        >
          {t("actions.save")}
        </Button>
      </div>
    </Form>
  );
}
