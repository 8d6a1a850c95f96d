import type { Knex } from "knex";
import { moveSelectionTo, parseDay } from "@jalon/engine";
import { AppError } from "@jalon/shared";
import type { RealtimePayload } from "@jalon/shared/realtime";
import { engine } from "../planning/engineErrors.js";
import { persistScheduleWrite, type PersistStage, type ScheduleWriteResult } from "../planning/persist.js";
import { versionGraph, type VersionGraph } from "../planning/versionGraph.js";
import { lockWritableVersion } from "../planning/writeLock.js";
import { moveLabel } from "./undoLabels.js";

export interface MoveEventsInput {
  projectId: number;
  versionId: number;
  /** The selection, each with the revision its client last saw. */
  events: { id: number; revision?: number }[];
  anchorId: number;
  /** ISO day the anchor starts on; must be a working day of its calendar. */
  startDate: string;
}

export interface MoveEventsOutput extends Omit<ScheduleWriteResult, "graph"> {
  graph: VersionGraph;
  emit: RealtimePayload[];
}

/**
 * Where a bulk move stands after each of its stages, in percent: the shares follow the bench's 10k-event
 * move (bench/server), where the events UPDATE and the history INSERT each cost about as much as the engine's
 * move; 100 is sent only after commit.
 */
const PROGRESS_AFTER = {
  graph: 10,
  engine: 35,
  events: 65,
  links: 70,
  history: 90,
  undo: 95,
} as const satisfies Record<"graph" | "engine" | PersistStage, number>;

/**
 * A drag or a bulk move: one transaction, one undo step. Roots get a new start date, other selected events
 * keep deriving from their links (the entering links' delays change), every successor is re-planned by the
 * engine and only rows whose dates changed are written. Emits event:bulk_update with the dates delta after
 * commit (the caller flushes `emit`).
 */
export async function moveEvents(
  trx: Knex.Transaction,
  userId: number,
  input: MoveEventsInput,
  /** Told the percentage done after each stage of a bulk move (not of a single event's move), before commit. */
  progress?: (percentage: number) => void,
): Promise<MoveEventsOutput> {
  const bulk = input.events.length > 1;
  const report = (stage: keyof typeof PROGRESS_AFTER) => {
    if (bulk) progress?.(PROGRESS_AFTER[stage]);
  };
  await lockWritableVersion(trx, input.projectId, input.versionId);
  const vg = await versionGraph(trx, input.versionId);
  report("graph");
  const { plan } = vg;
  const selection: number[] = [];
  const stale: number[] = [];
  for (const e of input.events) {
    const i = plan.index.get(e.id);
    if (i === undefined) throw new AppError("errors.event_not_found", { details: { id: e.id } });
    if (e.revision !== undefined && e.revision !== vg.graph.revision[i]) stale.push(e.id);
    selection.push(i);
  }
  if (stale.length > 0) throw new AppError("errors.conflict", { details: { ids: stale } });
  const anchor = plan.index.get(input.anchorId);
  if (anchor === undefined || !selection.includes(anchor))
    throw new AppError("errors.validation", { message: "L'événement d'ancrage doit faire partie de la sélection." });
  const day = engine(() => parseDay(input.startDate));
  const moved = engine(() => moveSelectionTo(plan, vg.schedule, selection, anchor, day));
  report("engine");
  // The history names a single task moved; a bulk move is counted.
  const names =
    selection.length === 1
      ? ((await trx("events").where({ id: input.events[0].id }).select("name")) as { name: string }[]).map(
          (r) => r.name,
        )
      : [];
  const result = await persistScheduleWrite(trx, {
    action: selection.length > 1 ? "bulk_move" : "move",
    label: moveLabel(names, selection.length),
    userId,
    projectId: input.projectId,
    versionId: input.versionId,
    before: vg,
    plan: moved.plan,
    schedule: moved.schedule,
    touched: moved.delta.index,
    delayedLinks: moved.delays.map(([l]) => l),
    onStage: report,
  });
  const event = selection.length > 1 ? "event:bulk_update" : "event:update";
  const emit: RealtimePayload[] = [
    {
      event,
      projectId: input.projectId,
      versionId: input.versionId,
      initiatorId: userId,
      ids: result.ids,
      dates: { ids: result.ids, startDates: result.startDates, endDates: result.endDates, revisions: result.revisions },
    },
  ];
  if (selection.length > 1)
    emit.unshift({
      event: "event:update_progress",
      projectId: input.projectId,
      versionId: input.versionId,
      initiatorId: userId,
      ids: [],
      percentage: 100,
    });
  return { ...result, emit };
}
