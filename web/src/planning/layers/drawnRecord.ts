/**
 * What the last frame drew of the readability layers (critical bars and links, compare badges, links hidden by
 * the link filter), read by the browser tests' API (session/testApi.ts) since a canvas has no DOM. Filled only
 * when the browser is driven by tests: a user's frames write nothing here.
 */
export interface DrawnRecord {
  criticalBars: number[];
  /** "parentId-childId" of the critical links drawn. */
  criticalLinks: string[];
  linksDrawn: number;
  linksOnScreen: number;
  /** Compare badges: event id, text and place in content coordinates. */
  badges: { id: number; text: string; x: number; y: number; width: number }[];
  /** Bars drawn with their progress mark (underline, tick, percentage) and with their padlock (issue 22). */
  progressBars: number[];
  lockedBars: number[];
}

export const recording = typeof navigator !== "undefined" && navigator.webdriver === true;

export const drawnRecord: DrawnRecord = {
  criticalBars: [],
  criticalLinks: [],
  linksDrawn: 0,
  linksOnScreen: 0,
  badges: [],
  progressBars: [],
  lockedBars: [],
};
