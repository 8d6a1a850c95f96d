// No imports: the browser tests (e2e/helpers.ts) type their calls with this file alone.

/**
 * The planning's test API: what browser tests read of the Gantt (a canvas has no DOM to query) and the few things
 * they do to it. One object, `window.__jalonPlanning`, set when the browser is driven (navigator.webdriver) by the
 * planning view from its session (PlanningSession.testApi); nothing else of the planning is put on window.
 * Days are ISO strings; points are in the page's CSS pixels (what page.mouse takes).
 */
export interface PlanningTestApi {
  /** An event's bar on the page, or null when it has no row. */
  bar: (id: number) => { x: number; y: number; width: number; height: number } | null;
  /** An event's days as drawn (a drag's preview over the committed ones). */
  dates: (id: number) => [string, string] | null;
  /** Brings an event's bar on screen (as a recalibration picked in the list does: no months are added for it). */
  scrollTo: (id: number) => void;
  /** Pixels per day at the current view and zoom. */
  dayWidth: number;
  /** The displayed range's first and last days. */
  range: () => [string, string];
  /** The day at the left edge of the canvas: what an extension before the range's start must keep there. */
  leftDay: () => string;
  /** Whether an event's bar is inside the drawn canvas. */
  onScreen: (id: number) => boolean;
  /**
   * True once the version is loaded, the drawn viewport matches the scroll position (the scroll is applied on the
   * next frame) and no months are being loaded (an extension moves the scroll when it lands).
   */
  settled: () => boolean;
  /** The events shown (after the filters), in model order. */
  ids: () => number[];
  /** The links shown, by their ends; `type` is the engine's number (0 end-begin). */
  links: () => { parentId: number; childId: number; type: number; delay: number }[];
  /**
   * The pointer machine's tools' states, its mode (tools/pointerMachine.ts: idle, pointing, dragging, resizing,
   * linking, committing, panning, selecting-box) and the selection.
   */
  tools: () => { drag: string; link: string; resize: string; mode: string; selection: number[] };
  /**
   * The chart's keyboard (tools/keyboardTool.ts, issue 22): its mode (navigating, linking), the current task, the
   * link's parent while linking, and whether the chart has the focus.
   */
  keyboard: () => { mode: string; current: number | null; linkFrom: number | null; focused: boolean };
  /** A page point on the canvas over no bar, link or link handle: where a press is on the chart's background. */
  emptyPoint: () => { x: number; y: number } | null;
  /**
   * A page point on an empty day of a zone group's title row (else of any row) on screen, off bars and links: where
   * a double click types a new task in place; with the row's group (zone) id, null for an event row.
   */
  emptyRowPoint: () => { x: number; y: number; groupId: number | null } | null;
  /** A point of the link where a click picks it and no other link, off the bars; null when there is none on screen. */
  linkPoint: (parentId: number, childId: number) => { x: number; y: number } | null;
  /** The event rows' ids, top to bottom. */
  rows: () => number[];
  /** An event's lot (participant group), or null. */
  lotOf: (id: number) => number | null;
  /** Broken links, as "parentId-childId". */
  violated: () => string[];
  /** The events on the critical path (the switch on). */
  critical: () => number[];
  /**
   * What the last frame drew of the readability marks (issues 20 and 22): critical bars (ids) and links
   * ("parentId-childId"), how many links were on screen and drawn (past 300 only the selection's), and the compare
   * badges (event id, text, box in page pixels).
   */
  readable: () => {
    criticalBars: number[];
    criticalLinks: string[];
    linksOnScreen: number;
    linksDrawn: number;
    badges: { id: number; text: string; x: number; y: number; width: number }[];
    /** Bars drawn with their progress mark, and with their padlock (issue 22: states told without colour). */
    progressBars: number[];
    lockedBars: number[];
  };
  /**
   * The version's counted tasks (`partial`: those under way, whose mark has a tick) and locked events: the states
   * drawn with a mark besides their colour.
   */
  barStates: () => { progress: number[]; partial: number[]; locked: number[] };
}
