/**
 * How the critical path is drawn: a thick outline in the critical colour and a hatch over the bar, so that it
 * reads without colour too (a grey print, a colour-blind planner); its links thicker in the same colour.
 */
export const CRITICAL_COLOR = "#A4262C";
export const CRITICAL_OUTLINE = 2.5;

const patterns = new WeakMap<CanvasRenderingContext2D, CanvasPattern | null>();

/** Diagonal hatch, made once per canvas context (null where the canvas cannot make patterns). */
export function criticalHatch(c: CanvasRenderingContext2D): CanvasPattern | null {
  let p = patterns.get(c);
  if (p !== undefined) return p;
  p = null;
  if (typeof document !== "undefined" && typeof c.createPattern === "function") {
    const tile = document.createElement("canvas");
    tile.width = 6;
    tile.height = 6;
    const t = tile.getContext("2d");
    if (t) {
      t.strokeStyle = "rgba(164, 38, 44, 0.55)";
      t.lineWidth = 1.5;
      t.beginPath();
      t.moveTo(-1, 7);
      t.lineTo(7, -1);
      t.stroke();
      p = c.createPattern(tile, "repeat");
    }
  }
  patterns.set(c, p);
  return p;
}

/** A critical bar's outline and hatch over its fill (g: the bar's box). */
export function drawCriticalBar(
  c: CanvasRenderingContext2D,
  g: { x: number; y: number; width: number; height: number },
): void {
  const hatch = criticalHatch(c);
  if (hatch) {
    c.fillStyle = hatch;
    c.fillRect(g.x, g.y, g.width, g.height);
  }
  c.lineWidth = CRITICAL_OUTLINE;
  c.strokeStyle = CRITICAL_COLOR;
  c.strokeRect(g.x + 1, g.y + 1, g.width - 2, g.height - 2);
}
