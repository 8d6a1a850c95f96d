import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, Card, Spinner, Title3, makeStyles, tokens } from "@fluentui/react-components";
import { Dismiss20Regular } from "@fluentui/react-icons";

const useStyles = makeStyles({
  card: { maxWidth: "1100px", margin: "0 auto", padding: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalL },
  cardHeader: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalM,
  },
  footer: {
    display: "flex",
    justifyContent: "flex-end",
    gap: tokens.spacingHorizontalS,
    borderTop: `1px solid ${tokens.colorNeutralStroke2}`,
    paddingTop: tokens.spacingVerticalM,
  },
});

/** The card the task, milestone and sequence forms are drawn in: title, close, body, footer actions. */
export function FormCard({
  title,
  closeLabel,
  onClose,
  children,
  footer,
}: {
  title: string;
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
  footer: ReactNode;
}) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-label={title}>
      <div className={styles.cardHeader}>
        <Title3 as="h1">{title}</Title3>
        <Button
          appearance="subtle"
          icon={<Dismiss20Regular />}
          aria-label={closeLabel}
          title={closeLabel}
          onClick={onClose}
        />
      </div>
      {children}
      <div className={styles.footer}>{footer}</div>
    </Card>
  );
}

/** A FormCard's usual footer: Annuler, then Créer (a new record) or Enregistrer, both off while the save runs. */
export function SaveCancel({
  creating,
  busy,
  onCancel,
  onSave,
}: {
  creating: boolean;
  busy: boolean;
  onCancel: () => void;
  onSave: () => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <Button appearance="secondary" onClick={onCancel} disabled={busy}>
        {t("actions.cancel")}
      </Button>
      <Button appearance="primary" onClick={onSave} disabled={busy} icon={busy ? <Spinner size="tiny" /> : undefined}>
        {creating ? t("actions.create") : t("actions.save")}
      </Button>
    </>
  );
}
