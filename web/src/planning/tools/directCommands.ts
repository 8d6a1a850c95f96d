import { formatDay } from "@jalon/engine";
import { eventsApi, type EventCreateBody, type EventItem } from "../../api/events";
import { ApiError } from "../../api/http";
import type { PlanningSession } from "../session/PlanningSession";
import { frenchDay } from "./tipContent";

/**
 * The direct-manipulation commands of the planning (context menu, task typed in place), run through the session:
 * its host's messages, translations and reload, its revisions. No React: tested headlessly
 * (directCommands.test.ts). Each resolves to what it made or whether it worked; a refusal is said in a toast with
 * the catalogue's French text and nothing else happens.
 */

/** A task typed in place: its name, its zone or lot (the row's), its day; after `parentId` when a successor. */
export interface NewTask {
  name: string;
  zoneId: number | null;
  lotId: number | null;
  day: number;
  parentId?: number;
}

function refused(session: PlanningSession, e: unknown): void {
  const { t, notify } = session.host;
  if (e instanceof ApiError && e.code === "conflict") notify?.("warning", t("planning.conflict"));
  else if (e instanceof ApiError && (e.code === "date_invalid" || e.code === "invalidDate"))
    notify?.("warning", t("planning.invalidDate"));
  else
    notify?.(
      "error",
      t(e instanceof ApiError ? `errors.${e.code}` : "errors.default", { defaultValue: t("errors.default") }),
    );
}

/** POST /event: a task of 1 day and 1 person on the day (a successor: end-begin 0 after its parent). */
export async function createTask(session: PlanningSession, task: NewTask): Promise<number | null> {
  const name = task.name.trim();
  if (!name) return null;
  const { projectId, versionId, t, notify } = session.host;
  const body: EventCreateBody = {
    projectId,
    versionId,
    name,
    type: "task",
    numberOfDays: 1,
    numberOfPeople: 1,
    startDate: formatDay(task.day),
    zoneId: task.zoneId,
    participantGroupProId: task.lotId,
    ...(task.parentId !== undefined ? { parentsEvents: [{ id: task.parentId, type: "end-begin", delay: 0 }] } : {}),
  };
  try {
    const created = await eventsApi.create(body);
    notify?.("success", t("planningDirect.created", { name }));
    session.host.reload();
    return created.id;
  } catch (e) {
    refused(session, e);
    return null;
  }
}

/** DELETE /event/bulk-delete: counted tasks and tasks others depend on are refused (errors.* toasts). */
export async function deleteEvents(session: PlanningSession, ids: number[]): Promise<boolean> {
  const { projectId, versionId, t, notify } = session.host;
  try {
    await eventsApi.bulkDelete(ids, projectId, versionId);
    notify?.("success", t("planningDirect.deleted", { count: ids.length }));
    session.host.reload();
    return true;
  } catch (e) {
    refused(session, e);
    return false;
  }
}

/** The fields a copy keeps: what the event is, not its place in the graph (links) nor its history. */
function copyOf(e: EventItem, name: string): Omit<EventCreateBody, "projectId" | "versionId"> {
  return {
    name,
    type: e.type,
    numberOfDays: e.numberOfDays,
    numberOfPeople: e.numberOfPeople,
    startDate: e.startDate,
    zoneId: e.zoneId,
    participantGroupProId: e.participantGroupProId,
    participantId: e.participantId,
    specialityId: e.specialityId,
    macroTaskId: e.macroTaskId,
    color: e.color,
    trigram: e.trigram,
    description: e.description,
    comments: e.comments,
    isTracked: e.isTracked,
  };
}

/** "Dupliquer": the event read whole, then created again as "<nom> (copie)" on the same dates, without links. */
export async function duplicateEvent(session: PlanningSession, id: number): Promise<number | null> {
  const { projectId, versionId, t, notify } = session.host;
  try {
    const source = await eventsApi.get(id);
    const name = t("planningDirect.copyName", { name: source.name });
    const created = await eventsApi.create({ projectId, versionId, ...copyOf(source, name) });
    notify?.("success", t("planningDirect.duplicated", { name: source.name }));
    session.host.reload();
    return created.id;
  } catch (e) {
    refused(session, e);
    return null;
  }
}

/** "Verrouiller" / "Déverrouiller": a locked event keeps its dates when its parents move. */
export async function setLocked(session: PlanningSession, id: number, locked: boolean): Promise<boolean> {
  const ok = await session.structuralWrite(id, { locked });
  if (ok)
    session.host.notify?.("success", session.host.t(locked ? "planningDirect.locked" : "planningDirect.unlocked"));
  return ok;
}

/** The dates as copied: "dd/MM/yyyy – dd/MM/yyyy" (a milestone: its one day). */
export function datesText(days: readonly [number, number], milestone: boolean): string {
  return milestone ? frenchDay(days[0]) : `${frenchDay(days[0])} – ${frenchDay(days[1])}`;
}

/** "Copier les dates": to the clipboard, said in a toast. */
export async function copyDates(
  session: PlanningSession,
  days: readonly [number, number],
  milestone: boolean,
  write: (text: string) => Promise<void> = (text) => navigator.clipboard.writeText(text),
): Promise<string | null> {
  const text = datesText(days, milestone);
  const { t, notify } = session.host;
  try {
    await write(text);
    notify?.("success", t("planningDirect.datesCopied", { dates: text }));
    return text;
  } catch {
    notify?.("error", t("planningDirect.copyFailed"));
    return null;
  }
}
