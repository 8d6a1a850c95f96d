import { type ReactNode } from "react";
import { useNavigate } from "react-router-dom";
import { Button, Title2, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowLeft20Regular } from "@fluentui/react-icons";

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

/** A page's title with its actions on the right; `back` is a record page's way back to its list. */
export function PageHeader({
  title,
  actions,
  back,
}: {
  title: string;
  actions?: ReactNode;
  back?: { to: string; label: string };
}) {
  const styles = useStyles();
  const navigate = useNavigate();
  return (
    <div className={styles.root}>
      <Title2 as="h1">{title}</Title2>
      {actions || back ? (
        <div className={styles.actions}>
          {actions}
          {back ? (
            <Button icon={<ArrowLeft20Regular />} onClick={() => navigate(back.to)}>
              {back.label}
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
