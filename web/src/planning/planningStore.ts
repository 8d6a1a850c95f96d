import { create } from "zustand";
import { immer } from "zustand/middleware/immer";
import { DEFAULT_VIEW, DEFAULT_ZOOM, clampZoom, type Grouping, type PlanningView } from "@jalon/shared/gantt";
import { DEFAULT_COLUMN_WIDTHS } from "./grid/columnWidths";

export type PlanningMode = "construction" | "recalibration" | "ordering" | "print" | "signing";

export interface PlanningFilters {
  participantGroupProIds: number[];
  participantIds: number[];
  zoneIds: number[];
  tagIds: number[];
  macroTaskIds: number[];
  sequenceIds: number[];
  eventNames: string[];
  categoryIds: number[];
  specialityIds: number[];
  /** Order-line families (tasks with order lines of those families, or of a macro-task with such lines). */
  familyIds: number[];
  blockedSequences: boolean;
  /** Only tasks whose prerequisites are not all compliant by their start ("contrôles en retard"). */
  lateControls: boolean;
  /** ISO days; start is read as start of day, end as end of day. */
  startDate: string | null;
  endDate: string | null;
  /** Recalibration range (ISO days): only events shifted between these days. */
  recalibrationFrom: string | null;
  recalibrationTo: string | null;
}

export const EMPTY_FILTERS: PlanningFilters = {
  participantGroupProIds: [],
  participantIds: [],
  zoneIds: [],
  tagIds: [],
  macroTaskIds: [],
  sequenceIds: [],
  eventNames: [],
  categoryIds: [],
  specialityIds: [],
  familyIds: [],
  blockedSequences: false,
  lateControls: false,
  startDate: null,
  endDate: null,
  recalibrationFrom: null,
  recalibrationTo: null,
};

/** What a click on a bar does besides selecting (spec 000 "selection modes"). */
export type PickMode = "none" | "child" | "parent" | "milestone" | "task";

interface PlanningState {
  projectId: number | null;
  view: PlanningView;
  zoom: number;
  grouping: Grouping;
  mode: PlanningMode;
  showCritical: boolean;
  /** The chart shown as a table (issue 22): what a screen reader reads instead of the canvas. */
  tableView: boolean;
  /** The grid's column widths (grid/columnWidths.ts), in GRID_COLUMNS order. */
  columnWidths: readonly number[];
  filters: PlanningFilters;
  selection: number[];
  pickMode: PickMode;
  /** Group ids (zone, lot or sequence of the current grouping) drawn as one merged row. */
  aggregated: number[];
  /** Row order chosen by the user (event ids), applied inside each group; kept while in the project. */
  rowOrder: number[];
  /** Requests the toolbar makes of the view: move the selected row up or down, show one event. */
  rowMove: { dir: -1 | 1; seq: number } | null;
  focus: { id: number; seq: number } | null;
  /** The toolbar's range actions for the view: "Tout le projet" or back to the default months (issue 14). */
  rangeRequest: { kind: "project" | "default"; seq: number } | null;
  /** The days the view shows (ISO, first and last), written by the view for the toolbar. */
  shownRange: { from: string; to: string } | null;
  /** Filters are kept while the user stays in the same project. */
  enterProject: (projectId: number) => void;
  setView: (view: PlanningView) => void;
  setZoom: (zoom: number) => void;
  setGrouping: (g: Grouping) => void;
  setMode: (m: PlanningMode) => void;
  toggleCritical: () => void;
  setTableView: (on: boolean) => void;
  setColumnWidths: (widths: readonly number[]) => void;
  setFilters: (f: Partial<PlanningFilters>) => void;
  setSelection: (ids: number[]) => void;
  resetFilters: () => void;
  setPickMode: (m: PickMode) => void;
  toggleAggregated: (groupId: number) => void;
  setAggregated: (ids: number[]) => void;
  setRowOrder: (ids: number[]) => void;
  requestRowMove: (dir: -1 | 1) => void;
  focusEvent: (id: number) => void;
  requestRange: (kind: "project" | "default") => void;
  setShownRange: (r: { from: string; to: string } | null) => void;
}

export const usePlanningStore = create<PlanningState>()(
  immer((set) => ({
    projectId: null,
    view: DEFAULT_VIEW,
    zoom: DEFAULT_ZOOM,
    grouping: "zone",
    mode: "construction",
    showCritical: false,
    tableView: false,
    columnWidths: DEFAULT_COLUMN_WIDTHS,
    filters: EMPTY_FILTERS,
    selection: [],
    pickMode: "none",
    aggregated: [],
    rowOrder: [],
    rowMove: null,
    focus: null,
    rangeRequest: null,
    shownRange: null,
    enterProject: (projectId) =>
      set((s) => {
        if (s.projectId === projectId) return;
        s.projectId = projectId;
        s.filters = EMPTY_FILTERS;
        s.selection = [];
        s.pickMode = "none";
        s.aggregated = [];
        s.rowOrder = [];
      }),
    setView: (view) => set((s) => void (s.view = view)),
    setZoom: (zoom) => set((s) => void (s.zoom = clampZoom(zoom))),
    setGrouping: (g) =>
      set((s) => {
        // Aggregated ids name groups of the previous grouping (a zone id is not a lot id).
        if (s.grouping !== g) s.aggregated = [];
        s.grouping = g;
      }),
    setMode: (m) => set((s) => void (s.mode = m)),
    toggleCritical: () => set((s) => void (s.showCritical = !s.showCritical)),
    setTableView: (on) => set((s) => void (s.tableView = on)),
    setColumnWidths: (widths) => set((s) => void (s.columnWidths = [...widths])),
    setFilters: (f) => set((s) => void Object.assign(s.filters, f)),
    setSelection: (ids) => set((s) => void (s.selection = ids)),
    resetFilters: () => set((s) => void (s.filters = EMPTY_FILTERS)),
    setPickMode: (m) => set((s) => void (s.pickMode = m)),
    toggleAggregated: (groupId) =>
      set((s) => {
        s.aggregated = s.aggregated.includes(groupId)
          ? s.aggregated.filter((x) => x !== groupId)
          : [...s.aggregated, groupId];
      }),
    setAggregated: (ids) => set((s) => void (s.aggregated = ids)),
    setRowOrder: (ids) => set((s) => void (s.rowOrder = ids)),
    requestRowMove: (dir) => set((s) => void (s.rowMove = { dir, seq: (s.rowMove?.seq ?? 0) + 1 })),
    focusEvent: (id) =>
      set((s) => {
        s.selection = [id];
        s.focus = { id, seq: (s.focus?.seq ?? 0) + 1 };
      }),
    requestRange: (kind) => set((s) => void (s.rangeRequest = { kind, seq: (s.rangeRequest?.seq ?? 0) + 1 })),
    setShownRange: (r) =>
      set((s) => {
        if (s.shownRange?.from !== r?.from || s.shownRange?.to !== r?.to) s.shownRange = r;
      }),
  })),
);
