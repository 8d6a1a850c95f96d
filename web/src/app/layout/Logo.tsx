import { Link } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { makeStyles, tokens } from "@fluentui/react-components";
import { PROJECTS_PATH } from "../../lib/paths";

const useStyles = makeStyles({
  link: {
    display: "inline-flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    textDecorationLine: "none",
    color: tokens.colorBrandForeground1,
    fontWeight: tokens.fontWeightBold,
    fontSize: tokens.fontSizeBase500,
    letterSpacing: "0.02em",
  },
});

/** A milestone diamond on a baseline: the Jalon mark. */
export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true">
      <rect x="2" y="25" width="28" height="3" rx="1.5" fill={tokens.colorBrandBackground} opacity="0.35" />
      <rect x="5" y="17" width="11" height="4" rx="1" fill={tokens.colorBrandBackground} opacity="0.6" />
      <path d="M22 6 L29 13 L22 20 L15 13 Z" fill={tokens.colorBrandBackground} />
    </svg>
  );
}

export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <Link to={PROJECTS_PATH} className={styles.link} aria-label={t("nav.logo")} onClick={onNavigate}>
      <LogoMark />
      <span>{t("app.name")}</span>
    </Link>
  );
}
