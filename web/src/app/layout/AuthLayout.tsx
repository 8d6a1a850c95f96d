import { Card, makeStyles, tokens } from "@fluentui/react-components";
import { GuardedOutlet } from "../guards";
import { useDocumentTitle } from "../useDocumentTitle";
import { LogoMark } from "./Logo";
import { AppLink } from "../../components/AppLink";
import { ACCESSIBILITY_PATH } from "../../lib/paths";
import { useTranslation } from "react-i18next";

const useStyles = makeStyles({
  page: {
    minHeight: "100vh",
    display: "grid",
    placeItems: "center",
    alignContent: "center",
    rowGap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalL,
    backgroundImage: `linear-gradient(135deg, ${tokens.colorBrandBackground2} 0%, ${tokens.colorNeutralBackground2} 60%)`,
  },
  card: { width: "min(420px, 100%)", padding: tokens.spacingHorizontalXXL, rowGap: tokens.spacingVerticalL },
  brand: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase600,
  },
});

export function AuthLayout() {
  const styles = useStyles();
  const { t } = useTranslation();
  useDocumentTitle();
  return (
    <main className={styles.page}>
      <Card className={styles.card}>
        <div className={styles.brand}>
          <LogoMark size={36} />
          <span>{t("app.name")}</span>
        </div>
        <GuardedOutlet />
      </Card>
      <AppLink to={ACCESSIBILITY_PATH}>{t("accessibility.link")}</AppLink>
    </main>
  );
}
