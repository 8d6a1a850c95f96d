// User menu (spec 000 section 2): role label, initials avatar, Paramètres, Déconnexion; guests see 'Connexion'.
import { useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Button,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuGroupHeader,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import {
  Accessibility20Regular,
  People20Regular,
  Person20Regular,
  Settings20Regular,
  SignOut20Regular,
} from "@fluentui/react-icons";
import { useSession } from "../../store/session";
import { ACCESSIBILITY_PATH, LOGIN_PATH } from "../../lib/paths";

const useStyles = makeStyles({
  trigger: { minWidth: "auto", gap: tokens.spacingHorizontalS },
  // Below 1440 px the header keeps its room for the project's name: the user's initials stand for the user
  // (the button's accessible name still starts with the full name).
  name: { "@media (max-width: 1439px)": { display: "none" } },
  // The initials are drawn by CSS, not written in the button: its visible text is then the name alone, which its
  // accessible name starts with (WCAG 2.5.3; a text node counts as visible even under aria-hidden).
  initials: {
    width: "28px",
    height: "28px",
    borderRadius: "50%",
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    flexShrink: 0,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
    "::before": { content: "attr(data-initials)" },
  },
});

export function initialsOf(firstname?: string | null, lastname?: string | null, email?: string | null): string {
  const a = (firstname ?? "").trim().charAt(0);
  const b = (lastname ?? "").trim().charAt(0);
  const initials = `${a}${b}`.toUpperCase();
  return initials || (email ?? "?").charAt(0).toUpperCase();
}

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const styles = useStyles();
  const user = useSession((s) => s.user);
  const role = useSession((s) => s.role);
  const isAdmin = useSession((s) => s.isAdmin);
  const authenticated = useSession((s) => s.authenticated);
  const logout = useSession((s) => s.logout);

  if (!authenticated || !user) {
    return (
      <Button appearance="primary" icon={<Person20Regular />} onClick={() => navigate(LOGIN_PATH)}>
        {t("session.connect")}
      </Button>
    );
  }

  const fullName = `${user.firstname ?? ""} ${user.lastname ?? ""}`.trim() || user.email;
  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button
          appearance="subtle"
          className={styles.trigger}
          aria-label={`${fullName}, ${t("session.menu").toLowerCase()}`}
        >
          <span
            aria-hidden
            className={styles.initials}
            data-initials={initialsOf(user.firstname, user.lastname, user.email)}
          />
          <span className={styles.name}>{fullName}</span>
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <MenuList>
          <MenuGroup>
            <MenuGroupHeader>{t(`roles.${role}`)}</MenuGroupHeader>
          </MenuGroup>
          <MenuDivider />
          <MenuItem icon={<Settings20Regular />} onClick={() => navigate(`/dashboard/userinfos/${user.id}`)}>
            {t("session.settings")}
          </MenuItem>
          {isAdmin ? (
            <MenuItem icon={<People20Regular />} onClick={() => navigate("/dashboard/users")}>
              {t("session.users")}
            </MenuItem>
          ) : null}
          <MenuItem icon={<Accessibility20Regular />} onClick={() => navigate(ACCESSIBILITY_PATH)}>
            {t("accessibility.link")}
          </MenuItem>
          <MenuItem
            icon={<SignOut20Regular />}
            onClick={() => {
              logout();
              navigate(LOGIN_PATH, { replace: true });
            }}
          >
            {t("session.logout")}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
