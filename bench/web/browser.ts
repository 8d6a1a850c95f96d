// What run.ts and quick.ts share about the browser: Debian's Chromium, its flags, and the drag target brought on
// screen the same way (so both measure the same gesture).
import type { Page } from "@playwright/test";
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from "../../scripts/testing/chromium.js";
import { READY_MESSAGE } from "./ready.js";

export const CHROMIUM = CHROMIUM_PATH;
export const FLAGS = CHROMIUM_FLAGS;
/** dhtmlx's stylesheet asks Google Fonts for Inter: nothing leaves the machine, both pages use local fonts. */
export const OFFLINE = "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1";

// The page's globals as these functions use them in the browser (the bench compiles without the DOM's types).
declare const window: { __bench: { frames: (n: number) => Promise<void> } };
declare const document: {
  querySelector: (s: string) => {
    getBoundingClientRect: () => { left: number; top: number; height: number };
    scrollTop: number;
    scrollLeft: number;
    scrollWidth: number;
    clientWidth: number;
  } | null;
};

/**
 * Scrolls the drag target's bar into view, waits for the frames to settle, and answers where to press on it
 * (y -1 when its row is not on screen).
 */
export async function aimAtDragTarget(
  page: Page,
  d: { id: number; rowY: number; barX: number; barWidth: number },
): Promise<{ x: number; y: number }> {
  await page.evaluate(({ rowY, barX }) => {
    const el = document.querySelector('[data-testid="planning-scroller"]')!;
    el.scrollTop = Math.max(0, rowY - 240);
    el.scrollLeft = Math.max(0, Math.min(barX - 200, el.scrollWidth - el.clientWidth));
  }, d);
  await page.evaluate(() => window.__bench.frames(20));
  return page.evaluate((d) => {
    const el = document.querySelector('[data-testid="planning-scroller"]')!;
    const canvas = document.querySelector('[data-testid="gantt-canvas"]')!.getBoundingClientRect();
    const row = document.querySelector(`[data-testid="grid-row"][data-event-id="${d.id}"]`)?.getBoundingClientRect();
    return {
      x: canvas.left + d.barX - el.scrollLeft + Math.min(4, d.barWidth / 2),
      y: row ? row.top + row.height / 2 : -1,
    };
  }, d);
}

/**
 * Opens a harness page and waits for its ready message (app/probe.tsx): nothing is evaluated in the page while it
 * loads. Polling it with waitForFunction made Playwright evaluate its injected script (300 KB) in the page at commit:
 * 10-30 ms of the main thread inside the first paint it measures, for both pages.
 */
export async function openHarness(page: Page, url: string, timeout: number): Promise<void> {
  const ready = page.waitForEvent("console", { predicate: (m) => m.text() === READY_MESSAGE, timeout });
  await page.goto(url, { waitUntil: "commit" });
  await ready;
}
