import { type ReactNode } from "react";
import { Title2, makeStyles, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  root: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalM,
    flexWrap: "wrap",
    marginBottom: tokens.spacingVerticalL,
  },
  actions: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
});

export function PageHeader({ title, actions }: { title: string; actions?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <Title2 as="h1">{title}</Title2>
      {actions ? <div className={styles.actions}>{actions}</div> : null}
    </div>
  );
}
