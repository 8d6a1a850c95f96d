import { create } from "zustand";

/**
 * Which links the chart draws. With many links on screen the arrows hide the bars, so past MANY_LINKS only the
 * selection's links are drawn (and the critical ones while the critical path is shown), as Bryntum and MS Project
 * users do with "show links of the selected task"; the toolbar's "Toutes les liaisons" draws them all again.
 */
export const MANY_LINKS = 300;

export type LinkDisplay = "all" | "selection";

/** "all" below the threshold or when the user asked for every link, else "selection". */
export function linkDisplay(onScreen: number, allLinks: boolean, threshold = MANY_LINKS): LinkDisplay {
  return allLinks || onScreen <= threshold ? "all" : "selection";
}

/** Whether a link is drawn under the display: in "selection", a link touching the selection or on the critical path. */
export function linkShown(
  display: LinkDisplay,
  parentId: number,
  childId: number,
  selection: ReadonlySet<number>,
  critical: boolean,
): boolean {
  return display === "all" || critical || selection.has(parentId) || selection.has(childId);
}

/** The toolbar's "Toutes les liaisons" and what the last frame hid (for the chart's legend). */
export interface LinkDisplayState {
  allLinks: boolean;
  /** Links on screen that the last frame did not draw (0 when all were drawn). */
  hidden: number;
  toggleAllLinks: () => void;
}

export const useLinkDisplay = create<LinkDisplayState>((set) => ({
  allLinks: false,
  hidden: 0,
  toggleAllLinks: () => set((s) => ({ allLinks: !s.allLinks })),
}));

/**
 * The links the last frame drew, by index, so that a click picks only a drawn link (tools/linkHit.ts): a mask
 * over the model's links, stamped by the frame. `filtering` false: every link on screen was drawn.
 */
let maskModel: object | null = null;
let mask = new Uint8Array(0);
let filtering = false;

export function beginFrame(model: object, links: number, filtered: boolean): void {
  filtering = filtered;
  if (!filtered) return;
  if (maskModel !== model || mask.length !== links) {
    maskModel = model;
    mask = new Uint8Array(links);
  } else mask.fill(0);
}

export function markDrawn(k: number): void {
  if (filtering) mask[k] = 1;
}

/** Whether link k of the model was drawn by the last frame (true for every link when nothing was hidden). */
export function wasDrawn(model: object, k: number): boolean {
  return !filtering || (maskModel === model && mask[k] === 1);
}
