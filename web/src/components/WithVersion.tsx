import { type ReactNode } from "react";
import { useProject } from "../store/project";
import { NoProjectRedirect } from "./NoProjectRedirect";

/** Renders the screen with the selected project and version, or sends back to the project list. */
export function WithVersion({ children }: { children: (projectId: number, versionId: number) => ReactNode }) {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  return <>{children(projectId, versionId)}</>;
}
