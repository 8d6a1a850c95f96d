// Header (spec 000 section 2): project image and name, 'Archivé', 'Version signée', projected end date on
// planning pages, version indicator (disabled for non-managers), undo, user menu.
import { useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Avatar, Badge, Button, Caption1, Text, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { BranchCompare20Regular, Navigation20Regular, Signature20Regular } from "@fluentui/react-icons";
import { useProject } from "../../store/project";
import { useSession } from "../../store/session";
import { useUi } from "../../store/ui";
import { formatDate } from "../../lib/dates";
import { UserMenu } from "./UserMenu";
import { usePinned } from "./Nav";
import { UndoButton } from "../../features/projects/UndoButton";
import { useLiveProjectEnd } from "../../store/liveProjectEnd";

const useStyles = makeStyles({
  header: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}`,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    minHeight: "56px",
    // One line from 1280 px up (issue 20: at 1440 px the undo button and its count fell to a second line): the
    // project's name gives way (ellipsis, its full text in the title), the actions never wrap. A phone wraps.
    flexWrap: "nowrap",
    "@media (max-width: 600px)": { flexWrap: "wrap" },
  },
  project: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    minWidth: 0,
    flexGrow: 1,
    flexShrink: 1,
  },
  name: { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap", maxWidth: "40vw", minWidth: "4em" },
  fixed: { flexShrink: 0, whiteSpace: "nowrap" },
  // A long version name gives way too (its full text is in the button's accessible name).
  versionLabel: {
    display: "inline-block",
    maxWidth: "14em",
    overflow: "hidden",
    textOverflow: "ellipsis",
    whiteSpace: "nowrap",
    verticalAlign: "bottom",
  },
  right: {
    display: "flex",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    flexWrap: "nowrap",
    flexShrink: 0,
    marginLeft: "auto",
    "@media (max-width: 600px)": { flexWrap: "wrap", flexShrink: 1 },
  },
  muted: { color: tokens.colorNeutralForeground3 },
});

export function Header() {
  const { t } = useTranslation();
  const styles = useStyles();
  const { pathname } = useLocation();
  const pinned = usePinned();
  const setNavOpen = useUi((s) => s.setNavOpen);
  const panelOpen = useUi((s) => s.versionsPanelOpen);
  const setPanelOpen = useUi((s) => s.setVersionsPanelOpen);
  const project = useProject((s) => s.project);
  const versionId = useProject((s) => s.versionId);
  const versions = useProject((s) => s.versions);
  const isManager = useSession((s) => s.isManager);
  const liveEnd = useLiveProjectEnd((s) => s.date);

  const version =
    versions.find((v) => v.id === versionId) ??
    (project?.currentVersion?.id === versionId ? project?.currentVersion : null);
  const onPlanning = pathname.includes("planning");

  return (
    <header className={styles.header}>
      {!pinned ? (
        <Button
          appearance="subtle"
          icon={<Navigation20Regular />}
          aria-label={t("nav.open")}
          onClick={() => setNavOpen(true)}
        />
      ) : null}
      <div className={styles.project}>
        {project ? (
          <>
            <Avatar
              shape="square"
              size={32}
              name={project.name}
              color="colorful"
              image={project.imageUrl ? { src: project.imageUrl, alt: t("header.projectImage") } : undefined}
            />
            <Text weight="semibold" size={400} className={styles.name} title={project.name}>
              {project.name}
            </Text>
            {project.isArchived ? (
              <Badge appearance="filled" color="warning" className={styles.fixed}>
                {t("header.archived")}
              </Badge>
            ) : null}
            {project.signedVersionId ? (
              <Button size="small" appearance="outline" disabled icon={<Signature20Regular />} className={styles.fixed}>
                {t("header.signedVersion")}
              </Button>
            ) : null}
            {onPlanning && (liveEnd ?? project.projectedEndDate) ? (
              <Caption1 className={mergeClasses(styles.muted, styles.fixed)} data-testid="header-projected-end">
                {t("header.projectedEnd", { date: formatDate(liveEnd ?? project.projectedEndDate) })}
              </Caption1>
            ) : null}
          </>
        ) : (
          <Text className={styles.muted}>{t("header.noProject")}</Text>
        )}
      </div>
      <div className={styles.right}>
        {project ? (
          <>
            {isManager ? <UndoButton /> : null}
            <Button
              appearance={panelOpen ? "primary" : "secondary"}
              icon={<BranchCompare20Regular />}
              disabled={!isManager}
              // WCAG 2.5.3: the name starts with the text shown, then says what the button does.
              aria-label={`${version ? t("header.version", { name: version.name }) : t("header.noVersion")}, ${t("header.versionsPanel").toLowerCase()}`}
              title={t("header.versionsPanel")}
              onClick={() => setPanelOpen(!panelOpen)}
            >
              <span className={styles.versionLabel}>
                {version ? t("header.version", { name: version.name }) : t("header.noVersion")}
              </span>
            </Button>
          </>
        ) : null}
        <UserMenu />
      </div>
    </header>
  );
}
