// What the web does with each live event of its project's room (spec 000 sections 2 and 4, DESIGN.md):
// refresh per path ('planning', 'participant-group/', '/sequence/'), confirmation toasts only for the
// initiator, error events to their initiator (ending the updating state), version and clone flows.
import { ACCESS_ENDED } from "@jalon/shared/realtime";
import { api } from "../api/client";
import type { RealtimePayload } from "../api/types";
import { i18n } from "../i18n";
import { useProject } from "../store/project";
import { scopeForPath, useRefresh } from "../store/refresh";
import { PROGRESS_TOAST_CLOSE_MS, toast, useToasts } from "../store/toasts";

/** Delay between the end of a version creation and its toast and refetch (spec 000 section 9). */
export const VERSION_END_DELAY_MS = 250;
export const BULK_PROGRESS_TOAST_ID = "bulk-progress";

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
  const initiator = ctx.userId !== null && payload.initiatorId === ctx.userId;
  const subject = SUBJECTS[resource];

  // The server has already put this socket out of the room: the project's data on screen is no longer live.
  if (name === ACCESS_ENDED) {
    project.clear();
    toast.warning(i18n.t("realtime.accessEnded"));
    ctx.navigate("/dashboard/projects");
    return;
  }

  // Error twins are "<name>:error" ("version:startCreate:error"); "<resource>:error" is accepted too.
  if (name.endsWith(":error")) {
    project.setBeingUpdated(false);
    if (initiator) {
      const key = payload.code ? `errors.${payload.code.replace(/^errors\./, "")}` : "";
      toast.error(key && i18n.exists(key) ? i18n.t(key) : i18n.t("realtime.error"), subject ? { subject } : {});
    }
    useRefresh.getState().bump(scopeForPath(ctx.pathname));
    return;
  }

  switch (name) {
    case "version:startCreate":
      project.setBeingUpdated(true);
      if (initiator) toast.info(i18n.t("realtime.versionCreating"), { subject: "version" });
      return;
    case "version:endCreate":
      setTimeout(() => {
        void finishVersionCreation(initiator);
      }, VERSION_END_DELAY_MS);
      return;
    case "project:startClone":
      if (ctx.isAdmin) toast.info(i18n.t("realtime.cloneStarted"), { subject: "project", id: "clone" });
      return;
    case "project:endClone":
      if (ctx.isAdmin) useToasts.getState().dismiss("clone");
      if (initiator) void switchToClone(payload, ctx);
      return;
    case "event:update_progress": {
      if (!initiator) return;
      const percentage = Math.max(0, Math.min(100, Math.round(payload.percentage ?? 0)));
      const message = i18n.t("realtime.bulkProgress", { percentage });
      const existing = useToasts.getState().items.some((t) => t.id === BULK_PROGRESS_TOAST_ID);
      const timeout = percentage >= 100 ? PROGRESS_TOAST_CLOSE_MS : 0;
      if (existing) useToasts.getState().update(BULK_PROGRESS_TOAST_ID, { message, percentage, timeout });
      else useToasts.getState().push({ id: BULK_PROGRESS_TOAST_ID, intent: "info", message, percentage, timeout });
      return;
    }
  }

  // Data changes: moves carry their dates delta, which the planning applies without refetching; anything
  // else makes every viewer refresh what its page shows. Only the initiator gets a confirmation.
  if (payload.dates && ctx.pathname.includes("planning")) useRefresh.getState().pushDates(payload.dates, payload.versionId);
  else useRefresh.getState().bump(scopeForPath(ctx.pathname));
  if (name === "event:bulk_update" && initiator) finishBulkProgress();
  const confirmation = CONFIRMATIONS[name];
  if (initiator && confirmation) toast.success(i18n.t(confirmation), subject ? { subject } : {});
}

/**
 * The move is committed: the progress toast closes 3 s after 100 % (issue 6), not at once. The server sends
 * 100 % just before the move itself, whose timer is then left running; a toast that missed it is completed here.
 */
function finishBulkProgress(): void {
  const toasts = useToasts.getState();
  const progress = toasts.items.find((t) => t.id === BULK_PROGRESS_TOAST_ID);
  if (!progress || progress.percentage === 100) return;
  toasts.update(BULK_PROGRESS_TOAST_ID, { message: i18n.t("realtime.bulkProgress", { percentage: 100 }), percentage: 100, timeout: PROGRESS_TOAST_CLOSE_MS });
}

async function finishVersionCreation(initiator: boolean): Promise<void> {
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
  if (initiator) toast.success(i18n.t("realtime.versionCreated"), { subject: "version" });
}

async function switchToClone(payload: RealtimePayload, ctx: RealtimeContext): Promise<void> {
  const fromData = payload.data?.projectId ?? payload.data?.cloneId;
  const cloneId = typeof fromData === "number" ? fromData : payload.ids?.[0];
  if (!cloneId) return;
  toast.success(i18n.t("realtime.cloneDone"), { subject: "project" });
  try {
    const clone = await api.projects.get(cloneId);
    useProject.getState().selectProject(clone);
    ctx.navigate(`/dashboard/project/${clone.id}`);
  } catch {
    /* stays on the source project */
  }
}
