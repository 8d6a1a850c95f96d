// Left navigation (spec 000 section 2): the whole tree, a pin toggle (pinned by default at >= 1100 px),
// closes after use on mobile; every item except the project list is disabled until a project is selected.
import { useMemo, useState, type ReactElement } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import {
  Button,
  DrawerBody,
  DrawerHeader,
  InlineDrawer,
  OverlayDrawer,
  ToggleButton,
  Tooltip,
  makeStyles,
  mergeClasses,
  tokens,
} from "@fluentui/react-components";
import {
  Board20Regular,
  CalendarCheckmark20Regular,
  ChevronDown16Regular,
  ChevronRight16Regular,
  ClipboardTask20Regular,
  DataTrending20Regular,
  Dismiss20Regular,
  FolderOpen20Regular,
  GanttChart20Regular,
  Pin20Regular,
  PinOff20Regular,
  Wrench20Regular,
} from "@fluentui/react-icons";
import { navigationTree, needsSelectedProject, visibleTree, type NavIcon, type NavNode } from "../navigation";
import { useSession } from "../../store/session";
import { useProject } from "../../store/project";
import { isPinnedByDefault, useUi } from "../../store/ui";
import { Logo } from "./Logo";
import { isMobileWidth, useWindowWidth } from "../../lib/useWindowWidth";

const icons: Record<NavIcon, ReactElement> = {
  projects: <FolderOpen20Regular />,
  dashboard: <Board20Regular />,
  configuration: <Wrench20Regular />,
  planning: <GanttChart20Regular />,
  qualityCalendar: <CalendarCheckmark20Regular />,
  execution: <ClipboardTask20Regular />,
  monitoring: <DataTrending20Regular />,
};

const useStyles = makeStyles({
  drawer: { width: "280px", flexShrink: 0, borderRight: `1px solid ${tokens.colorNeutralStroke2}` },
  header: { display: "flex", flexDirection: "row", alignItems: "center", justifyContent: "space-between" },
  headerRow: { display: "flex", alignItems: "center", justifyContent: "space-between", width: "100%" },
  list: { listStyleType: "none", margin: 0, padding: 0, display: "flex", flexDirection: "column", rowGap: "2px" },
  item: { width: "100%", justifyContent: "flex-start", fontWeight: tokens.fontWeightRegular, textAlign: "left" },
  group: { width: "100%", justifyContent: "flex-start", fontWeight: tokens.fontWeightSemibold, textAlign: "left" },
  active: { backgroundColor: tokens.colorBrandBackground2, color: tokens.colorBrandForeground2 },
  nested: { paddingLeft: tokens.spacingHorizontalL },
});

function isActivePath(path: string | undefined, pathname: string): boolean {
  return path !== undefined && (pathname === path || pathname.startsWith(`${path}/`));
}

function containsPath(node: NavNode, pathname: string): boolean {
  if (isActivePath(node.path, pathname)) return true;
  return (node.children ?? []).some((c) => containsPath(c, pathname));
}

/** A group is usable without a project only if one of its items is (the spec disables everything but the list). */
function groupNeedsProject(node: NavNode): boolean {
  return (node.children ?? []).every((c) => (c.children ? groupNeedsProject(c) : needsSelectedProject(c)));
}

function NavTree({ nodes, onUse, depth }: { nodes: NavNode[]; onUse: () => void; depth: number }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const hasProject = useProject((s) => s.projectId !== null);
  const [open, setOpen] = useState<Record<string, boolean>>({});

  return (
    <ul className={mergeClasses(styles.list, depth > 0 && styles.nested)}>
      {nodes.map((node) => {
        if (node.children) {
          const groupDisabled = !hasProject && groupNeedsProject(node);
          const expanded = !groupDisabled && (open[node.label] ?? containsPath(node, pathname));
          return (
            <li key={node.label}>
              <Button
                appearance="subtle"
                className={styles.group}
                icon={node.icon ? icons[node.icon] : expanded ? <ChevronDown16Regular /> : <ChevronRight16Regular />}
                aria-expanded={expanded}
                disabled={groupDisabled}
                title={groupDisabled ? t("nav.selectProjectFirst") : undefined}
                onClick={() => setOpen((o) => ({ ...o, [node.label]: !expanded }))}
              >
                {t(node.label)}
              </Button>
              {expanded ? <NavTree nodes={node.children} onUse={onUse} depth={depth + 1} /> : null}
            </li>
          );
        }
        const disabled = needsSelectedProject(node) && !hasProject;
        const active = isActivePath(node.path, pathname);
        return (
          <li key={node.label}>
            <Button
              appearance="subtle"
              className={mergeClasses(styles.item, active && styles.active)}
              icon={node.icon ? icons[node.icon] : undefined}
              disabled={disabled}
              title={disabled ? t("nav.selectProjectFirst") : undefined}
              aria-current={active ? "page" : undefined}
              onClick={() => {
                if (!node.path) return;
                navigate(node.path);
                onUse();
              }}
            >
              {t(node.label)}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}

export function usePinned(): boolean {
  const width = useWindowWidth();
  const navPinned = useUi((s) => s.navPinned);
  if (isMobileWidth(width)) return false;
  return navPinned ?? isPinnedByDefault(width);
}

export function Nav() {
  const { t } = useTranslation();
  const styles = useStyles();
  const width = useWindowWidth();
  const pinned = usePinned();
  const navOpen = useUi((s) => s.navOpen);
  const setNavOpen = useUi((s) => s.setNavOpen);
  const setNavPinned = useUi((s) => s.setNavPinned);
  const role = useSession((s) => s.role);
  const isAdmin = useSession((s) => s.isAdmin);
  const tree = useMemo(() => visibleTree(navigationTree, role, isAdmin), [role, isAdmin]);
  const mobile = isMobileWidth(width);

  // Closes after use when it floats over the page (always on mobile).
  const onUse = () => {
    if (!pinned) setNavOpen(false);
  };

  const header = (
    <DrawerHeader className={styles.header}>
      <div className={styles.headerRow}>
        <Logo onNavigate={onUse} />
        {mobile ? (
          <Button
            appearance="subtle"
            icon={<Dismiss20Regular />}
            aria-label={t("nav.close")}
            onClick={() => setNavOpen(false)}
          />
        ) : (
          <Tooltip content={pinned ? t("nav.unpin") : t("nav.pin")} relationship="label">
            <ToggleButton
              appearance="subtle"
              checked={pinned}
              icon={pinned ? <PinOff20Regular /> : <Pin20Regular />}
              onClick={() => {
                setNavPinned(!pinned);
                setNavOpen(false);
              }}
            />
          </Tooltip>
        )}
      </div>
    </DrawerHeader>
  );
  const body = (
    <DrawerBody>
      <nav aria-label={t("nav.label")}>
        <NavTree nodes={tree} onUse={onUse} depth={0} />
      </nav>
    </DrawerBody>
  );

  if (pinned) {
    return (
      <InlineDrawer open separator className={styles.drawer}>
        {header}
        {body}
      </InlineDrawer>
    );
  }
  return (
    <OverlayDrawer open={navOpen} onOpenChange={(_, d) => setNavOpen(d.open)} className={styles.drawer}>
      {header}
      {body}
    </OverlayDrawer>
  );
}
