// Signed-in layout: navigation, header, page, versions panel, blocking popup, live updates of the project.
import { useEffect } from "react";
import { makeStyles, tokens } from "@fluentui/react-components";
import { GuardedOutlet } from "../guards";
import { useDocumentTitle } from "../useDocumentTitle";
import { Nav } from "./Nav";
import { Header } from "./Header";
import { BlockingPopup } from "./BlockingPopup";
import { VersionsPanel } from "../../features/versions/VersionsPanel";
import { useSession } from "../../store/session";
import { useProject } from "../../store/project";
import { useRefreshCounter } from "../../store/refresh";
import { useProjectRealtime } from "../../realtime/useProjectRealtime";
import { ApiError } from "../../api/http";
import { toast } from "../../store/toasts";
import { i18n } from "../../i18n";

const useStyles = makeStyles({
  // The window never scrolls: the page scrolls inside <main>, so the header, the navigation and the versions
  // panel keep the full height. The column's basis is 0, not its content: with "auto" a wide table made the
  // column claim its max-content width and squeeze both drawers to nothing.
  shell: { display: "flex", height: "100dvh", overflow: "hidden", backgroundColor: tokens.colorNeutralBackground2 },
  column: { display: "flex", flexDirection: "column", flex: "1 1 0", minWidth: 0, minHeight: 0 },
  main: {
    flexGrow: 1,
    overflow: "auto",
    padding: tokens.spacingHorizontalXL,
    minWidth: 0,
    minHeight: 0,
    "@media (max-width: 600px)": { padding: tokens.spacingHorizontalM },
  },
});

/** Loads the selected project (and its versions for managers) and keeps them fresh. */
function useSelectedProjectData() {
  const authenticated = useSession((s) => s.authenticated);
  const isManager = useSession((s) => s.isManager);
  const projectId = useProject((s) => s.projectId);
  const projectRefresh = useRefreshCounter("project");
  const versionsRefresh = useRefreshCounter("versions");

  useEffect(() => {
    if (!authenticated || projectId === null) return;
    useProject
      .getState()
      .reload()
      .catch((e: unknown) => {
        if (e instanceof ApiError && (e.status === 404 || e.status === 403)) {
          useProject.getState().clear();
          toast.warning(i18n.t("errors.no_project"), { id: "no_project" });
        }
      });
  }, [authenticated, projectId, projectRefresh]);

  useEffect(() => {
    if (!authenticated || !isManager || projectId === null) return;
    useProject
      .getState()
      .reloadVersions()
      .catch(() => {});
  }, [authenticated, isManager, projectId, versionsRefresh]);
}

export function AppLayout() {
  const styles = useStyles();
  useSelectedProjectData();
  useDocumentTitle();
  useProjectRealtime();
  return (
    <div className={styles.shell}>
      <Nav />
      <div className={styles.column}>
        <Header />
        <main className={styles.main}>
          <GuardedOutlet />
        </main>
      </div>
      <VersionsPanel />
      <BlockingPopup />
    </div>
  );
}
