import { useCallback, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import type { TimeScale } from "@jalon/shared/gantt";
import type { LinkTypeName } from "../LinkEditor";
import { hitTest, type GanttModel } from "../model";
import { usePlanningStore } from "../planningStore";
import { linkAt } from "../tools/linkHit";
import { pickStep } from "../tools/pickTool";
import {
  POINTER_IDLE,
  pointerSettled,
  pointerStep,
  type PointerState,
  type PointerWorld,
} from "../tools/pointerMachine";
import { geometryOf, handleAt } from "../viewGeometry";
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
}

/**
 * The canvas's pointer input: the pointer machine (tools/pointerMachine.ts) is given what is under the pointer
 * and its effects are run (selection, pick modes, the link being drawn, previews and commits by the session).
 * Only the cursor, the link being drawn and the selected link are React state: a drag's frames are not.
 */
export function usePointerInput(session: PlanningSession, o: PointerInputOptions) {
  const { t } = useTranslation();
  const { selection, setSelection, pickMode, setPickMode } = usePlanningStore();
  const { model, scale, live, dates, viewport, editable, readOnly, notify, onOpenEvent } = o;
  // The pointer machine (tools/pointerMachine.ts) decides; the session previews and commits.
  const pointer = useRef<PointerState>(POINTER_IDLE);
  const [draft, setDraft] = useState<[number, number, number, number] | null>(null);
  const [cursor, setCursor] = useState("default");

  // The selected link (by its ends: indices change with every reload) and its editor.
  const [selectedLink, setSelectedLink] = useState<{ parentId: number; childId: number } | null>(null);
  const writeLink = useCallback(
    async (parentId: number, childId: number, next: { type: LinkTypeName; delay: number } | null) => {
      const ok = await session.setLink(model?.links ?? [], parentId, childId, next);
      if (ok) {
        setSelectedLink(null);
        notify?.("success", t(next ? "planning.link.saved" : "planning.link.removed"));
      }
      return ok;
    },
    [session, model, notify, t],
  );
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

  // The view gives the pointer machine what is under the pointer and runs its effects.
  const onPointer = useCallback(
    (kind: "down" | "move" | "up", x: number, y: number, e: React.PointerEvent) => {
      if (!model || readOnly) return;
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
      };
      const r = pointerStep(
        pointer.current,
        { type: kind, x, y, additive: e.shiftKey || e.ctrlKey || e.metaKey, time: performance.now() },
        world,
      );
      pointer.current = r.state;
      for (const ef of r.effects) {
        if (ef.type === "open") setTimeout(() => onOpenEvent?.(ef.target.id, ef.target.kind), 0);
        else if (ef.type === "pick") onPick(ef.target);
        else if (ef.type === "selectLink") setSelectedLink(ef.link);
        else if (ef.type === "select") setSelection(ef.ids);
        else if (ef.type === "capture") (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
        else if (ef.type === "cursor") setCursor(ef.cursor);
        else if (ef.type === "draft") setDraft(ef.line);
        else if (ef.type === "createLink")
          void session.setLink(model.links, ef.parentId, ef.childId, { type: ef.linkType, delay: 0 });
        else if (ef.type === "previewMove")
          session.previewMove(ef.selection, ef.k, () => pointer.current.drag.kind === "dragging");
        else if (ef.type === "previewDuration") session.previewDuration(ef.id, ef.days);
        else if (ef.type === "clearPreview") session.clearPreview();
        else if (ef.type === "commitDuration")
          void session
            .structuralWrite(ef.id, { numberOfDays: ef.days })
            .then(() => (pointer.current = pointerSettled(pointer.current, "resize")));
        else if (ef.type === "commitMove")
          void session.commitMove(ef).then(() => (pointer.current = pointerSettled(pointer.current, "move")));
      }
    },
    [
      model,
      readOnly,
      scale,
      live,
      dates,
      selection,
      setSelection,
      session,
      editable,
      pickMode,
      onPick,
      viewport,
      onOpenEvent,
    ],
  );

  return { pointer, onPointer, draft, cursor, selectedLink, setSelectedLink, writeLink };
}
