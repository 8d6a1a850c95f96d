import { jsPDF } from "jspdf";
import { dayOfWeek, formatDay } from "@jalon/engine";
import {
  barGeometry,
  dayToX,
  headerTicks,
  collectSpans,
  linkPath,
  MAX_ROUTED_ROWS,
  milestoneGeometry,
  outlineOf,
  planPrint,
  PRINT_FRAME,
  progressLabel,
  PX_TO_PT,
  textColorOn,
  type BarGeometry,
  type GanttEvent,
  type GanttRow,
  type PageFormat,
  type PageOrientation,
  type PrintPlan,
  type TimeScale,
} from "@jalon/shared/gantt";
import { AppError, LINK_TYPES } from "@jalon/shared";
import { frDay } from "../csv.js";
import { PDF_FONT, registerFonts } from "./fonts.js";

export interface PrintLink {
  parentId: number;
  childId: number;
  /** 0 end-begin, 1 begin-begin, 2 end-end, 3 begin-end (the graph columns' code). */
  type: number;
}

export interface PlanningPrintInput {
  projectName: string;
  versionName: string;
  printingName: string;
  /** dd/MM/yyyy, Europe/Paris. */
  printedOn: string;
  events: readonly GanttEvent[];
  rows: readonly GanttRow[];
  links: readonly PrintLink[];
  format: PageFormat;
  orientation: PageOrientation;
  monthsPerPage: number;
  firstDay: number;
  lastDay: number;
  /** Days closed for the whole project (holidays, vacations), shaded. */
  closedDays: ReadonlySet<number>;
  /** Lots shown in the legend; null prints no legend. */
  legend: { name: string; color: string }[] | null;
  /** Refused beyond this many sheets (checked before drawing any). */
  maxPages?: number;
}

/** Each link type has its own stroke on paper, explained by the legend. */
const LINK_STYLE: readonly { label: string; dash: number[]; color: string }[] = [
  { label: "Fin → Début", dash: [], color: "#505050" },
  { label: "Début → Début", dash: [3, 1.5], color: "#1F5FA8" },
  { label: "Fin → Fin", dash: [1, 1.2], color: "#8A3FA0" },
  { label: "Début → Fin", dash: [4, 1.5, 1, 1.5], color: "#B5651D" },
];
const K = PX_TO_PT;
const GREY = {
  line: "#D6D6D6",
  month: "#9E9E9E",
  group: "#EFEFEF",
  header: "#F5F5F5",
  closed: "#FCE8D8",
  weekend: "#F3F3F3",
  text: "#242424",
  muted: "#616161",
};

/** dd/MM/yyyy, as every screen and export of the product (issue 20: the grid printed dd/MM/yy). */
const frenchDate = (day: number): string => frDay(formatDay(day)) ?? "";

/**
 * Texts cut to a width with an ellipsis. Names repeat on every column of sheets and bar labels on every sheet,
 * so widths are measured once per text (jspdf measures glyph by glyph) and the cut starts from a proportional
 * guess instead of a search.
 */
function fitter(doc: jsPDF) {
  const widths = new Map<string, number>();
  const width = (text: string, size: number): number => {
    const key = `${size}|${text}`;
    let w = widths.get(key);
    if (w === undefined) {
      doc.setFontSize(size);
      w = doc.getTextWidth(text);
      widths.set(key, w);
    }
    return w;
  };
  return (text: string, maxWidth: number, size: number): string => {
    const full = width(text, size);
    if (full <= maxWidth) return text;
    let n = Math.min(text.length - 1, Math.floor((text.length * maxWidth) / full));
    while (n > 0 && width(`${text.slice(0, n).trimEnd()}…`, size) > maxWidth) n--;
    return n > 0 ? `${text.slice(0, n).trimEnd()}…` : "";
  };
}

/** The plan as a vector PDF with real text, tiled over as many sheets as it needs. */
export function renderPlanningPdf(input: PlanningPrintInput): { pdf: Buffer; pages: number; plan: PrintPlan } {
  const legendItems = input.legend ? input.legend.length + LINK_TYPES.length : 0;
  const plan = planPrint(input.rows, {
    format: input.format,
    orientation: input.orientation,
    monthsPerPage: input.monthsPerPage,
    firstDay: input.firstDay,
    lastDay: input.lastDay,
    legendItems,
  });
  if (input.maxPages !== undefined && plan.pages.length > input.maxPages) {
    throw new AppError("errors.validation", {
      message: `Impression trop grande : ${plan.pages.length} pages (${input.maxPages} au plus)`,
      details: { pages: plan.pages.length, max: input.maxPages },
    });
  }
  const doc = new jsPDF({
    unit: "pt",
    format: [plan.width, plan.height],
    orientation: input.orientation,
    compress: true,
  });
  doc.setProperties({
    title: `${input.projectName} — ${input.printingName}`,
    subject: `Version ${input.versionName}`,
    creator: "Jalon",
  });
  registerFonts(doc);
  const fit = fitter(doc);
  const indexOfId = new Map<number, number>();
  input.events.forEach((e, i) => indexOfId.set(e.id, i));
  const rowOfId = new Map<number, number>();
  input.rows.forEach((r, i) => {
    if (r.kind === "event") rowOfId.set(input.events[r.events[0]].id, i);
  });
  const linksOfRow: number[][] = input.rows.map(() => []);
  input.links.forEach((l, k) => {
    const rp = rowOfId.get(l.parentId);
    const rc = rowOfId.get(l.childId);
    if (rp === undefined || rc === undefined) return;
    linksOfRow[rp].push(k);
    if (rc !== rp) linksOfRow[rc].push(k);
  });
  const total = plan.pages.length;
  const linkDrawnOn = new Int32Array(input.links.length).fill(-1);
  for (const page of plan.pages) {
    if (page.index > 0) doc.addPage([plan.width, plan.height], input.orientation);
    const column = plan.columns[page.column];
    const band = plan.bands[page.band];
    const ctx: PageCtx = {
      doc,
      plan,
      scale: column.scale,
      top: band.top,
      from: band.from,
      to: band.to,
      input,
      fit,
      rowOfId,
      indexOfId,
      linksOfRow,
      linkDrawnOn,
      pageIndex: page.index,
    };
    drawHeader(ctx, page.index + 1, total, page.column, page.band);
    // What repeats from sheet to sheet (a band's row names on every column of sheets, a column's time scale,
    // the legend) is drawn once as a PDF form and placed on each sheet: text is jspdf's costliest operation.
    drawOnce(doc, `time${page.column}`, () => drawTimeHeader(ctx));
    // Shading first, so row separators and group rows stay visible across closed days.
    clipToPlot(ctx, () => drawClosedDays(ctx));
    drawOnce(doc, `band${page.band}`, () => drawRowNames(ctx));
    clipToPlot(ctx, () => {
      drawTickLines(ctx);
      drawLinks(ctx);
      drawBars(ctx);
    });
    if (input.legend) drawOnce(doc, "legend", () => drawLegend(ctx, input.legend!));
  }
  return { pdf: Buffer.from(doc.output("arraybuffer")), pages: total, plan };
}

const IDENTITY = (doc: jsPDF) =>
  new (doc as unknown as { Matrix: new (...v: number[]) => unknown }).Matrix(1, 0, 0, 1, 0, 0);
const drawnForms = new WeakMap<jsPDF, Set<string>>();

/** Draws into a form the first time a key is seen, then places the form on the current sheet. */
function drawOnce(doc: jsPDF, key: string, draw: () => void): void {
  let done = drawnForms.get(doc);
  if (!done) drawnForms.set(doc, (done = new Set()));
  if (!done.has(key)) {
    const [w, h] = [doc.internal.pageSize.getWidth(), doc.internal.pageSize.getHeight()];
    doc.beginFormObject(0, 0, w, h, IDENTITY(doc));
    draw();
    doc.endFormObject(key);
    done.add(key);
  }
  doc.doFormObject(key, IDENTITY(doc));
}

interface PageCtx {
  doc: jsPDF;
  plan: PrintPlan;
  scale: TimeScale;
  /** y of the band's first row, layout pixels. */
  top: number;
  from: number;
  to: number;
  input: PlanningPrintInput;
  fit: (text: string, maxWidth: number, size: number) => string;
  rowOfId: ReadonlyMap<number, number>;
  indexOfId: ReadonlyMap<number, number>;
  linksOfRow: number[][];
  /** Per link, the last sheet it was drawn on. */
  linkDrawnOn: Int32Array;
  pageIndex: number;
}

const X = (c: PageCtx, x: number) => c.plan.plot.x + x * K;
const Y = (c: PageCtx, y: number) => c.plan.plot.y + (y - c.top) * K;

function bandHeight(c: PageCtx): number {
  if (c.to <= c.from) return 0;
  const last = c.input.rows[c.to - 1];
  return (last.y + last.height - c.top) * K;
}

function clipToPlot(c: PageCtx, draw: () => void): void {
  const { doc, plan } = c;
  doc.saveGraphicsState();
  doc.rect(
    plan.plot.x,
    plan.plot.y - PRINT_FRAME.timeHeader,
    plan.plot.width,
    plan.plot.height + PRINT_FRAME.timeHeader,
    null,
  );
  doc.clip();
  doc.discardPath();
  draw();
  doc.restoreGraphicsState();
}

function drawHeader(c: PageCtx, n: number, total: number, col: number, band: number): void {
  const { doc, plan, input } = c;
  const m = PRINT_FRAME.margin;
  const right = plan.width - m;
  doc.setTextColor(GREY.text);
  doc.setFont(PDF_FONT, "bold");
  doc.setFontSize(12);
  // The printing name is the sheet's title; the project, version and day follow on the second line.
  doc.text(c.fit(input.printingName || input.projectName, plan.width - 2 * m - 150, 12), m, m + 10);
  doc.setFont(PDF_FONT, "normal");
  doc.setFontSize(8);
  doc.setTextColor(GREY.muted);
  const second = `${input.printingName ? `${input.projectName}    ` : ""}Version : ${input.versionName}    Imprimé le ${input.printedOn}`;
  doc.text(c.fit(second, plan.width - 2 * m - 150, 8), m, m + 23);
  doc.setTextColor(GREY.text);
  doc.setFontSize(9);
  doc.text(`Page ${n} / ${total}`, right, m + 10, { align: "right" });
  doc.setFontSize(7);
  doc.setTextColor(GREY.muted);
  doc.text(`Colonne ${col + 1}/${plan.columns.length} · Ligne ${band + 1}/${plan.bands.length}`, right, m + 23, {
    align: "right",
  });
  doc.setTextColor(GREY.text);
}

function drawTimeHeader(c: PageCtx): void {
  const { doc, plan } = c;
  const h = PRINT_FRAME.timeHeader;
  const y0 = plan.plot.y - h;
  const gridX = PRINT_FRAME.margin;
  doc.setFillColor(GREY.header);
  doc.setDrawColor(GREY.line);
  doc.setLineWidth(0.5);
  doc.rect(gridX, y0, plan.plot.x + plan.plot.width - gridX, h, "FD");
  doc.setFontSize(7);
  doc.setFont(PDF_FONT, "bold");
  doc.text("Tâche", gridX + 4, y0 + h - 5);
  doc.text("Début", gridX + PRINT_FRAME.nameWidth + 3, y0 + h - 5);
  doc.text("Fin", gridX + PRINT_FRAME.nameWidth + PRINT_FRAME.dateWidth + 3, y0 + h - 5);
  doc.setFont(PDF_FONT, "normal");
  const { top, bottom } = headerTicks(c.scale);
  clipToPlot(c, () => {
    for (const [ticks, yTop, size] of [
      [top, y0, 7],
      [bottom, y0 + h / 2, 6],
    ] as const) {
      for (const t of ticks) {
        const x = X(c, t.x);
        const w = t.width * K;
        doc.line(x, yTop, x, yTop + h / 2);
        // A narrow day keeps its number ("LUN 12" -> "12") rather than an ellipsis.
        let label = c.fit(t.label, w - 2, size);
        if (label !== t.label) label = c.fit(t.label.split(" ").at(-1) ?? "", w - 2, size);
        if (label) {
          doc.setFontSize(size);
          doc.text(label, x + w / 2, yTop + h / 4, { align: "center", baseline: "middle" });
        }
      }
    }
    doc.line(plan.plot.x, y0 + h / 2, plan.plot.x + plan.plot.width, y0 + h / 2);
  });
  doc.line(plan.plot.x, y0, plan.plot.x, y0 + h);
}

function drawRowNames(c: PageCtx): void {
  const { doc, input, plan } = c;
  const x0 = PRINT_FRAME.margin;
  const fullWidth = plan.plot.x + plan.plot.width - x0;
  doc.setLineWidth(0.3);
  for (let r = c.from; r < c.to; r++) {
    const row = input.rows[r];
    const y = Y(c, row.y);
    const h = row.height * K;
    if (row.kind !== "event") {
      doc.setFillColor(GREY.group);
      doc.rect(x0, y, fullWidth, h, "F");
      doc.setFont(PDF_FONT, "bold");
      doc.setFontSize(7);
      doc.text(c.fit(row.label, PRINT_FRAME.nameWidth + 2 * PRINT_FRAME.dateWidth - 8, 7), x0 + 4, y + h / 2, {
        baseline: "middle",
      });
      doc.setFont(PDF_FONT, "normal");
    } else {
      const e = input.events[row.events[0]];
      doc.setFontSize(6.5);
      const name = (e.kind === "milestone" ? "◆ " : "") + e.name;
      doc.text(c.fit(name, PRINT_FRAME.nameWidth - 14, 6.5), x0 + 10, y + h / 2, { baseline: "middle" });
      doc.setFontSize(6);
      doc.text(frenchDate(e.startDay), x0 + PRINT_FRAME.nameWidth + 3, y + h / 2, { baseline: "middle" });
      doc.text(frenchDate(e.endDay), x0 + PRINT_FRAME.nameWidth + PRINT_FRAME.dateWidth + 3, y + h / 2, {
        baseline: "middle",
      });
    }
    doc.setDrawColor(GREY.line);
    doc.line(x0, y + h, x0 + fullWidth, y + h);
  }
  const h = bandHeight(c);
  doc.setDrawColor(GREY.month);
  doc.setLineWidth(0.5);
  doc.rect(x0, plan.plot.y, fullWidth, h, "S");
  doc.line(plan.plot.x, plan.plot.y, plan.plot.x, plan.plot.y + h);
  doc.setDrawColor(GREY.line);
  doc.line(
    x0 + PRINT_FRAME.nameWidth,
    plan.plot.y - PRINT_FRAME.timeHeader,
    x0 + PRINT_FRAME.nameWidth,
    plan.plot.y + h,
  );
  doc.line(
    x0 + PRINT_FRAME.nameWidth + PRINT_FRAME.dateWidth,
    plan.plot.y - PRINT_FRAME.timeHeader,
    x0 + PRINT_FRAME.nameWidth + PRINT_FRAME.dateWidth,
    plan.plot.y + h,
  );
}

/** Closed days and, when a day is wide enough to see them, weekends. */
function drawClosedDays(c: PageCtx): void {
  const { doc, scale, input, plan } = c;
  const h = bandHeight(c);
  const dw = scale.dayWidth * K;
  for (let d = scale.firstDay; d <= scale.lastDay; d++) {
    const weekend = dayOfWeek(d) >= 5;
    const closed = input.closedDays.has(d);
    if (!closed && !(weekend && dw >= 4)) continue;
    doc.setFillColor(closed && !weekend ? GREY.closed : GREY.weekend);
    doc.rect(X(c, dayToX(scale, d)), plan.plot.y, dw, h, "F");
  }
}

/** Week (or day, or month) separators, darker at month starts. */
function drawTickLines(c: PageCtx): void {
  const { doc, scale, plan } = c;
  const h = bandHeight(c);
  doc.setLineWidth(0.3);
  doc.setDrawColor(GREY.line);
  for (const t of headerTicks(scale).bottom) doc.line(X(c, t.x), plan.plot.y, X(c, t.x), plan.plot.y + h);
  doc.setLineWidth(0.6);
  doc.setDrawColor(GREY.month);
  for (const t of headerTicks(scale).top) doc.line(X(c, t.x), plan.plot.y, X(c, t.x), plan.plot.y + h);
}

function geometry(c: PageCtx, row: GanttRow, e: GanttEvent): BarGeometry {
  if (e.kind === "milestone") {
    const m = milestoneGeometry(c.scale, row, e.startDay);
    return { x: m.cx - m.radius, y: m.cy - m.radius, width: 2 * m.radius, height: 2 * m.radius };
  }
  return barGeometry(c.scale, row, e.startDay, e.endDay);
}

function visibleX(c: PageCtx, from: number, to: number): boolean {
  return to >= -12 && from <= c.scale.width + 12;
}

const PDF_SPANS = new Float64Array(2 * (MAX_ROUTED_ROWS + 2));

/** The bar of row r as [x0, x1] at `at` (1), or nothing for a row without one (0). */
function rowSpan(c: PageCtx, r: number, out: Float64Array, at: number): number {
  const row = c.input.rows[r];
  if (row.kind !== "event") return 0;
  const g = geometry(c, row, c.input.events[row.events[0]]);
  out[at] = g.x;
  out[at + 1] = g.x + g.width;
  return 1;
}

function drawLinks(c: PageCtx): void {
  const { doc, input } = c;
  doc.setLineWidth(0.5);
  for (let r = c.from; r < c.to; r++) {
    for (const k of c.linksOfRow[r]) {
      const link = input.links[k];
      // Once per sheet, though both its rows may be on it.
      if (c.linkDrawnOn[k] === c.pageIndex) continue;
      c.linkDrawnOn[k] = c.pageIndex;
      const rp = c.rowOfId.get(link.parentId)!;
      const rc = c.rowOfId.get(link.childId)!;
      const ep = input.events[c.indexOfId.get(link.parentId)!];
      const ec = input.events[c.indexOfId.get(link.childId)!];
      // The vertical leg keeps off the bars of the rows between, as on screen (shared linkRoute.ts).
      const count = collectSpans(rp, rc, (r, out, at) => rowSpan(c, r, out, at), PDF_SPANS);
      const pts = linkPath(
        LINK_TYPES[link.type] ?? "end-begin",
        geometry(c, input.rows[rp], ep),
        geometry(c, input.rows[rc], ec),
        6,
        PDF_SPANS,
        count,
      );
      let minX = Infinity;
      let maxX = -Infinity;
      for (let i = 0; i < pts.length; i += 2) {
        minX = Math.min(minX, pts[i]);
        maxX = Math.max(maxX, pts[i]);
      }
      if (!visibleX(c, minX, maxX)) continue;
      const style = LINK_STYLE[link.type] ?? LINK_STYLE[0];
      strokeLink(
        c,
        pts.map((v, i) => (i % 2 === 0 ? X(c, v) : Y(c, v))),
        style,
      );
    }
  }
  doc.setLineDashPattern([], 0);
}

/** An orthogonal polyline in points with its arrow head along the last segment. */
function strokeLink(c: PageCtx, pts: number[], style: (typeof LINK_STYLE)[number]): void {
  const { doc } = c;
  doc.setDrawColor(style.color);
  doc.setFillColor(style.color);
  doc.setLineDashPattern(style.dash, 0);
  const deltas: [number, number][] = [];
  for (let i = 2; i < pts.length; i += 2) deltas.push([pts[i] - pts[i - 2], pts[i + 1] - pts[i - 1]]);
  doc.lines(deltas, pts[0], pts[1], [1, 1], "S", false);
  const x = pts[pts.length - 2];
  const y = pts[pts.length - 1];
  const dir = Math.sign(x - pts[pts.length - 4]) || 1;
  doc.setLineDashPattern([], 0);
  doc.triangle(x, y, x - 3 * dir, y - 1.8, x - 3 * dir, y + 1.8, "F");
}

function drawBars(c: PageCtx): void {
  const { doc, input } = c;
  doc.setLineWidth(0.5);
  for (let r = c.from; r < c.to; r++) {
    const row = input.rows[r];
    if (row.kind === "group") continue;
    if (row.kind === "aggregate") {
      for (const bar of row.merged ?? []) {
        const e = input.events[bar.members[0]];
        const g = barGeometry(c.scale, row, bar.startDay, bar.endDay);
        if (!visibleX(c, g.x, g.x + g.width)) continue;
        fillBar(c, g, e.color);
      }
      continue;
    }
    const e = input.events[row.events[0]];
    const g = geometry(c, row, e);
    if (!visibleX(c, g.x, g.x + g.width)) continue;
    if (e.kind === "milestone") {
      const rad = (g.width / 2) * K;
      const cx = X(c, g.x) + rad;
      const cy = Y(c, g.y) + rad;
      doc.setFillColor(e.color);
      doc.setDrawColor("#424242");
      doc.lines(
        [
          [rad, rad],
          [-rad, rad],
          [-rad, -rad],
          [rad, -rad],
        ],
        cx,
        cy - rad,
        [1, 1],
        "FD",
        true,
      );
      doc.setFontSize(6.5);
      doc.setTextColor(GREY.text);
      doc.text(e.name, cx + rad + 2, cy, { baseline: "middle" });
      continue;
    }
    fillBar(c, g, e.color);
    const progress = Math.max(0, Math.min(100, e.progress ?? 0));
    if (progress > 0) {
      doc.setFillColor("#5C5C5C");
      doc.rect(X(c, g.x), Y(c, g.y + g.height) - 2, (g.width * K * progress) / 100, 2, "F");
    }
    const w = g.width * K;
    // The percentage written after the label, as on screen: the underline's grey is not the only sign of progress.
    const label = progressLabel(e.trigram || e.name, e.progress);
    if (w > 10) {
      const text = c.fit(label, w - 4, 6);
      if (text) {
        doc.setFontSize(6);
        doc.setTextColor(textColorOn(e.color));
        doc.text(text, X(c, g.x) + 2, Y(c, g.y + g.height / 2), { baseline: "middle" });
        doc.setTextColor(GREY.text);
      }
    }
  }
}

function fillBar(c: PageCtx, g: BarGeometry, color: string): void {
  c.doc.setFillColor(color);
  c.doc.setDrawColor(outlineOf(color));
  c.doc.rect(X(c, g.x), Y(c, g.y), g.width * K, g.height * K, "FD");
}

function drawLegend(c: PageCtx, lots: { name: string; color: string }[]): void {
  const { doc, plan } = c;
  const f = PRINT_FRAME;
  const y0 = plan.plot.y + plan.plot.height + f.legendPadding;
  const items: { label: string; draw: (x: number, y: number) => void }[] = [
    ...lots.map((l) => ({
      label: l.name,
      draw: (x: number, y: number) => {
        doc.setFillColor(l.color);
        doc.setDrawColor(outlineOf(l.color));
        doc.rect(x, y - 3.5, 12, 7, "FD");
      },
    })),
    ...LINK_STYLE.map((s) => ({
      label: `Lien ${s.label}`,
      draw: (x: number, y: number) => strokeLink(c, [x, y, x + 12, y], s),
    })),
  ];
  doc.setFontSize(6.5);
  doc.setLineWidth(0.5);
  items.forEach((item, i) => {
    const x = f.margin + (i % plan.legendPerLine) * f.legendItemWidth;
    const y = y0 + Math.floor(i / plan.legendPerLine) * f.legendLine + f.legendLine / 2;
    item.draw(x, y);
    doc.setTextColor(GREY.text);
    doc.text(c.fit(item.label, f.legendItemWidth - 20, 6.5), x + 16, y, { baseline: "middle" });
  });
  doc.setLineDashPattern([], 0);
}
