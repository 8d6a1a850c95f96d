import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, type ComponentProps } from "react";
import { useStore } from "zustand";
import { useTranslation } from "react-i18next";
import { formatDay } from "@jalon/engine";
import type { PlannedEventType } from "@jalon/shared";
import { dayToX, type Grouping, type TimeScale } from "@jalon/shared/gantt";
import { hitTest, type GanttModel } from "../model";
import { usePlanningStore } from "../planningStore";
import type { DayMap, PlanningSession } from "../session/PlanningSession";
import { linkAt } from "../tools/linkHit";
import { perFrame, tipTarget, tipKey } from "../tools/hoverTool";
import { isMenuKey, type MenuCommand, type MenuTarget } from "../tools/contextMenu";
import { createPlaceAt, presetOf } from "../tools/createTool";
import { copyDates, createTask, duplicateEvent, setLocked } from "../tools/directCommands";
import { chartKeyboardOf } from "../session/useKeyboardInput";
import { GRID_WIDTH } from "../viewport/layout";
import { HEADER_HEIGHT } from "../TimeHeader";
import { setLiveProjectEnd } from "../../store/liveProjectEnd";
import { directStoreOf, tipStoreOf, type DirectState } from "./directStores";
import { PlanningTooltip } from "./PlanningTooltip";
import { NameInput } from "./NameInput";

export interface DirectOptions {
  model: GanttModel | null;
  scale: TimeScale;
  live: DayMap;
  dates: DayMap;
  lotNames: ReadonlyMap<number, string>;
  grouping: Grouping;
  today: number;
  readOnly?: boolean;
  onOpenEvent?: (id: number, kind: PlannedEventType) => void;
  /** "Instancier un modèle ici": the toolbar's flow with the zone and the day preset. */
  onInstantiateAt?: (preset: { zoneId: number | null; day: string }) => void;
}

/**
 * Direct manipulation on the planning (issue 20): the tooltip of the bar, milestone or link under the pointer (and
 * of a drag or resize, with the live projected end in the header), the context menu of a bar, a grid row or an
 * empty row, and tasks typed in place. The view spreads `canvasProps` on a box around the canvas and `gridProps`
 * around the grid, and renders `over`; every command runs through the session (tools/directCommands.ts).
 */
export function useDirectManipulation(session: PlanningSession, o: DirectOptions) {
  const { t } = useTranslation();
  const ctx = useRef(o);
  ctx.current = o;
  const tips = tipStoreOf(session);
  const direct = directStoreOf(session);
  const canvasBox = useRef<HTMLDivElement | null>(null);

  // The header's live "Fin projetée": the preview's end while a drag or resize is previewed.
  useEffect(() => {
    const sync = (s: typeof session.state) =>
      setLiveProjectEnd(s.preview && typeof s.previewEnd === "number" ? formatDay(s.previewEnd) : null);
    sync(session.state);
    const stop = session.store.subscribe(sync);
    return () => {
      stop();
      setLiveProjectEnd(null);
    };
  }, [session]);

  /** Content coordinates of a client point over the canvas. */
  const contentPoint = useCallback(
    (cx: number, cy: number) => {
      const el = canvasBox.current?.querySelector('[data-testid="gantt-canvas"]');
      if (!el) return null;
      const r = el.getBoundingClientRect();
      const { left, top } = session.viewport.state;
      return { x: cx - r.left + left, y: cy - r.top + top };
    },
    [session],
  );
  const liveOf = (id: number) => ctx.current.live.get(id) ?? ctx.current.dates.get(id);

  // The tooltip's subject, asked once per animation frame with the pointer's latest place.
  const track = useMemo(
    () =>
      perFrame<{ cx: number; cy: number }>(
        ({ cx, cy }) => {
          const { model, scale } = ctx.current;
          if (!model || direct.getState().menu) return tips.setState({ target: null });
          const busy = session.pointer.drag.kind === "dragging" || session.pointer.resize.kind === "resizing";
          const p = busy ? { x: 0, y: 0 } : contentPoint(cx, cy);
          if (!p) return;
          const vp = session.viewport.state;
          const target = tipTarget(
            session.pointer,
            {
              hitAt: (x, y) => hitTest(model, scale, x, y, liveOf),
              linkAt: (x, y) => {
                const k = linkAt(model, scale, { top: vp.top, height: vp.height }, x, y, liveOf);
                return k >= 0 ? { parentId: model.links[k].parentId, childId: model.links[k].childId } : null;
              },
            },
            p.x,
            p.y,
          );
          const prev = tips.getState();
          if (tipKey(prev.target) === tipKey(target) && (!target || (prev.cx === cx && prev.cy === cy))) return;
          tips.setState({ target: tipKey(prev.target) === tipKey(target) ? prev.target : target, cx, cy });
        },
        (cb) => requestAnimationFrame(cb),
      ),
    [session, tips, direct, contentPoint],
  );
  const hideTip = useCallback(() => {
    track.cancel();
    if (tips.getState().target) tips.setState({ target: null });
  }, [track, tips]);

  const eventTarget = (id: number): MenuTarget | null => {
    const m = ctx.current.model;
    const e = m?.events[m.indexOfId.get(id) ?? -1];
    if (!e) return null;
    const d = liveOf(id) ?? [e.startDay, e.endDay];
    return {
      kind: "event",
      id,
      eventKind: e.kind === "milestone" ? "milestone" : "task",
      locked: e.locked ?? false,
      zoneId: e.zoneId ?? null,
      lotId: e.lotId ?? null,
      day: d[0],
    };
  };
  const selectFor = (id: number) => {
    const { selection, setSelection } = usePlanningStore.getState();
    if (!selection.includes(id)) setSelection([id]);
  };

  /** Opens the name input for a new task at a place of the content (over the chart, or over the grid). */
  const openCreate = useCallback(
    (c: Omit<NonNullable<DirectState["create"]>, "label"> & { label?: string }) => {
      hideTip();
      // On the chart, kept inside its visible part with its hint (focusing it must not scroll the chart).
      const vp = session.viewport.state;
      const left =
        c.left >= vp.left + GRID_WIDTH
          ? Math.max(vp.left + GRID_WIDTH, Math.min(c.left, vp.left + vp.width - 440))
          : c.left;
      direct.setState({ menu: null, create: { ...c, left, label: c.label ?? t("planningDirect.create.label") } });
    },
    [direct, hideTip, t, session],
  );

  const canvasProps = {
    ref: canvasBox,
    tabIndex: -1,
    style: { outline: "none" },
    onPointerMove: (e: React.PointerEvent) => track({ cx: e.clientX, cy: e.clientY }),
    onPointerDown: (e: React.PointerEvent) => {
      hideTip();
      // After the press: a drag's tip then follows the pointer.
      if (e.button === 0) track({ cx: e.clientX, cy: e.clientY });
    },
    onPointerUp: hideTip,
    onPointerLeave: hideTip,
    onContextMenu: (e: React.MouseEvent) => {
      const { model, scale, grouping } = ctx.current;
      const p = contentPoint(e.clientX, e.clientY);
      if (!model || !p) return;
      e.preventDefault();
      hideTip();
      const hit = hitTest(model, scale, p.x, p.y, liveOf);
      if (hit) {
        const target = eventTarget(hit.id);
        if (!target) return;
        selectFor(hit.id);
        direct.setState({ menu: { target, cx: e.clientX, cy: e.clientY, from: "canvas" }, create: null });
        return;
      }
      const place = createPlaceAt(model, scale, grouping, p.x, p.y);
      if (place)
        direct.setState({
          menu: {
            target: {
              kind: "row",
              zoneId: place.zoneId,
              lotId: place.lotId,
              day: place.day,
              rowY: place.rowY,
              x: place.x,
            },
            cx: e.clientX,
            cy: e.clientY,
            from: "canvas",
          },
          create: null,
        });
    },
    onDoubleClick: (e: React.MouseEvent) => {
      const { model, scale, grouping, readOnly } = ctx.current;
      const p = contentPoint(e.clientX, e.clientY);
      if (!model || !p || readOnly) return;
      // A bar's double click opens it (the pointer machine); a link's is the link's.
      if (hitTest(model, scale, p.x, p.y, liveOf)) return;
      const place = createPlaceAt(model, scale, grouping, p.x, p.y);
      if (!place) return;
      openCreate({ ...place, left: GRID_WIDTH + place.x, top: HEADER_HEIGHT + place.rowY, height: place.rowHeight });
    },
  };

  const openRowMenu = (row: HTMLElement, id: number) => {
    const target = eventTarget(id);
    if (!target) return;
    selectFor(id);
    const r = row.getBoundingClientRect();
    direct.setState({ menu: { target, cx: r.left + 24, cy: r.bottom, from: "grid" }, create: null });
  };
  const rowOf = (el: EventTarget | null) => {
    const row = el instanceof Element ? el.closest<HTMLElement>("[data-event-id]") : null;
    const id = row ? Number(row.dataset.eventId) : NaN;
    return row && Number.isFinite(id) ? { row, id } : null;
  };
  const gridProps = {
    onContextMenu: (e: React.MouseEvent) => {
      const r = rowOf(e.target);
      if (!r) return;
      e.preventDefault();
      const target = eventTarget(r.id);
      if (!target) return;
      selectFor(r.id);
      direct.setState({ menu: { target, cx: e.clientX, cy: e.clientY, from: "grid" }, create: null });
    },
    onKeyDown: (e: React.KeyboardEvent) => {
      if (!isMenuKey(e)) return;
      const r = rowOf(e.target);
      if (!r) return;
      e.preventDefault();
      openRowMenu(r.row, r.id);
    },
  };

  /** "+" at the end of a group in the grid: the name typed over the group's title, on today (or the first day shown). */
  const onAddInGroup = useCallback(
    (rowIndex: number) => {
      const { model, scale, grouping, today } = ctx.current;
      const row = model?.rows[rowIndex];
      const preset = model && row ? presetOf(model, row, grouping) : null;
      if (!model || !row || !preset) return;
      const first = scale.firstDay + Math.floor(session.viewport.state.left / scale.dayWidth);
      const day = model.calendar.nextWorking(today >= first && today <= scale.lastDay ? today : first);
      openCreate({
        ...preset,
        day,
        left: session.viewport.state.left + 14,
        top: HEADER_HEIGHT + row.y,
        height: row.height,
        label: t("planningDirect.create.add", { name: row.label }),
      });
    },
    [session, openCreate, t],
  );

  /**
   * The focus back where the menu or the name typed in place was opened from: the grid's row, else the chart. At once,
   * in the close's own event (no timer): a command run right after it (the menu's Supprimer asking in a dialog, Ouvrir)
   * finds the focus there, and nothing later takes it from the dialog or the name input that command opened.
   */
  const focusBack = useCallback(
    (from: "canvas" | "grid", id: number | null) => {
      const row =
        from === "grid" && id !== null && session.viewport.el instanceof HTMLElement
          ? session.viewport.el.querySelector<HTMLElement>(`[data-event-id="${id}"]`)
          : null;
      (row ?? canvasBox.current)?.focus({ preventScroll: true });
    },
    [session],
  );

  const onCommand = useCallback(
    (command: MenuCommand, target: MenuTarget) => {
      const { model, scale, onOpenEvent, onInstantiateAt } = ctx.current;
      const { setSelection, setPickMode, selection } = usePlanningStore.getState();
      if (target.kind === "row") {
        if (command === "createHere")
          openCreate({
            zoneId: target.zoneId,
            lotId: target.lotId,
            day: target.day,
            left: GRID_WIDTH + target.x,
            top: HEADER_HEIGHT + target.rowY,
            height: model?.rows.find((r) => r.y === target.rowY)?.height ?? 24,
          });
        else if (command === "instantiate") onInstantiateAt?.({ zoneId: target.zoneId, day: formatDay(target.day) });
        return;
      }
      const { id } = target;
      const name = session.nameOf(id);
      if (command === "open") onOpenEvent?.(id, target.eventKind);
      else if (command === "addPredecessor") {
        setSelection([id]);
        setPickMode("parent");
        session.host.notify?.("info", t("planningDirect.pickParent", { name }));
      } else if (command === "addSuccessor" && model) {
        const ri = model.rowOfId.get(id);
        const row = ri === undefined ? null : model.rows[ri];
        const d = liveOf(id);
        if (!row || !d) return;
        const day = model.calendar.nextWorking(d[1] + 1);
        openCreate({
          zoneId: target.zoneId,
          lotId: target.lotId,
          day,
          parentId: id,
          left: GRID_WIDTH + dayToX(scale, day),
          top: HEADER_HEIGHT + row.y,
          height: row.height,
          label: t("planningDirect.create.successorLabel", { name }),
        });
      } else if (command === "duplicate")
        void duplicateEvent(session, id).then((nid) => nid !== null && setSelection([nid]));
      else if (command === "delete")
        // Asked first, in the dialog the keyboard's Delete opens (issue 22: a delete is confirmed on every path). The
        // menu has closed and given the focus back before this (PlanningContextMenu), so the dialog returns it there.
        chartKeyboardOf(session).setState({ confirmDelete: [...(selection.includes(id) ? selection : [id])] });
      else if (command === "lock" || command === "unlock") void setLocked(session, id, command === "lock");
      else if (command === "instantiate") onInstantiateAt?.({ zoneId: target.zoneId, day: formatDay(target.day) });
      else if (command === "copyDates") {
        const d = liveOf(id);
        if (d) void copyDates(session, d, target.eventKind === "milestone");
      }
    },
    [session, openCreate, t],
  );

  const submitCreate = useCallback(
    (name: string) => {
      const c = direct.getState().create;
      if (!c) return;
      direct.setState({ create: null });
      void createTask(session, { name, zoneId: c.zoneId, lotId: c.lotId, day: c.day, parentId: c.parentId }).then(
        (id) => id !== null && usePlanningStore.getState().setSelection([id]),
      );
      focusBack("canvas", null);
    },
    [direct, session, focusBack],
  );
  const cancelCreate = useCallback(() => {
    direct.setState({ create: null });
    focusBack("canvas", null);
  }, [direct, focusBack]);

  const writable = !o.readOnly;
  const over = (
    <>
      <PlanningTooltip session={session} model={o.model} live={o.live} dates={o.dates} lotNames={o.lotNames} />
      <ContextMenuWhenOpened
        session={session}
        context={{ writable, canOpen: !!o.onOpenEvent, canInstantiate: writable && !!o.onInstantiateAt }}
        nameOf={(id) => session.nameOf(id)}
        onCommand={onCommand}
        onClosed={(m) => focusBack(m.from, m.target.kind === "event" ? m.target.id : null)}
      />
      {writable && <NameInput session={session} onSubmit={submitCreate} onCancel={cancelCreate} />}
    </>
  );
  return { canvasProps, gridProps, onAddInGroup: writable ? onAddInGroup : undefined, over };
}

// Loaded the first time a menu opens: Fluent UI's Menu (positioning, tabster, motion) is no part of the first paint
// (bench/web, the planning's first-paint bundle).
const PlanningContextMenu = lazy(() =>
  import("./PlanningContextMenu").then((m) => ({ default: m.PlanningContextMenu })),
);

/** The context menu, mounted from the first menu on (and kept): before, nothing of it is loaded. */
function ContextMenuWhenOpened(p: ComponentProps<typeof PlanningContextMenu>) {
  const opened = useRef(false);
  const open = useStore(directStoreOf(p.session), (s) => s.menu !== null);
  opened.current ||= open;
  if (!opened.current) return null;
  return (
    <Suspense fallback={null}>
      <PlanningContextMenu {...p} />
    </Suspense>
  );
}
