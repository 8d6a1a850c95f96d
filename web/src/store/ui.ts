// Layout state, persisted locally (version 1, layout only: spec 000 section 9).
import { create } from "zustand";
import { persist } from "zustand/middleware";
import { immer } from "zustand/middleware/immer";

export const PIN_MIN_WIDTH = 1100;
export const MOBILE_MAX_WIDTH = 600;
export const MAX_COMPARED_VERSIONS = 4;

interface UiState {
  /** null: follow the default (pinned when the window is at least 1100 px wide). */
  navPinned: boolean | null;
  navOpen: boolean;
  versionsPanelOpen: boolean;
  comparedVersionIds: number[];
  /** The project a public page shows (the public planning): the document's title names it. Not persisted. */
  publicProjectName: string | null;
  setPublicProjectName: (name: string | null) => void;
  setNavPinned: (pinned: boolean) => void;
  setNavOpen: (open: boolean) => void;
  setVersionsPanelOpen: (open: boolean) => void;
  setComparedVersionIds: (ids: number[]) => void;
}

export const useUi = create<UiState>()(
  persist(
    immer((set) => ({
      navPinned: null,
      navOpen: false,
      versionsPanelOpen: false,
      comparedVersionIds: [],
      publicProjectName: null,
      setPublicProjectName: (name) =>
        set((s) => {
          s.publicProjectName = name;
        }),
      setNavPinned: (pinned) =>
        set((s) => {
          s.navPinned = pinned;
        }),
      setNavOpen: (open) =>
        set((s) => {
          s.navOpen = open;
        }),
      setVersionsPanelOpen: (open) =>
        set((s) => {
          s.versionsPanelOpen = open;
        }),
      setComparedVersionIds: (ids) =>
        set((s) => {
          s.comparedVersionIds = ids;
        }),
    })),
    { name: "jalon.layout", version: 1, partialize: (s) => ({ navPinned: s.navPinned }) },
  ),
);

export function isPinnedByDefault(width: number): boolean {
  return width >= PIN_MIN_WIDTH;
}
