import "@testing-library/jest-dom/vitest";
import { afterEach, beforeEach, vi } from "vitest";
import { cleanup, configure } from "@testing-library/react";
import { initI18n } from "../i18n";
import { fr } from "../i18n/fr";
import { resetStores } from "./stores";

void initI18n(fr);

// Fluent UI trees are large for jsdom's accessibility queries: give screen tests room.
// Screens are lazy modules: the first import in a test file includes their transform.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 15_000 });

// jsdom gaps used by Fluent UI.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (!("ResizeObserver" in window)) {
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = ResizeObserverStub;
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {};

// Tabster (Fluent UI's focus manager) hides everything outside the active modal with aria-hidden, on a timer
// that reads which modal holds the focus. Under jsdom focus does not always reach it as in a browser, and an
// open dialog can end up aria-hidden itself, invisible to role queries. Open modal dialogs are kept visible
// here; the Playwright run checks that real dialogs are not aria-hidden.
new MutationObserver((records) => {
  for (const r of records) {
    const el = r.target as Element;
    if (el.getAttribute("aria-hidden") === "true" && el.getAttribute("aria-modal") === "true")
      el.removeAttribute("aria-hidden");
  }
}).observe(document.body, { subtree: true, attributes: true, attributeFilter: ["aria-hidden"] });

beforeEach(() => {
  resetStores();
  Object.defineProperty(window, "innerWidth", { configurable: true, writable: true, value: 1280 });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  resetStores();
});
