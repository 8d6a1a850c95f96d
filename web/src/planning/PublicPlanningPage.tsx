import { useCallback, useEffect, useMemo } from "react";
import { useParams } from "react-router-dom";
import { Title2 } from "@fluentui/react-components";
import type { PlanningData } from "@jalon/shared/planning";
import { useUi } from "../store/ui";
import { PlanningToolbar } from "./PlanningToolbar";
import { PlanningView } from "./PlanningView";
import { parisToday } from "./PlanningPage";

/**
 * /dashboard/public-planning/{token}: the reduced read-only planning of a public project (no editing, no toasts),
 * under the project's name, which its answer carries (the visitor may see no other screen); the title names it too.
 */
export default function PublicPlanningPage() {
  const { token } = useParams();
  const today = useMemo(() => parisToday(), []);
  const name = useUi((s) => s.publicProjectName);
  const setName = useUi((s) => s.setPublicProjectName);
  const onLoaded = useCallback((data: PlanningData) => setName(data.projectName ?? null), [setName]);
  useEffect(() => () => setName(null), [setName]);
  if (!token) return null;
  return (
    <div style={{ display: "flex", flexDirection: "column", height: "calc(100vh - 80px)", gap: 8 }}>
      {name ? (
        <Title2 as="h1" data-testid="public-project-name">
          {name}
        </Title2>
      ) : null}
      <PlanningToolbar readOnly printable={false} />
      <PlanningView projectId={0} versionId={0} publicToken={token} readOnly today={today} onLoaded={onLoaded} />
    </div>
  );
}
