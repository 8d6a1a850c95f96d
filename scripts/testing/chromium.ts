// Debian's Chromium as the browser tests and the web benchmark run it (never a downloaded browser): one list of
// flags, so that both drive the same browser.
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  // Chromium 156 opens a renderer for the omnibox popup's WebUI (chrome://omnibox-popup.top-chrome) in every new
  // window, so in every Playwright context: its ~120 ms of CPU landed in the middle of the page's load on a 2-core
  // machine (bench/web traces, "WebUI Top Renderer"). A real browser opens it once per window, not per tab.
  "--disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup",
];
