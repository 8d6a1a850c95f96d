import { usePlanningStore } from "../planningStore";
import type { GanttModel } from "../model";
import { PrintDialog } from "./PrintDialog";

/** The planning's print mode: choosing it in the toolbar opens the print dialog; closing it goes back to construction. */
export function PrintMode(p: {
  projectId: number;
  versionId: number;
  model: GanttModel;
  startMonth: string;
  endMonth: string;
  readOnly?: boolean;
  publicView?: boolean;
}) {
  const { mode, setMode, grouping, filters, aggregated } = usePlanningStore();
  if (mode !== "print" || p.publicView) return null;
  return (
    <PrintDialog
      open
      onClose={() => setMode("construction")}
      projectId={p.projectId}
      versionId={p.versionId}
      model={p.model}
      grouping={grouping}
      aggregated={aggregated}
      filters={filters}
      startMonth={p.startMonth}
      endMonth={p.endMonth}
    />
  );
}
