import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { useTranslation } from "react-i18next";
import { useStore } from "zustand";
import type { GanttModel } from "../model";
import type { DayMap, PlanningSession } from "../session/PlanningSession";
import { tipKey } from "../tools/hoverTool";
import { tipContent, type TipEvent } from "../tools/tipContent";
import { tipStoreOf } from "./directStores";
import { useLiveNow } from "../session/liveDates";

const OFFSET_X = 14;
const OFFSET_Y = 18;

/**
 * The chart's tooltip: a DOM box beside the pointer (never drawn on the canvas, which it would redraw). It renders
 * when its subject changes (another bar, a drag's new shift, the preview's dates), and follows the pointer by its
 * style alone, from the tip store (overlays/directStores.ts) that the pointer feeds once per animation frame.
 */
export const PlanningTooltip = memo(function PlanningTooltip(p: {
  session: PlanningSession;
  model: GanttModel | null;
  live: DayMap;
  dates: DayMap;
  lotNames: ReadonlyMap<number, string>;
}) {
  const { t } = useTranslation();
  // Its dates follow a drag's preview (session/liveDates.ts).
  const live = useLiveNow(p.live);
  const store = tipStoreOf(p.session);
  const key = useStore(store, (s) => tipKey(s.target));
  const target = useMemo(() => store.getState().target, [store, key]);
  const data = useStore(p.session.store, (s) => s.data);
  // The zones' paths, made for the first tip that names a zone, not on the first paint (11k zones at 100k events).
  const zoneNames = useMemo(() => {
    let paths: ReturnType<typeof zonePaths> | null = null;
    return (id: number) => (paths ??= zonePaths(data?.zones ?? [])).get(id) ?? null;
  }, [data]);
  const [float, setFloat] = useState<{ id: number; value: number | null } | null>(null);
  const eventId = target?.kind === "event" ? target.id : null;
  useEffect(() => {
    if (eventId === null) return;
    let current = true;
    void p.session.engine
      ?.floatOf(eventId)
      .then((value) => current && setFloat({ id: eventId, value }))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [eventId, p.session, p.dates]);
  const box = useRef<HTMLDivElement>(null);
  const content = useMemo(() => {
    const m = p.model;
    if (!target || !m) return null;
    const event = (id: number): TipEvent | null => {
      const e = m.events[m.indexOfId.get(id) ?? -1];
      return e
        ? {
            id: e.id,
            name: e.name,
            kind: e.kind === "milestone" ? "milestone" : "task",
            numberOfDays: e.numberOfDays,
            lotId: e.lotId ?? null,
            zoneId: e.zoneId ?? null,
            progress: e.progress ?? 0,
          }
        : null;
    };
    return tipContent(target, {
      event,
      liveOf: (id) => live.get(id) ?? p.dates.get(id),
      committedOf: (id) => p.dates.get(id),
      link: (parentId, childId) => m.links.find((l) => l.parentId === parentId && l.childId === childId) ?? null,
      lotName: (id) => p.lotNames.get(id) ?? null,
      zoneName: zoneNames,
      float: float && float.id === eventId ? float.value : null,
      calendar: m.calendar,
      t,
    });
  }, [target, p.model, live, p.dates, p.lotNames, zoneNames, float, eventId, t]);
  // Position: written on the element, outside React, on each of the store's changes (at most one per frame). Its
  // size is read when the browser has laid it out (ResizeObserver), never in `place`: read there, during a drag
  // (whose grid text changes each frame) it forced a layout per frame (bench/web drag profile, 139 ms).
  const size = useRef({ w: 260, h: 160 });
  const hasContent = content !== null;
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const place = () => {
      const { cx, cy } = store.getState();
      const { w, h } = size.current;
      const x = cx + OFFSET_X + w > window.innerWidth ? Math.max(0, cx - OFFSET_X - w) : cx + OFFSET_X;
      const y = cy + OFFSET_Y + h > window.innerHeight ? Math.max(0, cy - OFFSET_Y - h) : cy + OFFSET_Y;
      el.style.transform = `translate(${x}px, ${y}px)`;
    };
    const observer =
      typeof ResizeObserver === "undefined"
        ? null
        : new ResizeObserver(() => {
            size.current = { w: el.offsetWidth, h: el.offsetHeight };
            place();
          });
    observer?.observe(el);
    place();
    const stop = store.subscribe(place);
    return () => {
      stop();
      observer?.disconnect();
    };
  }, [store, hasContent]);
  if (!content) return null;
  return createPortal(
    <div
      ref={box}
      role="tooltip"
      data-testid="planning-tooltip"
      data-tip={key}
      style={{
        position: "fixed",
        left: 0,
        top: 0,
        zIndex: 1000,
        pointerEvents: "none",
        background: "#FFFFFF",
        color: "#242424",
        border: "1px solid #D1D1D1",
        borderRadius: 4,
        boxShadow: "0 4px 12px rgba(0, 0, 0, 0.16)",
        padding: "6px 10px",
        fontFamily: FONT,
        fontSize: 12,
        lineHeight: "18px",
        maxWidth: 360,
      }}
    >
      <div style={{ fontWeight: 600, marginBottom: 2, overflowWrap: "anywhere" }}>{content.title}</div>
      <dl style={{ display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 10, margin: 0 }}>
        {content.lines.map((line) => (
          <div key={line.label} style={{ display: "contents" }}>
            <dt style={{ color: "#616161" }}>{line.label}</dt>
            <dd style={{ margin: 0 }} data-testid={line.testId}>
              {line.value}
            </dd>
          </div>
        ))}
      </dl>
    </div>,
    document.body,
  );
});

// Portalled to the body, outside the Fluent provider's element that sets the page's font.
const FONT =
  '"Segoe UI", "Segoe UI Web (West European)", -apple-system, BlinkMacSystemFont, Roboto, "Helvetica Neue", sans-serif';

/** Each zone's whole path from its building ("Bâtiment A / R+0 / Logements nord"), by its parents. */
export function zonePaths(zones: readonly { id: number; name: string; parentId: number | null }[]) {
  const byId = new Map(zones.map((z) => [z.id, z]));
  const paths = new Map<number, string>();
  const pathOf = (id: number, depth = 0): string => {
    const known = paths.get(id);
    if (known !== undefined) return known;
    const z = byId.get(id);
    if (!z) return "";
    // A parent cycle in bad data stops at the zone itself.
    const parent = z.parentId !== null && depth < 20 ? pathOf(z.parentId, depth + 1) : "";
    const path = parent ? `${parent} / ${z.name}` : z.name;
    paths.set(id, path);
    return path;
  };
  for (const z of zones) pathOf(z.id);
  return paths;
}
