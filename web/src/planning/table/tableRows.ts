import type { TFunction } from "i18next";
import { formatDay, LINK_TYPE_NAMES } from "@jalon/engine";
import type { GanttModel } from "../model";

/**
 * The planning's table view as plain rows (issue 22): every task and milestone of the displayed version in the
 * chart's row order (an aggregated group's members in their group's place), with the text a screen reader reads
 * for what the canvas draws: dates as dd/MM/yyyy, the links in words with their type and delay, the critical flag.
 * Pure (tested in tableRows.test.ts).
 */
export interface TableRow {
  id: number;
  name: string;
  milestone: boolean;
  zone: string;
  lot: string;
  start: string;
  end: string;
  days: number;
  predecessors: string[];
  successors: string[];
  critical: boolean;
  /** Locked tasks do not move with a drag of their predecessors (the chart draws a padlock). */
  locked: boolean;
  /** 0..100 (a task without progress reads 0). */
  progress: number;
}

export interface TableSources {
  /** The zone's full path ("Bâtiment A / R+1"), by zone id. */
  zoneNames: ReadonlyMap<number, string>;
  lotNames: ReadonlyMap<number, string>;
  /** The worker's critical path; undefined while not known (every task then reads "Non"). */
  critical: ReadonlySet<number> | undefined;
  /** The dates shown (a drag's preview over the committed ones). */
  datesOf: (id: number) => readonly [number, number] | undefined;
}

/** dd/MM/yyyy of a day number. */
export function frenchDate(day: number): string {
  const iso = formatDay(day);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** "Cloisons R+1 (Fin → Début, décalage +2 jours)". */
export function linkText(t: TFunction, name: string, type: number, delay: number): string {
  const typeName = t(`event.linkTypes.${LINK_TYPE_NAMES[type] ?? LINK_TYPE_NAMES[0]}`);
  const signed = delay > 0 ? `+${delay}` : delay < 0 ? `−${-delay}` : "";
  return t("planningTable.link", {
    name,
    type: typeName,
    delay: delay === 0 ? "" : t("planningTable.delay", { count: Math.abs(delay), signed }),
  });
}

export function tableRows(t: TFunction, model: GanttModel, s: TableSources): TableRow[] {
  const nameOf = (id: number) => model.events[model.indexOfId.get(id) ?? -1]?.name ?? String(id);
  const preds = new Map<number, string[]>();
  const succs = new Map<number, string[]>();
  const push = (m: Map<number, string[]>, id: number, text: string) => {
    const list = m.get(id);
    if (list) list.push(text);
    else m.set(id, [text]);
  };
  for (const l of model.links) {
    push(preds, l.childId, linkText(t, nameOf(l.parentId), l.type, l.delay));
    push(succs, l.parentId, linkText(t, nameOf(l.childId), l.type, l.delay));
  }
  const out: TableRow[] = [];
  for (const row of model.rows) {
    if (row.kind !== "event" && row.kind !== "aggregate") continue;
    for (const i of row.events) {
      const e = model.events[i];
      const [start, end] = s.datesOf(e.id) ?? [e.startDay, e.endDay];
      const milestone = e.kind === "milestone";
      out.push({
        id: e.id,
        name: e.name,
        milestone,
        zone: e.zoneId !== null && e.zoneId !== undefined ? (s.zoneNames.get(e.zoneId) ?? "") : "",
        lot: e.lotId !== null && e.lotId !== undefined ? (s.lotNames.get(e.lotId) ?? "") : "",
        start: frenchDate(start),
        end: frenchDate(end),
        days: milestone ? 0 : e.numberOfDays,
        predecessors: preds.get(e.id) ?? [],
        successors: succs.get(e.id) ?? [],
        critical: s.critical?.has(e.id) ?? false,
        locked: e.locked === true,
        progress: e.progress ?? 0,
      });
    }
  }
  return out;
}

/** The project's holidays inside [first, last] (day numbers), in order, as dd/MM/yyyy. */
export function holidaysIn(holidays: readonly number[], first: number, last: number): string[] {
  return holidays
    .filter((d) => d >= first && d <= last)
    .sort((a, b) => a - b)
    .map(frenchDate);
}
