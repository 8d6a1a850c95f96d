import { visibleRows } from "@jalon/shared/gantt";
import { eventGeometry } from "../model";
import { signed, type Baseline, type Comparison } from "../compare/compareModel";
import type { LayerInput } from "./drawBars";
import { drawnRecord, recording } from "./drawnRecord";

/**
 * Compared versions: a delta badge right of each moved bar's end ("Δ +3 / +5": start / end shift in working days
 * against the reference version), off the grid's names and off the bar's own label. Unmoved bars get none.
 */
export interface BadgesInput extends LayerInput {
  comparison: Comparison;
  /** Index of the reference version among the compared ones (compare/reference.ts). */
  reference: number;
}

export type BadgeTone = "later" | "earlier" | "new";

/** The badge of an event against the reference's baseline (null in the reference: new), or null for no badge. */
export function badgeOf(
  baseline: Baseline | null | undefined,
  newLabel: string,
): { text: string; tone: BadgeTone } | null {
  if (baseline === undefined) return null;
  if (baseline === null) return { text: newLabel, tone: "new" };
  if (baseline.startDelta === 0 && baseline.endDelta === 0) return null;
  const tone = baseline.endDelta > 0 || (baseline.endDelta === 0 && baseline.startDelta > 0) ? "later" : "earlier";
  return { text: `Δ ${signed(baseline.startDelta)} / ${signed(baseline.endDelta)}`, tone };
}

export const BADGE_GAP = 10;
export const BADGE_PADDING = 4;
export const BADGE_HEIGHT = 14;

/**
 * Where a badge goes: `gap` right of its anchor (a bar's end, or a milestone's name end), or null when it would be
 * wholly outside the view [left, right].
 */
export function placeBadge(
  anchorX: number,
  textWidth: number,
  left: number,
  right: number,
  gap = BADGE_GAP,
): { x: number; width: number } | null {
  const x = anchorX + gap;
  const width = textWidth + 2 * BADGE_PADDING;
  if (x > right || x + width < left) return null;
  return { x, width };
}

export const BADGE_COLORS: Record<BadgeTone, { fill: string; stroke: string; text: string }> = {
  later: { fill: "#FFF4CE", stroke: "#8A6D00", text: "#5C4A00" },
  earlier: { fill: "#DFF6DD", stroke: "#107C10", text: "#0B5A0B" },
  new: { fill: "#FDE7E9", stroke: "#A4262C", text: "#A4262C" },
};

const widths = new Map<string, number>();
function textWidth(c: CanvasRenderingContext2D, text: string): number {
  let w = widths.get(text);
  if (w === undefined) {
    w = c.measureText(text).width;
    if (widths.size > 2000) widths.clear();
    widths.set(text, w);
  }
  return w;
}

export function drawCompareBadges(c: CanvasRenderingContext2D, b: BadgesInput, newLabel: string): void {
  const { model, scale } = b;
  const { from, to } = visibleRows(model.rows, b.scrollTop, b.height);
  if (recording) drawnRecord.badges.length = 0;
  c.save();
  c.translate(-b.scrollLeft, -b.scrollTop);
  c.font = "10px 'Segoe UI', system-ui, sans-serif";
  c.textBaseline = "middle";
  c.lineWidth = 1;
  const left = b.scrollLeft;
  const right = b.scrollLeft + b.width;
  for (let r = from; r < to; r++) {
    const row = model.rows[r];
    if (row.kind !== "event") continue;
    const e = model.events[row.events[0]];
    const badge = badgeOf(b.comparison.byId.get(e.id)?.[b.reference], newLabel);
    if (!badge) continue;
    const d = b.live.get(e.id);
    const g = eventGeometry(scale, row, e, d?.[0], d?.[1]);
    // A milestone's name is written right of its diamond (drawBars): the badge follows the name.
    let anchor = g.x + g.width;
    if (e.kind === "milestone") {
      c.font = "11px 'Segoe UI', system-ui, sans-serif";
      anchor += 4 + textWidth(c, e.name);
      c.font = "10px 'Segoe UI', system-ui, sans-serif";
    }
    const w = textWidth(c, badge.text);
    const place = placeBadge(anchor, w, left, right);
    if (!place) continue;
    const y = g.y + g.height / 2 - BADGE_HEIGHT / 2;
    const colors = BADGE_COLORS[badge.tone];
    c.fillStyle = colors.fill;
    c.strokeStyle = colors.stroke;
    c.beginPath();
    c.rect(place.x + 0.5, y + 0.5, place.width, BADGE_HEIGHT);
    c.fill();
    c.stroke();
    c.fillStyle = colors.text;
    c.fillText(badge.text, place.x + BADGE_PADDING, y + BADGE_HEIGHT / 2 + 0.5);
    if (recording) drawnRecord.badges.push({ id: e.id, text: badge.text, x: place.x, y, width: place.width });
  }
  c.restore();
}
