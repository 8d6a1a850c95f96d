import { dayOfWeek } from "@jalon/engine";
import { MONTH_NAMES as MONTHS, type PlanningView, type Tick } from "@jalon/shared/gantt";

/**
 * The time header's labels never overlap: each band takes the longest form that fits every one of its ticks
 * (septembre 2026, then sept. 2026, then 09/26), and when even the shortest does not fit, labels every other
 * (or every k-th) tick, each spanning the ticks it stands for.
 */
const MONTHS_SHORT = [
  "janv.",
  "févr.",
  "mars",
  "avr.",
  "mai",
  "juin",
  "juil.",
  "août",
  "sept.",
  "oct.",
  "nov.",
  "déc.",
];
const WEEKDAYS = ["LUN", "MAR", "MER", "JEU", "VEN", "SAM", "DIM"];

function ymd(day: number): [number, number, number] {
  const d = new Date(day * 86_400_000);
  return [d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()];
}
const two = (n: number) => String(n).padStart(2, "0");

/** A month's forms, longest first: "septembre 2026", "sept. 2026", "09/26". */
export function monthForms(day: number): string[] {
  const [y, m] = ymd(day);
  return [`${MONTHS[m]} ${y}`, `${MONTHS_SHORT[m]} ${y}`, `${two(m + 1)}/${two(y % 100)}`];
}

/**
 * The forms of each tick of a band, longest first. Year view: years on top (2026, 26), months below (septembre,
 * sept., S); month and week views: months on top, then weeks (S37, 37) or days (LUN 14, 14).
 */
export function tickForms(view: PlanningView, band: "top" | "bottom", tick: Tick): string[] {
  const [y, m, d] = ymd(tick.day);
  if (view === "year") {
    if (band === "top") return [String(y), two(y % 100)];
    return [MONTHS[m], MONTHS_SHORT[m], MONTHS_SHORT[m].slice(0, 1).toUpperCase()];
  }
  if (band === "top") return monthForms(tick.day);
  if (view === "month") return [tick.label, tick.label.replace(/^S/, "")];
  return [`${WEEKDAYS[dayOfWeek(tick.day)]} ${d}`, String(d)];
}

export interface LabelChoice {
  /** Index of the form used by every tick of the band. */
  level: number;
  /** 1: every tick labelled; k: every k-th (by index in the band), each label spanning k ticks. */
  step: number;
}

/**
 * The longest form that fits all the band's whole ticks (width >= label + padding), else the shortest every
 * `step` ticks. The band's first and last ticks are left out of the choice when they are cut by the range's
 * edges (narrower than the next): a cut tick shows its label only if it fits (see labelAt).
 */
export function chooseLabels(
  ticks: readonly Tick[],
  forms: readonly (readonly string[])[],
  measure: (text: string) => number,
  padding = 8,
): LabelChoice {
  if (ticks.length === 0) return { level: 0, step: 1 };
  let from = 0;
  let to = ticks.length;
  if (ticks.length >= 3) {
    if (ticks[0].width < ticks[1].width) from = 1;
    if (ticks[to - 1].width < ticks[to - 2].width) to--;
  }
  const levels = Math.min(...forms.map((f) => f.length));
  let minWidth = Infinity;
  for (let i = from; i < to; i++) minWidth = Math.min(minWidth, ticks[i].width);
  for (let level = 0; level < levels; level++) {
    let fits = true;
    for (let i = from; i < to && fits; i++) fits = measure(forms[i][level]) + padding <= ticks[i].width;
    if (fits) return { level, step: 1 };
  }
  const level = levels - 1;
  let widest = 0;
  for (let i = from; i < to; i++) widest = Math.max(widest, measure(forms[i][level]) + padding);
  return { level, step: Math.max(2, Math.ceil(widest / Math.max(minWidth, 0.5))) };
}

/**
 * The label of tick i under a choice and the width it may use (its own, or the ticks it stands for), or null:
 * not every step's tick, or a label wider than its room (a tick cut by the range's edge).
 */
export function labelAt(
  ticks: readonly Tick[],
  forms: readonly (readonly string[])[],
  choice: LabelChoice,
  i: number,
  measure: (text: string) => number,
  padding = 8,
): { text: string; width: number } | null {
  if (i % choice.step !== 0) return null;
  let width = 0;
  for (let k = i; k < Math.min(ticks.length, i + choice.step); k++) width += ticks[k].width;
  const text = forms[i][Math.min(choice.level, forms[i].length - 1)];
  return measure(text) + padding <= width ? { text, width } : null;
}
