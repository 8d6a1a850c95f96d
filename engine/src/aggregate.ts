import type { Calendar } from "./calendar.js";

/**
 * Aggregated rows. The spec merges two events of a row when the gap between them is under 60,000 ms, with a
 * task shown from 00:00 of its first day to 23:59:59.999 of its last: two bars touch when the next one starts
 * on the working day after the previous one ends (or earlier). Milestones are instants at 00:00 of their day.
 */
export interface Interval {
  startDay: number;
  endDay: number;
  /** 0 for a milestone. */
  duration: number;
}

export interface MergedBar {
  startDay: number;
  endDay: number;
  /** Indices (into the input) of the merged events. */
  members: number[];
}

export function mergeRow(items: readonly Interval[], calendar: Calendar): MergedBar[] {
  const order = items
    .map((_, i) => i)
    .sort((a, b) => items[a].startDay - items[b].startDay || items[a].endDay - items[b].endDay);
  const bars: MergedBar[] = [];
  let current: MergedBar | null = null;
  let currentEndInstant = 0;
  for (const i of order) {
    const it = items[i];
    const startInstant = calendar.rank(it.startDay);
    const endInstant = it.duration > 0 ? calendar.rank(it.endDay + 1) : startInstant;
    if (current && startInstant <= currentEndInstant) {
      current.members.push(i);
      if (it.endDay > current.endDay) current.endDay = it.endDay;
      if (endInstant > currentEndInstant) currentEndInstant = endInstant;
      continue;
    }
    current = { startDay: it.startDay, endDay: it.endDay, members: [i] };
    currentEndInstant = endInstant;
    bars.push(current);
  }
  return bars;
}

export function round2(x: number): number {
  return Math.round((x + Number.EPSILON) * 100) / 100;
}

/** Counting of merged events: percentages weighted by people x days. */
export function aggregateCounting(
  items: readonly { percentage: number; numberOfPeople: number; numberOfDays: number }[],
): number {
  let weight = 0;
  let sum = 0;
  for (const it of items) {
    const w = it.numberOfPeople * it.numberOfDays;
    weight += w;
    sum += it.percentage * w;
  }
  return weight === 0 ? 0 : round2(sum / weight);
}
