// Public pages (the shared planning, the accessibility statement): reduced header, no navigation, no toasts.
import { makeStyles, tokens } from "@fluentui/react-components";
import { GuardedOutlet } from "../guards";
import { useDocumentTitle } from "../useDocumentTitle";
import { Logo } from "./Logo";
import { UserMenu } from "./UserMenu";

const useStyles = makeStyles({
  header: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
  },
  main: { padding: tokens.spacingHorizontalL },
});

export function PublicLayout() {
  const styles = useStyles();
  useDocumentTitle();
  return (
    <>
      <header className={styles.header}>
        <Logo />
        <UserMenu />
      </header>
      <main className={styles.main}>
        <GuardedOutlet />
      </main>
    </>
  );
}
