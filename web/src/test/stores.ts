import { useSession } from "../store/session";
import { useProject } from "../store/project";
import { useUi } from "../store/ui";
import { useToasts } from "../store/toasts";
import { useRefresh } from "../store/refresh";
import { useSyncStatus } from "../store/syncStatus";

export function resetStores(): void {
  useToasts.getState().clear();
  localStorage.clear();
  sessionStorage.clear();
  useSession.setState({ ...useSession.getInitialState(), status: "ready" }, true);
  useProject.setState({ ...useProject.getInitialState(), projectId: null, versionId: null }, true);
  useUi.setState(useUi.getInitialState(), true);
  useRefresh.setState(useRefresh.getInitialState(), true);
  useSyncStatus.setState(useSyncStatus.getInitialState(), true);
}
