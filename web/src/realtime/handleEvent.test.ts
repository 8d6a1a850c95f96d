import { describe, expect, it, vi } from "vitest";
import {
  CLONE_TOAST_ID,
  confirmAfterProgress,
  handleRealtimeEvent,
  VERSION_END_DELAY_MS,
  VERSION_TOAST_ID,
  type RealtimeContext,
} from "./handleEvent";
import { makeProject, makeVersion, mockApi, selectProject } from "../test/render";
import { useProject } from "../store/project";
import { PUSHED_DATES_KEPT, useRefresh } from "../store/refresh";
import { toast, useToasts } from "../store/toasts";
import type { RealtimePayload } from "../api/types";
import { nextRequestId } from "./requestId";

const ctx = (over: Partial<RealtimeContext> = {}): RealtimeContext => ({
  userId: 2,
  isAdmin: false,
  pathname: "/dashboard/planning",
  navigate: vi.fn(),
  ...over,
});
const payload = (over: Partial<RealtimePayload> = {}): RealtimePayload => ({
  event: "event:update",
  projectId: 7,
  versionId: 11,
  initiatorId: 2,
  ids: [1],
  ...over,
});
const messages = () => useToasts.getState().items.map((t) => t.message);

describe("live events", () => {
  it("ignores events of another project", () => {
    selectProject(makeProject());
    handleRealtimeEvent("event:update", payload({ projectId: 8 }), ctx());
    expect(useRefresh.getState().counters.planning).toBe(0);
    expect(messages()).toEqual([]);
  });

  it("refreshes by path and confirms only to the initiator", () => {
    selectProject(makeProject());
    handleRealtimeEvent("event:update", payload({ initiatorId: 5 }), ctx());
    expect(useRefresh.getState().counters.planning).toBe(1);
    expect(messages()).toEqual([]);
    handleRealtimeEvent("event:update", payload(), ctx({ pathname: "/dashboard/participant-group/4" }));
    expect(useRefresh.getState().counters.participantGroup).toBe(1);
    expect(messages()).toEqual(["Modification enregistrée."]);
    handleRealtimeEvent("sequence:endUpdate", payload({ initiatorId: 9 }), ctx({ pathname: "/dashboard/sequence/3" }));
    expect(useRefresh.getState().counters.sequence).toBe(1);
    handleRealtimeEvent("holiday:endCreate", payload({ initiatorId: 9 }), ctx({ pathname: "/dashboard/holidays" }));
    expect(useRefresh.getState().counters.data).toBe(1);
  });

  it("hands move deltas to the planning without a refetch", () => {
    selectProject(makeProject());
    const dates = { ids: [1, 2], startDates: ["2026-03-02", "2026-03-03"], endDates: ["2026-03-02", "2026-03-04"] };
    handleRealtimeEvent("event:bulk_update", payload({ initiatorId: 9, dates }), ctx());
    expect(useRefresh.getState().pushedDates).toMatchObject([{ ...dates, versionId: 11, seq: 1 }]);
    expect(useRefresh.getState().counters.planning).toBe(0);
  });

  it("keeps every delta heard before the planning renders, up to PUSHED_DATES_KEPT", () => {
    selectProject(makeProject());
    const at = (day: string) => ({ ids: [1], startDates: [day], endDates: [day], revisions: [Number(day.slice(-2))] });
    handleRealtimeEvent("event:update", payload({ initiatorId: 9, dates: at("2026-03-02") }), ctx());
    handleRealtimeEvent("event:update", payload({ initiatorId: 9, dates: at("2026-03-03") }), ctx());
    expect(useRefresh.getState().pushedDates.map((p) => [p.seq, p.startDates[0]])).toEqual([
      [1, "2026-03-02"],
      [2, "2026-03-03"],
    ]);
    for (let k = 0; k < PUSHED_DATES_KEPT; k++)
      handleRealtimeEvent("event:update", payload({ initiatorId: 9, dates: at("2026-03-04") }), ctx());
    const kept = useRefresh.getState().pushedDates;
    expect(kept).toHaveLength(PUSHED_DATES_KEPT);
    expect(kept[kept.length - 1].seq).toBe(PUSHED_DATES_KEPT + 2);
  });

  it("leaves a project whose access ended, with a warning", () => {
    selectProject(makeProject());
    const c = ctx();
    handleRealtimeEvent(
      "project:access_ended",
      payload({ event: "project:access_ended", initiatorId: null, ids: [] }),
      c,
    );
    expect(useProject.getState().projectId).toBeNull();
    expect(c.navigate).toHaveBeenCalledWith("/dashboard/projects");
    expect(useToasts.getState().items[0]).toMatchObject({
      intent: "warning",
      message: "Vous n'avez plus accès à ce projet.",
    });
  });

  it("shows an error event to its initiator only and ends the updating state", () => {
    selectProject(makeProject({ isBeingUpdated: true }));
    handleRealtimeEvent("version:startCreate:error", payload({ initiatorId: 9, code: "errors.default" }), ctx());
    expect(useProject.getState().project?.isBeingUpdated).toBe(false);
    expect(messages()).toEqual([]);
    handleRealtimeEvent("version:endCreate:error", payload({ code: "errors.project_being_updated" }), ctx());
    expect(useToasts.getState().items[0]).toMatchObject({
      intent: "error",
      subject: "version",
      message: "Une nouvelle version est en cours de création.",
    });
  });

  it("blocks while a version is created, then switches to it with a toast and refetch after 250 ms", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    selectProject(makeProject());
    const fresh = makeProject({ currentVersionId: 12, isBeingUpdated: false });
    const { calls } = mockApi({
      "GET /api/project/7": fresh,
      "GET /api/version": {
        data: [makeVersion({ id: 12, name: "V2" }), makeVersion({ isActiveVersion: false })],
        count: 2,
        total: 2,
      },
    });
    handleRealtimeEvent("version:startCreate", payload({ event: "version:startCreate" }), ctx());
    expect(useProject.getState().project?.isBeingUpdated).toBe(true);
    handleRealtimeEvent("version:endCreate", payload({ event: "version:endCreate", ids: [12] }), ctx());
    await vi.advanceTimersByTimeAsync(VERSION_END_DELAY_MS - 1);
    expect(calls).toHaveLength(0);
    expect(messages()).not.toContain("La nouvelle version est prête.");
    await vi.advanceTimersByTimeAsync(1);
    await vi.waitFor(() => expect(messages()).toContain("La nouvelle version est prête."));
    expect(calls.map((c) => c.path)).toEqual(["/api/project/7", "/api/version"]);
    expect(useProject.getState()).toMatchObject({ versionId: 12, project: { isBeingUpdated: false } });
  });

  it("tells administrators a clone is running and moves its creator to the clone", async () => {
    selectProject(makeProject());
    const navigate = vi.fn();
    mockApi({ "GET /api/project/30": makeProject({ id: 30, name: "Copie", currentVersionId: 31 }) });
    handleRealtimeEvent("project:startClone", payload({ initiatorId: 9 }), ctx({ isAdmin: true }));
    expect(messages()).toEqual(["Duplication du projet en cours…"]);
    handleRealtimeEvent("project:startClone", payload({ initiatorId: 9 }), ctx({ isAdmin: false }));
    handleRealtimeEvent("project:endClone", payload({ ids: [30] }), ctx({ navigate }));
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith("/dashboard/project/30"));
    expect(useProject.getState()).toMatchObject({ projectId: 30, versionId: 31 });
  });

  it("takes a counting's event:update_progress (eventIds, no percentage) as a data change, not a move's progress", () => {
    selectProject(makeProject());
    const counted = { data: { eventIds: [4] }, ids: [12] } as Partial<RealtimePayload>;
    handleRealtimeEvent("event:update_progress", payload({ ...counted, initiatorId: 9 }), ctx());
    expect(useRefresh.getState().counters.planning).toBe(1);
    handleRealtimeEvent("event:update_progress", payload(counted), ctx({ pathname: "/dashboard/countings" }));
    expect(useToasts.getState().items.find((t) => t.id === "bulk-progress")).toBeUndefined();
    expect(messages().some((m) => m.startsWith("Déplacement des tâches"))).toBe(false);
  });

  it("shows bulk progress to the initiator and closes it 3 s after 100 %", async () => {
    vi.useFakeTimers();
    selectProject(makeProject());
    handleRealtimeEvent("event:update_progress", payload({ percentage: 40 }), ctx());
    expect(useToasts.getState().items[0]).toMatchObject({ message: "Déplacement des tâches : 40 %", percentage: 40 });
    handleRealtimeEvent("event:update_progress", payload({ percentage: 100 }), ctx());
    await vi.advanceTimersByTimeAsync(2999);
    expect(useToasts.getState().items).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(useToasts.getState().items).toHaveLength(0);
  });

  it("completes a sync's progress at its end, and shows none for others' moves", async () => {
    vi.useFakeTimers();
    selectProject(makeProject());
    const progress = () => useToasts.getState().items.find((t) => t.id === "bulk-progress");
    // A committed move's confirmation takes the place of its progress toast (one toast per action, issue 20: the
    // progress used to stay 3 s beside it): see "one toast per action" below.
    // A template's sync stops its progress at 99 % (its trains' share): its end, to the initiator, completes it.
    handleRealtimeEvent("event:update_progress", payload({ percentage: 85 }), ctx());
    handleRealtimeEvent(
      "sequenceTemplate:endSync",
      payload({ event: "sequenceTemplate:endSync", ids: [9], data: { status: "ok" } }),
      ctx(),
    );
    expect(progress()).toMatchObject({ message: "Déplacement des tâches : 100 %", percentage: 100 });
    await vi.advanceTimersByTimeAsync(3000);
    expect(progress()).toBeUndefined();
    // Other users moving a selection see no progress toast at all.
    handleRealtimeEvent("event:update_progress", payload({ percentage: 100, initiatorId: 9 }), ctx());
    handleRealtimeEvent("event:bulk_update", payload({ initiatorId: 9 }), ctx());
    expect(progress()).toBeUndefined();
  });
});

describe("one toast per action (issue 20)", () => {
  it("a move's confirmation takes its progress toast's place, whichever arrives first", async () => {
    vi.useFakeTimers();
    try {
      selectProject(makeProject());
      const requestId = nextRequestId();
      // The progress first, then the answer's confirmation, then the committed move's events.
      handleRealtimeEvent("event:update_progress", payload({ requestId, percentage: 50 }), ctx());
      expect(messages()).toEqual(["Déplacement des tâches : 50 %"]);
      confirmAfterProgress("success", "12 tâches déplacées.");
      handleRealtimeEvent("event:update_progress", payload({ requestId, percentage: 100 }), ctx());
      handleRealtimeEvent("event:bulk_update", payload({ requestId }), ctx());
      expect(messages()).toEqual(["12 tâches déplacées."]);
      await vi.advanceTimersByTimeAsync(3100);
      expect(messages()).toEqual(["12 tâches déplacées."]);
      await vi.advanceTimersByTimeAsync(2000);
      expect(messages()).toEqual([]);
      // The user's other tab: its progress, then the move's confirmation in its place.
      handleRealtimeEvent("event:update_progress", payload({ requestId: "other-tab:5", percentage: 100 }), ctx());
      handleRealtimeEvent("event:bulk_update", payload({ requestId: "other-tab:5" }), ctx());
      expect(messages()).toEqual(["Modification enregistrée."]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("the duplication's notice and its live end share one toast", async () => {
    selectProject(makeProject());
    mockApi({ "GET /api/project/30": makeProject({ id: 30, name: "Copie", currentVersionId: 31 }) });
    toast.info("La duplication a commencé. Vous passerez sur le nouveau projet dès qu'il sera prêt.", {
      subject: "project",
      id: CLONE_TOAST_ID,
    });
    handleRealtimeEvent("project:endClone", payload({ ids: [30] }), ctx());
    await vi.waitFor(() => expect(messages()).toEqual(["Le projet a été dupliqué."]));
  });
});

describe("this tab's own events and the error twins", () => {
  const dates = { ids: [1], startDates: ["2026-03-09"], endDates: ["2026-03-10"] };

  it("does not apply its own move again nor confirm it twice; the user's other tab applies and confirms it", () => {
    selectProject(makeProject());
    const requestId = nextRequestId();
    handleRealtimeEvent("event:update", payload({ requestId, dates }), ctx());
    handleRealtimeEvent("event:update", payload({ requestId }), ctx({ pathname: "/dashboard/events" }));
    expect(useRefresh.getState().pushedDates).toEqual([]);
    expect(useRefresh.getState().counters.data).toBe(0);
    expect(messages()).toEqual([]);
    // The same user's other tab (another request id prefix): applies the delta and confirms, once per request.
    handleRealtimeEvent("event:update", payload({ requestId: "other-tab:4", dates }), ctx());
    handleRealtimeEvent("event:update", payload({ requestId: "other-tab:4", dates }), ctx());
    expect(useRefresh.getState().pushedDates).toMatchObject([
      { ...dates, seq: 1 },
      { ...dates, seq: 2 },
    ]);
    expect(messages()).toEqual(["Modification enregistrée."]);
  });

  it("closes its own bulk progress on an error twin and leaves the error to the answer's toast", () => {
    selectProject(makeProject({ isBeingUpdated: true }));
    const requestId = nextRequestId();
    handleRealtimeEvent("event:update_progress", payload({ requestId, percentage: 10 }), ctx());
    expect(messages()).toEqual(["Déplacement des tâches : 10 %"]);
    handleRealtimeEvent("event:update_progress:error", payload({ requestId, code: "errors.conflict" }), ctx());
    handleRealtimeEvent("event:bulk_update:error", payload({ requestId, code: "errors.conflict" }), ctx());
    expect(messages()).toEqual([]);
    expect(useProject.getState().project?.isBeingUpdated).toBe(false);
    expect(useRefresh.getState().counters.planning).toBe(0);
  });

  it("shows the user's failure from another tab once per request, by catalogue code", () => {
    selectProject(makeProject({ isBeingUpdated: true }));
    handleRealtimeEvent("version:startCreate", payload({ requestId: "other-tab:1" }), ctx());
    expect(messages()).toEqual(["Création de la version en cours…"]);
    handleRealtimeEvent(
      "version:startCreate:error",
      payload({ requestId: "other-tab:1", code: "errors.version_frozen" }),
      ctx(),
    );
    handleRealtimeEvent(
      "version:endCreate:error",
      payload({ requestId: "other-tab:1", code: "errors.version_frozen" }),
      ctx(),
    );
    expect(useToasts.getState().items).toHaveLength(1);
    expect(useToasts.getState().items[0]).toMatchObject({ intent: "error", subject: "version" });
    expect(useToasts.getState().items[0].message).not.toBe("Création de la version en cours…");
    // A code the catalogue does not know: the catalogue's fallback, never the server's text.
    handleRealtimeEvent(
      "sequence:create:error",
      payload({ requestId: "other-tab:2", code: "errors.something_new" }),
      ctx(),
    );
    expect(messages()).toContain("Il y a eu une erreur lors de l'opération.");
    // Others' failures: no toast, a refresh.
    const before = useToasts.getState().items.length;
    handleRealtimeEvent(
      "sequence:bulk_update:error",
      payload({ initiatorId: 9, requestId: "x:1", code: "errors.conflict" }),
      ctx(),
    );
    expect(useToasts.getState().items).toHaveLength(before);
  });

  it("closes the clone notice on project:startClone:error", () => {
    selectProject(makeProject());
    handleRealtimeEvent("project:startClone", payload({ initiatorId: 9 }), ctx({ isAdmin: true }));
    expect(messages()).toEqual(["Duplication du projet en cours…"]);
    handleRealtimeEvent(
      "project:startClone:error",
      payload({ initiatorId: 9, code: "errors.version_not_in_project" }),
      ctx({ isAdmin: true }),
    );
    expect(messages()).toEqual([]);
  });

  it("ends the updating state on sequence:startUpdate:error for every viewer", () => {
    selectProject(makeProject({ isBeingUpdated: true }));
    handleRealtimeEvent(
      "sequence:startUpdate:error",
      payload({ initiatorId: 9, code: "errors.invalid_date" }),
      ctx({ pathname: "/dashboard/sequence/3" }),
    );
    expect(useProject.getState().project?.isBeingUpdated).toBe(false);
    expect(useRefresh.getState().counters.sequence).toBe(1);
    expect(messages()).toEqual([]);
  });

  it("gives a version creation one toast: creating, requested (the panel's answer), then ready", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: false });
    selectProject(makeProject());
    mockApi({
      "GET /api/project/7": makeProject({ currentVersionId: 12 }),
      "GET /api/version": { data: [makeVersion({ id: 12 })], count: 1, total: 1 },
    });
    const requestId = nextRequestId();
    handleRealtimeEvent("version:startCreate", payload({ requestId }), ctx());
    toast.info("Création de la version demandée.", { subject: "version", id: VERSION_TOAST_ID });
    handleRealtimeEvent("version:endCreate", payload({ requestId, ids: [12] }), ctx());
    await vi.advanceTimersByTimeAsync(VERSION_END_DELAY_MS);
    await vi.waitFor(() => expect(messages()).toEqual(["La nouvelle version est prête."]));
  });

  it("a failed version creation of this tab leaves only the answer's error toast", () => {
    selectProject(makeProject({ isBeingUpdated: true }));
    const requestId = nextRequestId();
    handleRealtimeEvent("version:startCreate", payload({ requestId }), ctx());
    handleRealtimeEvent("version:startCreate:error", payload({ requestId, code: "errors.default" }), ctx());
    handleRealtimeEvent("version:endCreate:error", payload({ requestId, code: "errors.default" }), ctx());
    expect(messages()).toEqual([]);
    expect(useProject.getState().project?.isBeingUpdated).toBe(false);
  });
});
