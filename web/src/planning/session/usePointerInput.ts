import { useCallback, useEffect } from "react";
import { useTranslation } from "react-i18next";
import type { TimeScale } from "@jalon/shared/gantt";
import { hitTest, type GanttModel } from "../model";
import { usePlanningStore } from "../planningStore";
import { linkAt } from "../tools/linkHit";
import { pickStep } from "../tools/pickTool";
import {
  pointerKey,
  pointerSettled,
  pointerStep,
  type PointerEffect,
  type PointerWorld,
} from "../tools/pointerMachine";
import { barsIn, geometryOf, handleAt } from "../viewGeometry";
import type { DayMap, PlanningSession } from "./PlanningSession";

export interface PointerInputOptions {
  model: GanttModel | null;
  scale: TimeScale;
  /** Dates as drawn (moves and preview) and committed. */
  live: DayMap;
  dates: DayMap;
  viewport: { top: number; height: number };
  editable: boolean;
  readOnly?: boolean;
  notify?: (kind: "success" | "warning" | "error" | "info", text: string) => void;
  onOpenEvent?: (id: number, kind: "task" | "milestone") => void;
  /** The hand tool's scroll (viewport/useViewport.ts: a user's scroll, the range may widen). */
  panBy: (dx: number, dy: number) => void;
}

/** A key typed into a field is the field's: Space there types a space. */
const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT|BUTTON)$/.test(t.tagName));

/**
 * The canvas's pointer and keys: the pointer machine (tools/pointerMachine.ts) is given what is under the pointer
 * and its effects are run (selection, pick modes, the link being drawn, the rubber band, the hand's scroll,
 * previews and commits by the session). The machine's state is the session's (`session.pointer`) and what it shows
 * goes to `session.overlay`, read by the canvas alone: a drag's frames render nothing in React.
 */
export function usePointerInput(session: PlanningSession, o: PointerInputOptions) {
  const { t } = useTranslation();
  const { selection, setSelection, pickMode, setPickMode } = usePlanningStore();
  const { model, scale, live, dates, viewport, editable, readOnly, notify, onOpenEvent, panBy } = o;
  const onPick = useCallback(
    (hit: { id: number; kind: "task" | "milestone" } | null) => {
      if (!model) return;
      const r = pickStep(pickMode, selection.length === 1 ? selection[0] : null, hit, (p, c) =>
        model.links.some((l) => l.parentId === p && l.childId === c),
      );
      if (r.type === "warn") notify?.("warning", t(`planning.pick.${r.reason}`));
      else if (r.type === "select") {
        setSelection([r.id]);
        setPickMode("none");
      } else if (r.type === "link") {
        setPickMode("none");
        void session.setLink(model.links, r.parentId, r.childId, { type: "end-begin", delay: 0 }).then((ok) => {
          if (ok)
            notify?.(
              "success",
              t("planning.pick.linked", { parent: session.nameOf(r.parentId), child: session.nameOf(r.childId) }),
            );
        });
      }
    },
    [model, pickMode, selection, notify, t, setSelection, setPickMode, session],
  );

  /** Runs the machine's effects; `e` is the pointer event (capture), absent for keys. */
  const run = useCallback(
    (effects: PointerEffect[], e?: React.PointerEvent) => {
      const overlay = session.overlay;
      for (const ef of effects) {
        if (ef.type === "open") setTimeout(() => onOpenEvent?.(ef.target.id, ef.target.kind), 0);
        else if (ef.type === "pick") onPick(ef.target);
        else if (ef.type === "selectLink") session.store.setState({ selectedLink: ef.link });
        else if (ef.type === "select") setSelection(ef.ids);
        else if (ef.type === "capture")
          (e?.currentTarget as HTMLElement | undefined)?.setPointerCapture?.(e!.pointerId);
        else if (ef.type === "cursor") overlay.setState({ cursor: ef.cursor });
        else if (ef.type === "draft") overlay.setState({ draft: ef.line });
        else if (ef.type === "box") overlay.setState({ box: ef.rect });
        else if (ef.type === "pan") panBy(ef.dx, ef.dy);
        else if (ef.type === "createLink")
          void session.setLink(model?.links ?? [], ef.parentId, ef.childId, { type: ef.linkType, delay: 0 });
        else if (ef.type === "previewMove")
          session.previewMove(ef.selection, ef.k, () => session.pointer.drag.kind === "dragging");
        else if (ef.type === "previewDuration") session.previewDuration(ef.id, ef.days);
        else if (ef.type === "clearPreview") session.clearPreview();
        else if (ef.type === "commitDuration")
          void session
            .structuralWrite(ef.id, { numberOfDays: ef.days })
            .then(() => (session.pointer = pointerSettled(session.pointer, "resize")));
        else if (ef.type === "commitMove")
          void session.commitMove(ef).then(() => (session.pointer = pointerSettled(session.pointer, "move")));
      }
    },
    [session, model, onOpenEvent, onPick, setSelection, panBy],
  );

  // The view gives the pointer machine what is under the pointer and runs its effects.
  const onPointer = useCallback(
    (kind: "down" | "move" | "up", x: number, y: number, e: React.PointerEvent) => {
      if (!model || readOnly) return;
      // The middle button's own scrolling (autoscroll) would fight the hand.
      if (kind === "down" && e.button === 1) e.preventDefault();
      const liveOf = (id: number) => live.get(id) ?? dates.get(id);
      const world: PointerWorld = {
        editable,
        pickMode,
        selection,
        dayWidth: scale.dayWidth,
        calendar: model.calendar,
        handleAt: (px, py) => handleAt(model, scale, selection, px, py, liveOf),
        hitAt: (px, py) => hitTest(model, scale, px, py, liveOf),
        linkAt: (px, py) => {
          const k = linkAt(model, scale, { top: viewport.top, height: viewport.height }, px, py, liveOf);
          return k >= 0 ? { parentId: model.links[k].parentId, childId: model.links[k].childId } : null;
        },
        geometryOf: (id) => geometryOf(model, scale, id, liveOf),
        liveDays: liveOf,
        committedStart: (id) => dates.get(id)?.[0],
        barsIn: (rect) => barsIn(model, scale, rect, liveOf),
      };
      const toggle = e.ctrlKey || e.metaKey;
      const input = { type: kind, x, y, additive: e.shiftKey || toggle, toggle, time: performance.now() };
      const r = pointerStep(session.pointer, { ...input, button: e.button, cx: e.clientX, cy: e.clientY }, world);
      session.pointer = r.state;
      run(r.effects, e);
    },
    [model, readOnly, scale, live, dates, selection, session, editable, pickMode, viewport, run],
  );

  // Keys: Space held pans, Escape cancels the gesture in progress (tools/pointerMachine.ts, pointerKey).
  useEffect(() => {
    if (readOnly) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === " " && typing(e.target)) return;
      const r = pointerKey(session.pointer, { type: e.type === "keydown" ? "keydown" : "keyup", key: e.key });
      // Space held over the planning scrolls nothing (the page would).
      if (e.key === " ") e.preventDefault();
      session.pointer = r.state;
      run(r.effects);
    };
    const onBlur = () => {
      const r = pointerKey(session.pointer, { type: "keyup", key: " " });
      session.pointer = r.state;
      run(r.effects);
    };
    window.addEventListener("keydown", onKey);
    window.addEventListener("keyup", onKey);
    window.addEventListener("blur", onBlur);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("keyup", onKey);
      window.removeEventListener("blur", onBlur);
    };
  }, [session, readOnly, run]);

  const writeLink = useCallback(
    (parentId: number, childId: number, next: Parameters<PlanningSession["writeLink"]>[3]) =>
      session.writeLink(model?.links ?? [], parentId, childId, next),
    [session, model],
  );
  return { onPointer, writeLink, onPick };
}
