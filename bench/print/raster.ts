// The naive peer: what web Gantts do to print (a screenshot of the chart cut into pages): each sheet is drawn as
// pixels at 150 dpi (bars and row lines only: a raster has no text to search) and embedded as an image with
// jspdf. Same plan, same tiling, same machine as the vector print.
import { jsPDF } from "jspdf";
import { barGeometry, planPrint, PX_TO_PT, type PageFormat, type PageOrientation } from "@jalon/shared/gantt";
import type { PrintBenchPlan } from "./generate.js";

const DPI = 150;

function hex(c: string): [number, number, number] {
  return [parseInt(c.slice(1, 3), 16), parseInt(c.slice(3, 5), 16), parseInt(c.slice(5, 7), 16)];
}

/** Draws the first maxPages sheets only: a raster of every sheet does not fit in memory at 150 dpi. */
export function rasterPrint(
  p: PrintBenchPlan,
  format: PageFormat,
  orientation: PageOrientation,
  monthsPerPage: number,
  maxPages: number,
): { pdf: ArrayBuffer; pages: number } {
  const plan = planPrint(p.rows, {
    format,
    orientation,
    monthsPerPage,
    firstDay: p.firstDay,
    lastDay: p.lastDay,
    legendItems: 0,
  });
  const s = DPI / 72;
  const w = Math.round(plan.width * s);
  const h = Math.round(plan.height * s);
  const doc = new jsPDF({ unit: "pt", format: [plan.width, plan.height], orientation, compress: true });
  const px = new Uint8ClampedArray(w * h * 4);
  const fill = (x0: number, y0: number, x1: number, y1: number, rgb: [number, number, number]) => {
    const ax = Math.max(0, Math.round(x0 * s));
    const bx = Math.min(w, Math.round(x1 * s));
    const ay = Math.max(0, Math.round(y0 * s));
    const by = Math.min(h, Math.round(y1 * s));
    for (let y = ay; y < by; y++) {
      for (let x = ax, o = (y * w + ax) * 4; x < bx; x++, o += 4) {
        px[o] = rgb[0];
        px[o + 1] = rgb[1];
        px[o + 2] = rgb[2];
        px[o + 3] = 255;
      }
    }
  };
  const pages = plan.pages.slice(0, maxPages);
  for (const page of pages) {
    if (page.index > 0) doc.addPage([plan.width, plan.height], orientation);
    px.fill(255);
    const col = plan.columns[page.column];
    const band = plan.bands[page.band];
    const right = plan.plot.x + plan.plot.width;
    for (let r = band.from; r < band.to; r++) {
      const row = p.rows[r];
      const y = plan.plot.y + (row.y - band.top) * PX_TO_PT;
      fill(24, y + row.height * PX_TO_PT - 0.5, right, y + row.height * PX_TO_PT, [214, 214, 214]);
      if (row.kind !== "event") continue;
      const e = p.events[row.events[0]];
      const g = barGeometry(col.scale, row, e.startDay, e.endDay);
      const x0 = Math.max(plan.plot.x, plan.plot.x + g.x * PX_TO_PT);
      const x1 = Math.min(right, plan.plot.x + (g.x + g.width) * PX_TO_PT);
      if (x1 > x0)
        fill(
          x0,
          plan.plot.y + (g.y - band.top) * PX_TO_PT,
          x1,
          plan.plot.y + (g.y + g.height - band.top) * PX_TO_PT,
          hex(e.color),
        );
    }
    doc.addImage(
      { data: px, width: w, height: h } as unknown as Parameters<jsPDF["addImage"]>[0],
      "RGBA",
      0,
      0,
      plan.width,
      plan.height,
      undefined,
      "FAST",
    );
  }
  return { pdf: doc.output("arraybuffer"), pages: pages.length };
}
