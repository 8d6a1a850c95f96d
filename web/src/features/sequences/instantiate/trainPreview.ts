// The live preview of a train: computed by the engine in the planning's worker (the same pure function the
// server runs when the sequence is created), in this thread when no planning worker runs (tests, other screens).
import { useEffect, useState } from "react";
import { runningEngine } from "../../../planning/engine/engineClient";
import type { TrainPreview, TrainPreviewInput } from "../../../planning/engine/transfer";
import { linksOf, type TemplateTask } from "../instantiationApi";
import type { ZoneOption } from "./instantiateForm";

export type { TrainPreview, TrainPreviewInput };

export async function computeTrain(input: TrainPreviewInput): Promise<TrainPreview> {
  const remote = runningEngine();
  if (remote) return remote.previewTrain(input);
  const { PlanningEngine } = await import("../../../planning/engine/planningEngine");
  return new PlanningEngine().previewTrain(input);
}

/** The worker's question from the dialog's choices. */
export function trainInput(
  tasks: readonly TemplateTask[],
  zones: readonly ZoneOption[],
  takt: number,
  reference: TrainPreviewInput["reference"],
  calendars: TrainPreviewInput["calendars"],
): TrainPreviewInput {
  const ids = new Set(tasks.map((t) => t.id));
  return {
    tasks: tasks.map((t) => ({ id: t.id, numberOfDays: t.numberOfDays, typology: t.typology ?? [] })),
    // Links to a task outside the template are not the template's (the server refuses them anyway).
    links: linksOf(tasks).filter((l) => ids.has(l.parentId)),
    zones: zones.map((z) => ({ id: z.id, typology: z.typology })),
    takt,
    reference,
    calendars,
  };
}

/** One zone of the train: its instance's tasks in start order. */
export interface PreviewZone {
  zoneId: number;
  tasks: { taskId: number; startDay: number; endDay: number }[];
  startDay: number;
  endDay: number;
}

/** The preview's columns grouped by zone, in the train's order. */
export function byZone(p: TrainPreview, zoneOrder: readonly number[]): PreviewZone[] {
  const map = new Map<number, PreviewZone>();
  for (const z of zoneOrder) map.set(z, { zoneId: z, tasks: [], startDay: Infinity, endDay: -Infinity });
  for (let k = 0; k < p.zoneId.length; k++) {
    const zone = map.get(p.zoneId[k]);
    if (!zone) continue;
    zone.tasks.push({ taskId: p.taskId[k], startDay: p.startDay[k], endDay: p.endDay[k] });
    zone.startDay = Math.min(zone.startDay, p.startDay[k]);
    zone.endDay = Math.max(zone.endDay, p.endDay[k]);
  }
  const out = [...map.values()].filter((z) => z.tasks.length > 0);
  for (const z of out) z.tasks.sort((a, b) => a.startDay - b.startDay || a.endDay - b.endDay || a.taskId - b.taskId);
  return out;
}

export type PreviewState =
  | { status: "idle" }
  | { status: "computing"; last: TrainPreview | null }
  | { status: "ready"; preview: TrainPreview }
  | { status: "failed"; code: string; message: string };

/** Recomputes the preview when the question changes (debounced); a stale answer is dropped. */
export function useTrainPreview(input: TrainPreviewInput | null, delayMs = 120): PreviewState {
  const [state, setState] = useState<PreviewState>({ status: "idle" });
  const key = input ? JSON.stringify(input) : null;
  useEffect(() => {
    if (!input) {
      setState({ status: "idle" });
      return;
    }
    let cancelled = false;
    setState((s) => ({ status: "computing", last: s.status === "ready" ? s.preview : null }));
    const timer = setTimeout(() => {
      computeTrain(input).then(
        (preview) =>
          !cancelled && setState(preview.error ? { status: "failed", ...preview.error } : { status: "ready", preview }),
        (e: unknown) =>
          !cancelled &&
          setState({ status: "failed", code: "error", message: e instanceof Error ? e.message : String(e) }),
      );
    }, delayMs);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
    // The key stands for the input (a new object on every render).
  }, [key, delayMs]);
  return state;
}
