/** The spec's contrast constant: text on a bar is black when the bar is light enough, white otherwise. */
export const CONTRAST_CONSTANT = 64;
export const DEFAULT_LOT_COLOR = "#FFFFFF";
export const DEFAULT_MILESTONE_COLOR = "#FFFFFF";

export function parseHex(color: string | null | undefined): [number, number, number] | null {
  if (!color) return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!m) return null;
  const h =
    m[1].length === 3
      ? m[1]
          .split("")
          .map((c) => c + c)
          .join("")
      : m[1];
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

/** Perceived brightness (YIQ), 0..255. */
export function brightness(color: string | null | undefined): number {
  const rgb = parseHex(color) ?? [255, 255, 255];
  return (rgb[0] * 299 + rgb[1] * 587 + rgb[2] * 114) / 1000;
}

/** Black text when the background's brightness is at least twice the contrast constant (128), else white. */
export function textColorOn(background: string | null | undefined): "#000000" | "#FFFFFF" {
  return brightness(background) >= 2 * CONTRAST_CONSTANT ? "#000000" : "#FFFFFF";
}

/** A bar's colour: the event's own, else its lot's, else the default lot colour. */
export function barColor(eventColor: string | null | undefined, lotColor: string | null | undefined): string {
  return parseHex(eventColor) ? eventColor!.trim() : parseHex(lotColor) ? lotColor!.trim() : DEFAULT_LOT_COLOR;
}

/** A darker outline so that white bars stay visible on a white grid. */
export function outlineOf(color: string): string {
  const rgb = parseHex(color) ?? [255, 255, 255];
  const d = (v: number) =>
    Math.max(0, v - CONTRAST_CONSTANT)
      .toString(16)
      .padStart(2, "0");
  return `#${d(rgb[0])}${d(rgb[1])}${d(rgb[2])}`;
}
