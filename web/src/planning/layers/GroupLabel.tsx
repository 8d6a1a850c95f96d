import { abbreviateLeft, PATH_SEPARATOR } from "@jalon/shared/gantt";

const FONT = "600 12px 'Segoe UI', system-ui, sans-serif";
let ctx: CanvasRenderingContext2D | null | undefined;
const cache = new Map<string, number>();

/** Text width in the grid's group font; a plain estimate where there is no canvas (unit tests). */
export function groupTextWidth(text: string): number {
  let w = cache.get(text);
  if (w === undefined) {
    if (ctx === undefined) {
      try {
        ctx = document.createElement("canvas").getContext("2d");
      } catch {
        ctx = null;
      }
      if (ctx) ctx.font = FONT;
    }
    // A little over the measure: the grid's font may be a bit wider than the canvas's.
    w = ctx ? ctx.measureText(text).width * 1.05 : text.length * 7;
    if (cache.size > 5000) cache.clear();
    cache.set(text, w);
  }
  return w;
}

/**
 * A group row's title: a zone's full path ("Bâtiment A / R+0 / Logements nord"), shortened from the left when the
 * row is narrow ("… / R+0 / Logements nord"); the row's title attribute keeps the whole path.
 */
export function GroupLabel({ label, width }: { label: string; width: number }) {
  const names = label.split(PATH_SEPARATOR);
  const text = names.length > 1 ? abbreviateLeft(names, width, groupTextWidth) : label;
  return <span data-testid="group-label">{text}</span>;
}
