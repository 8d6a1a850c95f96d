// What the web does with each live event of its project's room (spec 000 sections 2 and 4, docs/ARCHITECTURE.md "API"):
// refresh per path ('planning', 'participant-group/', '/sequence/'), confirmation toasts only for the
// initiator, error events to their initiator (ending the updating state), version and clone flows. The tab
// that sent a write recognises its own events by their request id (./requestId.ts) and does not apply them again.
import { SEQUENCE_TEMPLATE_REALTIME, SYNC_REALTIME } from "@jalon/shared";
import { ACCESS_ENDED } from "@jalon/shared/realtime";
import { api } from "../api/client";
import type { RealtimePayload } from "../api/types";
import { i18n } from "../i18n";
import { useProject } from "../store/project";
import { scopeForPath, useRefresh } from "../store/refresh";
import { setSyncStatus } from "../store/syncStatus";
import { PROGRESS_TOAST_CLOSE_MS, toast, useToasts, type ToastIntent } from "../store/toasts";
import { isOwnRequest } from "./requestId";

/** Delay between the end of a version creation and its toast and refetch (spec 000 section 9). */
export const VERSION_END_DELAY_MS = 250;
export const BULK_PROGRESS_TOAST_ID = "bulk-progress";
export const CLONE_TOAST_ID = "clone";
/** A project creates one version at a time: its notices (creating, requested, ready, failed) share one toast. */
export const VERSION_TOAST_ID = "version-create";

export interface RealtimeContext {
  userId: number | null;
  isAdmin: boolean;
  pathname: string;
  navigate: (path: string) => void;
}

const CONFIRMATIONS: Record<string, string> = {
  "event:update": "realtime.eventUpdated",
  "event:bulk_update": "realtime.eventUpdated",
  "event:create": "realtime.eventUpdated",
  "sequence:create": "realtime.sequenceUpdated",
  "sequence:endUpdate": "realtime.sequenceUpdated",
  "sequence:bulk_update": "realtime.sequenceUpdated",
  "holiday:endCreate": "realtime.holidayCreated",
  "holiday:endUpdate": "realtime.eventUpdated",
  "holiday:endDelete": "realtime.eventUpdated",
};

const SUBJECTS: Record<string, string> = {
  version: "version",
  event: "event",
  sequence: "sequence",
  sequenceTemplate: "sequence",
  holiday: "holiday",
  project: "project",
};

export function handleRealtimeEvent(name: string, payload: RealtimePayload, ctx: RealtimeContext): void {
  const project = useProject.getState();
  if (project.projectId === null || Number(payload.projectId) !== project.projectId) return;
  const [resource] = name.split(":");
  // This tab's own request (it applied the answer already); the initiator is its user, in any of their tabs.
  const own = isOwnRequest(payload.requestId);
  const initiator = own || (ctx.userId !== null && payload.initiatorId === ctx.userId);
  const subject = SUBJECTS[resource];
  // Everyone's header follows every committed planning write (projected end, undo count).
  if (payload.summary) project.applySummary(payload.summary);

  followSyncStatus(name, payload);

  // The server has already put this socket out of the room: the project's data on screen is no longer live.
  if (name === ACCESS_ENDED) {
    project.clear();
    toast.warning(i18n.t("realtime.accessEnded"));
    ctx.navigate("/dashboard/projects");
    return;
  }

  // Error twins are "<name>:error" ("version:startCreate:error"); "<resource>:error" is accepted too.
  if (name.endsWith(":error")) {
    handleErrorEvent(name, payload, ctx, own, initiator, subject);
    return;
  }

  switch (name) {
    case "version:startCreate":
      project.setBeingUpdated(true);
      if (initiator) toast.info(i18n.t("realtime.versionCreating"), { subject: "version", id: VERSION_TOAST_ID });
      return;
    case "version:endCreate":
      setTimeout(() => {
        void finishVersionCreation(initiator, VERSION_TOAST_ID);
      }, VERSION_END_DELAY_MS);
      return;
    case "project:startClone":
      if (ctx.isAdmin) toast.info(i18n.t("realtime.cloneStarted"), { subject: "project", id: CLONE_TOAST_ID });
      return;
    case "project:endClone":
      if (ctx.isAdmin) useToasts.getState().dismiss(CLONE_TOAST_ID);
      if (initiator) void switchToClone(payload, ctx);
      return;
    case "event:update_progress": {
      // A counting (COUNTING_REALTIME: data.eventIds, no percentage) is a data change: handled below.
      if (payload.percentage === undefined || payload.percentage === null) break;
      if (!initiator) return;
      const percentage = Math.max(0, Math.min(100, Math.round(payload.percentage ?? 0)));
      const message = i18n.t("realtime.bulkProgress", { percentage });
      const current = useToasts.getState().items.find((t) => t.id === BULK_PROGRESS_TOAST_ID);
      // The action's confirmation has taken the progress toast's place (its answer came first): it stays alone.
      if (current && current.percentage === undefined) return;
      const existing = current !== undefined;
      const timeout = percentage >= 100 ? PROGRESS_TOAST_CLOSE_MS : 0;
      if (existing) useToasts.getState().update(BULK_PROGRESS_TOAST_ID, { message, percentage, timeout });
      else useToasts.getState().push({ id: BULK_PROGRESS_TOAST_ID, intent: "info", message, percentage, timeout });
      return;
    }
  }

  // A template's sync reports progress below 100 % (its trains' share): its end completes the toast.
  if ((name === "event:bulk_update" || name === SYNC_REALTIME.end) && initiator) finishBulkProgress();
  // This tab's own write: its screen applied the answer and confirmed it (one toast per action, no second pass
  // of the same dates over the engine, no refetch).
  if (own) return;
  // Others' changes: moves carry their dates delta, which the planning applies without refetching; anything
  // else makes every viewer refresh what its page shows. The user's other tabs confirm it.
  if (payload.dates && ctx.pathname.includes("planning"))
    useRefresh.getState().pushDates(payload.dates, payload.versionId);
  else useRefresh.getState().bump(scopeForPath(ctx.pathname));
  const confirmation = CONFIRMATIONS[name];
  if (initiator && confirmation) {
    // The user's other tab: a move's confirmation replaces its progress toast, as in the tab that moved.
    if (name === "event:bulk_update" && hasProgressToast())
      confirmAfterProgress("success", i18n.t(confirmation), subject);
    else toast.success(i18n.t(confirmation), { ...(subject ? { subject } : {}), id: actionToastId(payload, name) });
  }
}

function hasProgressToast(): boolean {
  return useToasts.getState().items.some((t) => t.id === BULK_PROGRESS_TOAST_ID);
}

/**
 * The confirmation of a write whose progress the server shows (a move of several tasks, an instantiation, a
 * template's sync): it takes the progress toast's place, so the action leaves one toast (issue 20: the progress
 * used to stay 3 s beside "N tâches déplacées"). A progress event arriving after it leaves it alone.
 */
export function confirmAfterProgress(intent: ToastIntent, message: string, subject?: string): void {
  useToasts.getState().push({ id: BULK_PROGRESS_TOAST_ID, intent, message, ...(subject ? { subject } : {}) });
}

/**
 * A template's sync status, live for every viewer of the project (spec 001 section 4): the room hears the start's
 * "partial" and the end's status (reference:update sequenceTemplatePro); the initiator hears
 * sequenceTemplate:endSync, or its error twin, which leaves the template "partial".
 */
function followSyncStatus(name: string, payload: RealtimePayload): void {
  const ids = (payload.ids ?? []).map(Number);
  const status = payload.data?.synchronizableStatus ?? payload.data?.status;
  const known = status === "ok" || status === "partial" ? status : undefined;
  if (name === SYNC_REALTIME.error) setSyncStatus(ids, "partial");
  else if (name === SYNC_REALTIME.end && known) setSyncStatus(ids, known);
  else if (
    name === SEQUENCE_TEMPLATE_REALTIME.event &&
    payload.data?.resource === SEQUENCE_TEMPLATE_REALTIME.resource &&
    known
  )
    setSyncStatus(ids, known);
}

/** One toast per action: the toasts of one request's events replace one another (start, end, error). */
function actionToastId(payload: RealtimePayload, fallback: string): string {
  return `action:${payload.requestId ?? fallback}`;
}

/** The catalogue's text for an error event's code (errors.{code}), never matched on a message. */
export function errorEventMessage(code: string | undefined): string {
  const key = code ? `errors.${code.replace(/^errors\./, "")}` : "";
  return key && i18n.exists(key) ? i18n.t(key) : i18n.t("errors.default");
}

/**
 * A live error event ends the updating state and closes what the action had opened (its progress, its start
 * notice). The tab that sent the request shows the error of its answer (one toast); the user's other tabs show
 * it from the event, by catalogue code, once per request (a failure sends the twins of its start and its end).
 */
function handleErrorEvent(
  name: string,
  payload: RealtimePayload,
  ctx: RealtimeContext,
  own: boolean,
  initiator: boolean,
  subject: string | undefined,
): void {
  useProject.getState().setBeingUpdated(false);
  const toasts = useToasts.getState();
  if (initiator && (name.startsWith("event:update_progress") || name.startsWith("event:bulk_update")))
    toasts.dismiss(BULK_PROGRESS_TOAST_ID);
  if (name.startsWith("project:")) toasts.dismiss(CLONE_TOAST_ID);
  const id = name.startsWith("version:") ? VERSION_TOAST_ID : actionToastId(payload, name.split(":")[0]);
  if (own) {
    toasts.dismiss(id);
    return;
  }
  if (initiator) toast.error(errorEventMessage(payload.code), { ...(subject ? { subject } : {}), id });
  useRefresh.getState().bump(scopeForPath(ctx.pathname));
}

/**
 * The move is committed: the progress toast closes 3 s after 100 % (issue 6), not at once. The server sends
 * 100 % just before the move itself, whose timer is then left running; a toast that missed it is completed here.
 */
function finishBulkProgress(): void {
  const toasts = useToasts.getState();
  const progress = toasts.items.find((t) => t.id === BULK_PROGRESS_TOAST_ID);
  // None, complete already, or the action's confirmation in its place.
  if (!progress || progress.percentage === undefined || progress.percentage === 100) return;
  toasts.update(BULK_PROGRESS_TOAST_ID, {
    message: i18n.t("realtime.bulkProgress", { percentage: 100 }),
    percentage: 100,
    timeout: PROGRESS_TOAST_CLOSE_MS,
  });
}

async function finishVersionCreation(initiator: boolean, toastId: string): Promise<void> {
  const store = useProject.getState();
  store.setBeingUpdated(false);
  try {
    const fresh = await store.reload();
    await store.reloadVersions();
    const current = fresh?.currentVersionId ?? useProject.getState().versions.find((v) => v.isActiveVersion)?.id;
    if (current) useProject.getState().setVersion(current);
    useProject.getState().setBeingUpdated(false);
  } catch {
    /* the next refresh will catch up */
  }
  useRefresh.getState().bump("planning");
  useRefresh.getState().bump("versions");
  if (initiator) toast.success(i18n.t("realtime.versionCreated"), { subject: "version", id: toastId });
}

async function switchToClone(payload: RealtimePayload, ctx: RealtimeContext): Promise<void> {
  const fromData = payload.data?.projectId ?? payload.data?.cloneId;
  const cloneId = typeof fromData === "number" ? fromData : payload.ids?.[0];
  if (!cloneId) return;
  // In the place of the notice the duplication's button (or project:startClone) showed: one toast per action.
  toast.success(i18n.t("realtime.cloneDone"), { subject: "project", id: CLONE_TOAST_ID });
  try {
    const clone = await api.projects.get(cloneId);
    useProject.getState().selectProject(clone);
    ctx.navigate(`/dashboard/project/${clone.id}`);
  } catch {
    /* stays on the source project */
  }
}
