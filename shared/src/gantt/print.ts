import { parseDay } from "@jalon/engine";
import { type GanttRow } from "./layout.js";
import { type PlanningView, type TimeScale } from "./timeScale.js";

/**
 * Tiling of a printed plan: which months and which rows go on which sheet. The server's PDF draws from it and
 * the web's print dialog previews the same grid, so both count the same pages. Rows and bars keep the screen's
 * layout units (pixels of ROW_HEIGHT); the PDF multiplies them by PX_TO_PT.
 */
export type PageFormat = "A4" | "A3" | "A1";
export type PageOrientation = "landscape" | "portrait";
export const PAGE_FORMATS: readonly PageFormat[] = ["A4", "A3", "A1"];
export const PAGE_ORIENTATIONS: readonly PageOrientation[] = ["landscape", "portrait"];
export const MONTHS_PER_PAGE_MAX = 24;

/** ISO 216 sizes, portrait, in millimetres. */
const SIZES_MM: Record<PageFormat, readonly [number, number]> = { A4: [210, 297], A3: [297, 420], A1: [594, 841] };
const PT_PER_MM = 72 / 25.4;

/** One layout pixel is half a point on paper: a 24 px row prints 12 pt (4.2 mm) high, readable at arm's length. */
export const PX_TO_PT = 0.5;

/** The fixed parts of a sheet, in points. */
export const PRINT_FRAME = {
  margin: 24,
  header: 34,
  timeHeader: 26,
  footer: 16,
  /**
   * Row names, then start and end dates. Dates dd/MM/yyyy as everywhere (issue 20): 31 pt at 6 pt in DejaVu Sans
   * Condensed, plus the 3 pt before it and a gap after; the names give the 8 pt, so the grid keeps its width.
   */
  nameWidth: 162,
  dateWidth: 42,
  legendLine: 12,
  legendItemWidth: 130,
  legendPadding: 8,
} as const;
export const PRINT_GRID_WIDTH = PRINT_FRAME.nameWidth + 2 * PRINT_FRAME.dateWidth;

export interface PrintOptions {
  format: PageFormat;
  orientation: PageOrientation;
  monthsPerPage: number;
  /** The printed range; it is widened to whole months. */
  firstDay: number;
  lastDay: number;
  /** Lots and link types shown under the plan on every sheet; 0 for none. */
  legendItems: number;
}

export interface PrintColumn {
  readonly firstDay: number;
  readonly lastDay: number;
  readonly scale: TimeScale;
}

export interface PrintBand {
  /** Rows [from, to) of the plan. */
  readonly from: number;
  readonly to: number;
  /** y of the band's first row, in layout pixels. */
  readonly top: number;
}

export interface PrintPage {
  /** 0-based; sheets go left to right, then down, as they are pinned on a wall. */
  readonly index: number;
  readonly column: number;
  readonly band: number;
}

export interface PrintPlan {
  readonly width: number;
  readonly height: number;
  /** Where the plot (bars) starts on a sheet and how big it is, in points. */
  readonly plot: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
  readonly legendHeight: number;
  readonly legendPerLine: number;
  readonly dayWidth: number;
  readonly columns: readonly PrintColumn[];
  readonly bands: readonly PrintBand[];
  readonly pages: readonly PrintPage[];
}

export function pageSize(format: PageFormat, orientation: PageOrientation): { width: number; height: number } {
  const [w, h] = SIZES_MM[format];
  const [a, b] = orientation === "portrait" ? [w, h] : [h, w];
  return { width: a * PT_PER_MM, height: b * PT_PER_MM };
}

function ym(day: number): [number, number] {
  const d = new Date(day * 86_400_000);
  return [d.getUTCFullYear(), d.getUTCMonth()];
}

const monthStart = (y: number, m: number) => Date.UTC(y, m, 1) / 86_400_000;

/** Months [firstDay, lastDay] cut into slices of n whole months. */
export function monthSlices(firstDay: number, lastDay: number, n: number): { firstDay: number; lastDay: number }[] {
  const [y0, m0] = ym(firstDay);
  const out: { firstDay: number; lastDay: number }[] = [];
  for (let k = 0; ; k += n) {
    const from = monthStart(y0, m0 + k);
    if (from > lastDay) break;
    out.push({ firstDay: from, lastDay: monthStart(y0, m0 + k + n) - 1 });
  }
  return out;
}

/** Which header the printed time scale uses, from the width of a day on paper: days, weeks or months. */
export function printView(dayWidthPx: number): PlanningView {
  if (dayWidthPx * PX_TO_PT >= 15) return "week";
  if (dayWidthPx * PX_TO_PT >= 2.5) return "month";
  return "year";
}

export function printScale(dayWidth: number, firstDay: number, lastDay: number): TimeScale {
  return {
    view: printView(dayWidth),
    zoom: 75,
    firstDay,
    lastDay,
    dayWidth,
    width: (lastDay - firstDay + 1) * dayWidth,
  };
}

/**
 * Cuts the rows into bands that fit a sheet's height. A group heading never ends a band (it moves to the next
 * sheet with its first task), and a band always holds at least one row so that a too-tall row cannot loop.
 */
export function rowBands(rows: readonly GanttRow[], heightPx: number): PrintBand[] {
  const bands: PrintBand[] = [];
  let from = 0;
  while (from < rows.length) {
    const top = rows[from].y;
    let to = from + 1;
    while (to < rows.length && rows[to].y + rows[to].height - top <= heightPx) to++;
    if (to < rows.length && to - from > 1 && rows[to - 1].kind === "group") to--;
    bands.push({ from, to, top });
    from = to;
  }
  if (bands.length === 0) bands.push({ from: 0, to: 0, top: 0 });
  return bands;
}

export function planPrint(rows: readonly GanttRow[], o: PrintOptions): PrintPlan {
  const { width, height } = pageSize(o.format, o.orientation);
  const f = PRINT_FRAME;
  const months = Math.min(MONTHS_PER_PAGE_MAX, Math.max(1, Math.round(o.monthsPerPage)));
  const inner = width - 2 * f.margin;
  const legendPerLine = Math.max(1, Math.floor(inner / f.legendItemWidth));
  const legendHeight =
    o.legendItems > 0 ? Math.ceil(o.legendItems / legendPerLine) * f.legendLine + f.legendPadding : 0;
  const plot = {
    x: f.margin + PRINT_GRID_WIDTH,
    y: f.margin + f.header + f.timeHeader,
    width: inner - PRINT_GRID_WIDTH,
    height: height - 2 * f.margin - f.header - f.timeHeader - f.footer - legendHeight,
  };
  const slices = monthSlices(o.firstDay, o.lastDay, months);
  // One scale for every sheet (the longest slice fills the width), so sheets pinned side by side line up.
  const longest = Math.max(...slices.map((s) => s.lastDay - s.firstDay + 1));
  const dayWidth = plot.width / PX_TO_PT / longest;
  const columns = slices.map((s) => ({ ...s, scale: printScale(dayWidth, s.firstDay, s.lastDay) }));
  const bands = rowBands(rows, plot.height / PX_TO_PT);
  const pages: PrintPage[] = [];
  for (let b = 0; b < bands.length; b++)
    for (let c = 0; c < columns.length; c++) pages.push({ index: pages.length, column: c, band: b });
  return { width, height, plot, legendHeight, legendPerLine, dayWidth, columns, bands, pages };
}

/** A printed range given as yyyy-MM or yyyy-MM-dd, widened to whole months. */
export function printRange(start: string, end: string): { firstDay: number; lastDay: number } {
  const a = parseDay(`${start.slice(0, 7)}-01`);
  const [y, m] = ym(parseDay(`${end.slice(0, 7)}-01`));
  return { firstDay: a, lastDay: monthStart(y, m + 1) - 1 };
}
