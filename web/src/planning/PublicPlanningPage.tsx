import { useMemo } from "react";
import { useParams } from "react-router-dom";
import { PlanningToolbar } from "./PlanningToolbar";
import { PlanningView } from "./PlanningView";
import { parisToday } from "./PlanningPage";

/** /dashboard/public-planning/{token}: the reduced read-only planning of a public project (no editing, no toasts). */
export default function PublicPlanningPage() {
  const { token } = useParams();
  const today = useMemo(() => parisToday(), []);
  if (!token) return null;
  return (
    <div style={{ display: "flex", flexDirection: "column", height: "calc(100vh - 80px)", gap: 8 }}>
      <PlanningToolbar readOnly printable={false} />
      <PlanningView projectId={0} versionId={0} publicToken={token} readOnly today={today} />
    </div>
  );
}
