import { lazy, Suspense, useCallback, useEffect, useId, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import { createStore, type StoreApi } from "zustand/vanilla";
import { LiveRegion } from "../../components/LiveRegion";
import { eventRowIds, type GanttModel } from "../model";
import { usePlanningStore } from "../planningStore";
import { deleteEvents } from "../tools/directCommands";
import {
  KEYBOARD_IDLE,
  keyboardBlur,
  keyboardFocus,
  keyboardKey,
  type KeyboardEffect,
  type KeyboardState,
  type KeyboardStep,
  type KeyboardWorld,
} from "../tools/keyboardTool";
import { followersOf, movedSpeech, selectionSpeech, taskSpeech } from "../tools/speech";
import { tipContent, type TipEvent } from "../tools/tipContent";
import { zonePaths } from "../overlays/PlanningTooltip";
import { directStoreOf } from "../overlays/directStores";
import { geometryOf, topAnchor } from "../viewGeometry";
import type { TimeScale } from "@jalon/shared/gantt";
import { announce, announcerOf, saidRecently } from "./announcer";
import type { DayMap, MoveReport, PlanningSession } from "./PlanningSession";

/** The keyboard machine's state and whether the chart has the focus (drawn by the canvas: the current task's outline). */
export interface ChartKeyboard {
  state: KeyboardState;
  focused: boolean;
  /** The focus came from the keyboard (Tab): the chart's ring is drawn. */
  focusVisible: boolean;
  /** The selection's delete waiting for its confirmation. */
  confirmDelete: number[] | null;
}

const stores = new WeakMap<PlanningSession, StoreApi<ChartKeyboard>>();
export function chartKeyboardOf(session: PlanningSession): StoreApi<ChartKeyboard> {
  let s = stores.get(session);
  if (!s)
    stores.set(
      session,
      (s = createStore<ChartKeyboard>(() => ({
        state: KEYBOARD_IDLE,
        focused: false,
        focusVisible: false,
        confirmDelete: null,
      }))),
    );
  return s;
}

export interface KeyboardInputOptions {
  model: GanttModel | null;
  scale: TimeScale;
  live: DayMap;
  dates: DayMap;
  lotNames: ReadonlyMap<number, string>;
  editable: boolean;
  readOnly?: boolean;
  canvasWidth: number;
  canvasHeight: number;
  onOpenEvent?: (id: number, kind: "task" | "milestone") => void;
  /** The pick mode's click (usePointerInput): the keyboard's Space or Enter picks the same way. */
  onPick?: (target: { id: number; kind: "task" | "milestone" } | null) => void;
}

/**
 * The chart as one Tab stop driven by the keyboard (issue 22): the keyboard machine (tools/keyboardTool.ts) is given
 * each key pressed on the focused chart and its effects run through the session's commands, the mouse's own: the
 * move (successors follow, one undo step a press), the resize's duration write, the link tool's link, the task
 * dialog, the delete (confirmed first). Moves and durations run one after the other, each from the dates the one
 * before left. What happens is said in the planning's live region (`over`), in French.
 */
export function useKeyboardInput(session: PlanningSession, o: KeyboardInputOptions) {
  const { t } = useTranslation();
  const store = chartKeyboardOf(session);
  const ctx = useRef(o);
  ctx.current = o;
  const helpId = useId();
  /** Durations written and not yet in a reloaded model (the next press counts from them). */
  const durations = useRef(new Map<number, number>());
  const data = useStore(session.store, (s) => s.data);
  useEffect(() => durations.current.clear(), [data]);
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const enqueue = useCallback((job: () => Promise<unknown>) => {
    queue.current = queue.current.then(job).catch(() => undefined);
  }, []);
  const zoneNames = useRef<{ data: unknown; paths: Map<number, string> } | null>(null);
  // A task selected alone by the mouse (or the grid) becomes the keyboard's current task: the arrows go on from it.
  const keyboardSelects = useRef(false);
  useEffect(
    () =>
      usePlanningStore.subscribe((s, prev) => {
        if (keyboardSelects.current || s.selection === prev.selection || s.selection.length !== 1) return;
        const { state } = store.getState();
        if (state.mode === "navigating" && state.current !== s.selection[0])
          store.setState({ state: { ...state, current: s.selection[0] } });
      }),
    [store],
  );

  const eventOf = useCallback((id: number) => {
    const m = ctx.current.model;
    return m?.events[m.indexOfId.get(id) ?? -1] ?? null;
  }, []);
  const liveOf = useCallback((id: number) => ctx.current.live.get(id) ?? ctx.current.dates.get(id), []);

  const world = useCallback((): KeyboardWorld => {
    const { model, editable, readOnly, onOpenEvent, canvasHeight } = ctx.current;
    const rows = model ? eventRowIds(model) : [];
    return {
      rows,
      selection: usePlanningStore.getState().selection,
      editable,
      writable: !readOnly,
      canOpen: !readOnly && !!onOpenEvent,
      kindOf: (id) => {
        const e = eventOf(id);
        return e ? (e.kind === "milestone" ? "milestone" : "task") : null;
      },
      firstOnScreen: () => (model ? (topAnchor(model, session.viewport.state.top)?.id ?? null) : null),
      pageRows: Math.max(1, Math.floor(canvasHeight / (model?.rows[0]?.height || 24)) - 1),
      picking: !readOnly && usePlanningStore.getState().pickMode !== "none",
    };
  }, [session, eventOf]);

  /** The task said in full: the tooltip's lines, its float from the engine and whether it is critical. */
  const sayTask = useCallback(
    async (id: number, linking: boolean) => {
      const { model, lotNames } = ctx.current;
      const e = eventOf(id);
      if (!model || !e) return;
      const zones = session.state.data?.zones ?? [];
      if (zoneNames.current?.data !== zones) zoneNames.current = { data: zones, paths: zonePaths(zones) };
      const paths = zoneNames.current.paths;
      const said = announcerOf(session).getState().message?.seq ?? 0;
      const [float, critical] = await Promise.all([
        session.engine?.floatOf(id).catch(() => null) ?? null,
        session.criticalIds().catch(() => undefined),
      ]);
      // Said only if the keyboard is still there, and not over what was said while the worker answered (Space's
      // selection pressed right after the arrow that reached the task).
      if (store.getState().state.current !== id) return;
      if ((announcerOf(session).getState().message?.seq ?? 0) !== said) return;
      const tipEvent = (x: number): TipEvent | null => {
        const ev = eventOf(x);
        return ev
          ? {
              id: ev.id,
              name: ev.name,
              kind: ev.kind === "milestone" ? "milestone" : "task",
              numberOfDays: durations.current.get(ev.id) ?? ev.numberOfDays,
              lotId: ev.lotId ?? null,
              zoneId: ev.zoneId ?? null,
              progress: ev.progress ?? 0,
            }
          : null;
      };
      const tip = tipContent(
        { kind: "event", id },
        {
          event: tipEvent,
          liveOf,
          committedOf: (x) => ctx.current.dates.get(x),
          link: () => null,
          lotName: (x) => lotNames.get(x) ?? null,
          zoneName: (x) => paths.get(x) ?? null,
          float: float ?? null,
          calendar: model.calendar,
          t,
        },
      );
      if (!tip) return;
      const text = taskSpeech(t, tip, {
        critical: critical ? critical.has(id) : null,
        selected: usePlanningStore.getState().selection.includes(id),
        milestone: e.kind === "milestone",
      });
      announce(session, linking ? t("planningKeyboard.task.linkTarget", { task: text }) : text);
    },
    [session, store, eventOf, liveOf, t],
  );

  /** Brings the task's bar on screen (the least scroll that shows it), and the link being chosen. */
  const reveal = useCallback(
    (id: number) => {
      const { model, scale, canvasWidth, canvasHeight } = ctx.current;
      const g = model ? geometryOf(model, scale, id, liveOf) : null;
      if (!g) return;
      const { left, top } = session.viewport.state;
      let x = left;
      let y = top;
      if (g.y < top || g.y + g.height > top + canvasHeight) y = Math.max(0, g.y - Math.round(canvasHeight / 3));
      if (g.x + g.width < left + 8 || g.x > left + canvasWidth - 40) x = Math.max(0, g.x - 120);
      if (x !== left || y !== top) session.viewport.scrollTo(x, y);
    },
    [session, liveOf],
  );

  /** While linking: the dashed line from the parent's end to the target's start (the mouse's draft). */
  const drawDraft = useCallback(
    (parentId: number | null, childId: number | null) => {
      const { model, scale } = ctx.current;
      const p = parentId !== null && model ? geometryOf(model, scale, parentId, liveOf) : null;
      const c = childId !== null && childId !== parentId && model ? geometryOf(model, scale, childId, liveOf) : null;
      session.overlay.setState({
        draft: p && c ? [p.x + p.width, p.y + p.height / 2, c.x, c.y + c.height / 2] : null,
      });
    },
    [session, liveOf],
  );

  /** The task's context menu under its bar, as its right click opens it (the focus comes back to the chart). */
  const openMenu = useCallback(
    (id: number) => {
      const { model, scale } = ctx.current;
      const e = eventOf(id);
      const g = model ? geometryOf(model, scale, id, liveOf) : null;
      const el = session.viewport.el instanceof HTMLElement ? session.viewport.el : null;
      const box = el?.querySelector('[data-testid="gantt-canvas"]')?.getBoundingClientRect();
      if (!e || !g || !box) return;
      const { left, top } = session.viewport.state;
      const at = Math.max(box.left, Math.min(box.right - 8, box.left + g.x - left + 8));
      directStoreOf(session).setState({
        menu: {
          target: {
            kind: "event",
            id,
            eventKind: e.kind === "milestone" ? "milestone" : "task",
            locked: e.locked ?? false,
            zoneId: e.zoneId ?? null,
            lotId: e.lotId ?? null,
            day: liveOf(id)?.[0] ?? e.startDay,
          },
          cx: at,
          cy: box.top + g.y - top + g.height,
          from: "canvas",
        },
        create: null,
      });
    },
    [session, eventOf, liveOf],
  );

  /**
   * `focus`: the effects of the chart's focus, which never scrolls (the focus coming back from a menu or the name
   * typed in place must leave the chart where the pointer was); `quiet`: the task is not said again either (a dialog
   * or menu has just said its outcome).
   */
  const run = useCallback(
    (effects: KeyboardEffect[], focus?: { quiet: boolean }) => {
      const { setSelection } = usePlanningStore.getState();
      for (const ef of effects) {
        if (ef.type === "current") {
          if (!focus) reveal(ef.id);
          drawDraft(ef.linking ? store.getState().state.linkFrom : null, ef.id);
          if (!focus?.quiet) void sayTask(ef.id, ef.linking);
        } else if (ef.type === "select") {
          const before = usePlanningStore.getState().selection;
          keyboardSelects.current = true;
          setSelection(ef.ids);
          keyboardSelects.current = false;
          // The task added or taken out; Space on the one task already selected says it again.
          const changed =
            ef.ids.find((id) => !before.includes(id)) ??
            before.find((id) => !ef.ids.includes(id)) ??
            (ef.ids.length === 1 ? ef.ids[0] : undefined);
          if (changed !== undefined)
            announce(
              session,
              selectionSpeech(t, {
                name: session.nameOf(changed),
                added: ef.ids.includes(changed),
                count: ef.ids.length,
              }),
            );
        } else if (ef.type === "move")
          enqueue(async () => {
            const start = session.state.dates.get(ef.anchorId)?.[0];
            const cal = ctx.current.model?.calendar;
            if (start === undefined || !cal) return;
            const day = cal.addWorkingDays(start, ef.k);
            const got: { report: MoveReport | null } = { report: null };
            const ok = await session.commitMove(
              { selection: ef.selection, anchorId: ef.anchorId, day },
              (r) => (got.report = r),
            );
            const done = got.report;
            if (!ok || !done)
              return announce(session, t("planningKeyboard.moved.failed", { name: session.nameOf(ef.anchorId) }));
            announce(
              session,
              movedSpeech(t, {
                anchorName: session.nameOf(ef.anchorId),
                anchorStart: session.state.dates.get(ef.anchorId)?.[0] ?? day,
                count: ef.selection.length,
                k: ef.k,
                followers: followersOf(done.changed, ef.selection),
                projectEnd: done.projectEnd,
              }),
            );
            reveal(ef.anchorId);
          });
        else if (ef.type === "resize")
          enqueue(async () => {
            const e = eventOf(ef.id);
            if (!e) return;
            const days = Math.max(1, (durations.current.get(ef.id) ?? e.numberOfDays) + ef.delta);
            if (days === (durations.current.get(ef.id) ?? e.numberOfDays)) return;
            if (!(await session.structuralWrite(ef.id, { numberOfDays: days }))) return;
            durations.current.set(ef.id, days);
            announce(
              session,
              t("planningKeyboard.resized", {
                name: e.name,
                duration: t("planningDirect.tip.workingDays", { count: days, signed: String(days) }),
              }),
            );
          });
        else if (ef.type === "open") setTimeout(() => ctx.current.onOpenEvent?.(ef.target.id, ef.target.kind), 0);
        else if (ef.type === "delete") store.setState({ confirmDelete: ef.ids });
        else if (ef.type === "pick") ctx.current.onPick?.(ef.target);
        else if (ef.type === "menu") openMenu(ef.id);
        else if (ef.type === "linkStart") {
          drawDraft(null, null);
          announce(session, t("planningKeyboard.link.start", { name: session.nameOf(ef.parentId) }));
        } else if (ef.type === "linkCancel") {
          drawDraft(null, null);
          announce(session, t("planningKeyboard.link.cancelled"));
        } else if (ef.type === "createLink") {
          drawDraft(null, null);
          const links = ctx.current.model?.links ?? [];
          void session.setLink(links, ef.parentId, ef.childId, { type: ef.linkType, delay: 0 }).then((ok) => {
            if (ok)
              announce(
                session,
                t("planningKeyboard.link.created", {
                  parent: session.nameOf(ef.parentId),
                  child: session.nameOf(ef.childId),
                }),
              );
          });
        } else if (ef.type === "refuse") {
          const current = store.getState().state.current;
          announce(
            session,
            t(`planningKeyboard.refuse.${ef.reason}`, { name: current === null ? "" : session.nameOf(current) }),
          );
        }
      }
    },
    [session, store, reveal, drawDraft, sayTask, enqueue, eventOf, openMenu, t],
  );

  const apply = useCallback(
    (r: KeyboardStep, focus?: { quiet: boolean }) => {
      store.setState({ state: r.state });
      run(r.effects, focus);
    },
    [store, run],
  );

  const chartProps = {
    tabIndex: 0,
    role: "application",
    "aria-roledescription": t("planningKeyboard.chart.roleDescription"),
    "aria-label": t("planningKeyboard.chart.label"),
    "aria-describedby": helpId,
    "data-testid": "planning-chart",
    onKeyDown: (e: React.KeyboardEvent) => {
      if (e.target !== e.currentTarget || !ctx.current.model) return;
      const r = keyboardKey(store.getState().state, e, world());
      if (r.handled) {
        e.preventDefault();
        // Pressed on the chart the mouse focused: from now on the focus is the keyboard's, ring and outline drawn.
        if (!store.getState().focusVisible) store.setState({ focusVisible: true });
      }
      apply(r);
    },
    onFocus: (e: React.FocusEvent<HTMLElement>) => {
      if (e.target !== e.currentTarget) return;
      const visible = focusVisibleOn(e.currentTarget);
      store.setState({ focused: true, focusVisible: visible });
      // A press on the chart focuses it too: the mouse's press says its own, the keyboard's focus says the task.
      // Back from a dialog or a menu that has just said its outcome: the task is not said over it.
      if (visible) apply(keyboardFocus(store.getState().state, world()), { quiet: saidRecently(session) });
    },
    onBlur: (e: React.FocusEvent<HTMLElement>) => {
      if (e.target !== e.currentTarget) return;
      store.setState({ focused: false, focusVisible: false });
      const r = keyboardBlur(store.getState().state);
      apply(r);
    },
  };

  const confirmDelete = useStore(store, (s) => s.confirmDelete);
  // The dialog (Fluent UI's) is loaded the first time a delete asks, then kept mounted (its close restores the focus).
  const asked = useRef(false);
  asked.current ||= confirmDelete !== null;
  const focusVisible = useStore(store, (s) => s.focusVisible);
  const deleting = useRef(false);
  const confirm = () => {
    const ids = store.getState().confirmDelete;
    if (!ids || deleting.current) return;
    deleting.current = true;
    store.setState({ confirmDelete: null });
    void deleteEvents(session, ids)
      .then((ok) => {
        if (!ok) return;
        usePlanningStore.getState().setSelection([]);
        announce(session, t("planningDirect.deleted", { count: ids.length }));
      })
      .finally(() => (deleting.current = false));
  };
  const first = confirmDelete?.[0];
  const over = (
    <>
      <div id={helpId} hidden>
        {t(o.readOnly ? "planningKeyboard.chart.readOnlyHelp" : "planningKeyboard.chart.help")}
      </div>
      <PlanningLiveRegion session={session} label={t("planningKeyboard.chart.regionLabel")} />
      {!o.readOnly && asked.current && (
        <Suspense fallback={null}>
          <ConfirmDialog
            restoreFocusFromMount
            open={confirmDelete !== null}
            title={t("planningKeyboard.deleteConfirm.title", {
              count: confirmDelete?.length ?? 0,
              name: first === undefined ? "" : session.nameOf(first),
            })}
            confirmLabel={t("actions.delete")}
            onConfirm={confirm}
            onCancel={() => {
              store.setState({ confirmDelete: null });
              announce(session, t("planningKeyboard.deleteConfirm.cancelled"));
            }}
          >
            {t("planningKeyboard.deleteConfirm.body", {
              count: confirmDelete?.length ?? 0,
              name: first === undefined ? "" : session.nameOf(first),
            })}
          </ConfirmDialog>
        </Suspense>
      )}
    </>
  );
  return { chartProps, focusVisible, over };
}

const ConfirmDialog = lazy(() => import("../../components/ConfirmDialog").then((m) => ({ default: m.ConfirmDialog })));

/** Whether the browser shows the focus (it came from the keyboard); an engine without :focus-visible says yes. */
function focusVisibleOn(el: Element): boolean {
  try {
    return el.matches(":focus-visible");
  } catch {
    return true;
  }
}

/** The planning's live region, rendering alone on each message (the view does not). */
function PlanningLiveRegion({ session, label }: { session: PlanningSession; label: string }) {
  const message = useStore(announcerOf(session), (s) => s.message);
  return <LiveRegion message={message} label={label} testId="planning-live" />;
}
