import { createStore, type StoreApi } from "zustand/vanilla";
import type { TimeScale } from "@jalon/shared/gantt";
import type { GanttModel } from "../model";
import { edgeNear, type DayRange, type Edge } from "../range";
import { topAnchor } from "../viewGeometry";
import { GRID_WIDTH } from "./layout";

/** What the viewport reads and sets of the scroll element (a plain object in tests). */
export interface ScrollBox {
  scrollLeft: number;
  scrollTop: number;
  readonly clientWidth: number;
  readonly clientHeight: number;
}

/** The scroll position and size the view draws (one change per scroll frame, none when unchanged). */
export interface ViewportState {
  left: number;
  top: number;
  width: number;
  height: number;
  /** Measured once: the Konva stages mount then, at their size (not at a guess, then resized). */
  measured: boolean;
  /** Bumped by a range action: the scroll is placed again even when the base range did not change. */
  placeSeq: number;
}

/** After an extension: the days added before the range's start and the top row, kept on screen. */
export interface KeepScroll {
  days: number;
  anchor: { id: number; offset: number } | null;
}

/**
 * The planning's scroll element without React: one scroll for grid, time header and canvas. It knows which
 * horizontal moves are the user's (only those, towards an edge, widen the range: issue 14), where the scroll
 * starts for a base range (today, a week back, when the range holds it), how to keep the same days and rows after
 * months were added before the start, and how the hand tool pans. Tested headlessly (Viewport.test.ts); the view
 * attaches its element and renders `store` (viewport/useViewport.ts).
 */
export class Viewport {
  readonly store: StoreApi<ViewportState> = createStore<ViewportState>(() => ({
    left: 0,
    top: 0,
    width: 800,
    height: 500,
    measured: false,
    placeSeq: 0,
  }));
  el: ScrollBox | null = null;
  /**
   * Called on each scroll of the element, either direction (useViewport commits the grid's rows and the canvas's
   * offset there, in one synchronous commit per scroll frame). Listened to from the element's attachment, so the
   * first scroll, to today (place), is never missed.
   */
  onScroll: (() => void) | null = null;
  private readonly scrolledNow = (): void => this.onScroll?.();
  /** The scroll offset last seen or set here: only a user's horizontal scroll towards an edge extends the range. */
  private lastLeft = 0;
  /** The base range the scroll was placed for ("" after a range action: placed again). */
  private placedFor: string | null = null;
  private placeAtDay: number | null = null;
  /** Set by an extension as it lands, applied with the widened model (keep()). */
  private pendingKeep: KeepScroll | null = null;

  get state(): ViewportState {
    return this.store.getState();
  }

  /** The canvas's width beside the grid. */
  get canvasWidth(): number {
    return Math.max(50, this.state.width - GRID_WIDTH);
  }

  /** Attaches the scroll element (a React ref callback: null when it goes). */
  readonly attach = (el: ScrollBox | null): void => {
    if (el === this.el) return;
    if (isEventTarget(this.el)) this.el.removeEventListener("scroll", this.scrolledNow);
    this.el = el;
    if (isEventTarget(el)) el.addEventListener("scroll", this.scrolledNow, { passive: true });
  };

  /** The element's offset and size, set only when changed (the data arriving under a stable gutter: no render). */
  measure(): void {
    const el = this.el;
    if (!el) return;
    this.set({
      left: el.scrollLeft,
      top: el.scrollTop,
      width: el.clientWidth,
      height: el.clientHeight,
      measured: true,
    });
  }

  /** The drawn offset follows the element's (a scroll commit, a scroll set here). */
  sync(): void {
    const el = this.el;
    if (el) this.set({ left: el.scrollLeft, top: el.scrollTop });
  }

  /**
   * A scroll of the element (the grid's scroll commit): the drawn offset follows; returns the edge whose months
   * should be loaded when the user scrolled towards it and is near it (within half a screen or 30 days).
   */
  scrolled(scale: TimeScale): Edge | null {
    const el = this.el;
    if (!el) return null;
    this.sync();
    const left = el.scrollLeft;
    const moved = left - this.lastLeft;
    this.lastLeft = left;
    if (moved === 0) return null;
    const width = el.clientWidth - GRID_WIDTH;
    const edge = edgeNear(left, width, scale.width, Math.min(width / 2, 30 * scale.dayWidth));
    return (edge === "start" && moved < 0) || (edge === "end" && moved > 0) ? edge : null;
  }

  /** Brings a place on screen (a picked recalibration, a test): scrolled by the view, so no months are added for it. */
  scrollTo(left: number, top: number): void {
    const el = this.el;
    if (!el) return;
    el.scrollLeft = left;
    el.scrollTop = top;
    this.lastLeft = el.scrollLeft;
  }

  /**
   * The hand tool: scrolls by (dx, dy) as the user would (the scroll event that follows may widen the range).
   * Returns the edge the chart is stuck at when a horizontal pan moved nothing: its months are loaded then.
   */
  panBy(dx: number, dy: number): Edge | null {
    const el = this.el;
    if (!el) return null;
    const left = el.scrollLeft;
    el.scrollLeft = left + dx;
    el.scrollTop = el.scrollTop + dy;
    if (dx === 0 || el.scrollLeft !== left) return null;
    return dx < 0 ? "start" : "end";
  }

  /**
   * Places the scroll for base range `baseKey`, once (before the first paint: the canvas draws today at once): on
   * the day a range action asked for, else today a week back when the range holds it, else its first day.
   */
  place(baseKey: string, base: DayRange, today: number, scale: TimeScale): void {
    const el = this.el;
    if (!el || this.placedFor === baseKey) return;
    const first = this.placedFor === null;
    this.placedFor = baseKey;
    const target = this.placeAtDay ?? (today >= base.firstDay && today <= base.lastDay ? today - 7 : base.firstDay);
    this.placeAtDay = null;
    el.scrollLeft = Math.max(0, (target - scale.firstDay) * scale.dayWidth);
    this.lastLeft = el.scrollLeft;
    // Later changes: the canvas draws the new position in this commit instead of the next scroll event's.
    if (!first) this.set({ left: el.scrollLeft });
  }

  /** A range action ("Tout le projet", "Période par défaut"): the scroll is placed again, on `day` if given. */
  placeAgain(day: number | null): void {
    this.placedFor = "";
    this.placeAtDay = day;
    this.set({ placeSeq: this.state.placeSeq + 1 });
  }

  /** An extension landing: remembers the top row to keep, and the days added before the start. */
  willKeep(daysAdded: number, model: GanttModel | null): void {
    this.pendingKeep = { days: daysAdded, anchor: model && this.el ? topAnchor(model, this.el.scrollTop) : null };
  }

  /** With the widened model: the same days and top row as before the extension. */
  keep(model: GanttModel | null, dayWidth: number): void {
    const k = this.pendingKeep;
    const el = this.el;
    if (!k || !el || !model) return;
    this.pendingKeep = null;
    if (k.days > 0) el.scrollLeft += k.days * dayWidth;
    if (k.anchor) {
      const r = model.rowOfId.get(k.anchor.id);
      if (r !== undefined) el.scrollTop = Math.max(0, model.rows[r].y - k.anchor.offset);
    }
    this.lastLeft = el.scrollLeft;
    this.sync();
  }

  private set(next: Partial<ViewportState>): void {
    const s = this.state;
    if ((Object.keys(next) as (keyof ViewportState)[]).some((k) => s[k] !== next[k])) this.store.setState(next);
  }
}

const isEventTarget = (x: unknown): x is EventTarget =>
  typeof (x as EventTarget | null)?.addEventListener === "function";
