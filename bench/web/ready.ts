/** The console message of a harness page whose first paint is measured or has failed (app/probe.tsx, browser.ts). */
export const READY_MESSAGE = "bench:ready";
