import {
  productivityColour,
  productivityRatio,
  type FinanceWeek,
  type ProductivityOrder,
  type ProductivityRow,
  type SupplyLine,
} from "@jalon/shared";
import type { HoursRow, SupplyDbRow, ValueRow } from "./costs.schema.js";

/** The API's field names of the cost answers are decided here. */

const cents = (v: number) => Math.round(v * 100) / 100;

export function presentSupply(r: SupplyDbRow, date: string): SupplyLine {
  const start = r.start_date ? r.start_date.slice(0, 10) : null;
  return {
    orderLineTaskId: r.id,
    orderLineId: r.order_line_id,
    label: r.label,
    unit: r.unit,
    family: r.family,
    macroTaskId: r.macro_id,
    macroTask: r.macro_name,
    zoneId: r.zone_id,
    zone: r.zone_name,
    eventId: r.event_id,
    eventName: r.event_name,
    quantity: Number(r.quantity ?? 0),
    amount: cents(Number(r.amount)),
    priceSupply: r.price_supply === null ? null : Number(r.price_supply),
    isOrdered: r.is_ordered,
    startDate: start,
    isLate: !r.is_ordered && start !== null && start <= date,
  };
}

const DAY_MS = 86_400_000;

/** The ISO week number of a Monday (yyyy-MM-dd): the week holding its Thursday. */
export function isoWeek(mondayDay: string): number {
  const thursday = Date.parse(`${mondayDay}T00:00:00Z`) + 3 * DAY_MS;
  const year = new Date(thursday).getUTCFullYear();
  const jan1 = Date.UTC(year, 0, 1);
  return Math.floor((thursday - jan1) / DAY_MS / 7) + 1;
}

/**
 * The weekly series: every Monday from the first week with an amount to the last, planned and realized of the
 * requested version (first of `versionIds`) and the planned amounts of every version, with running sums.
 */
export function financeWeeks(
  versionIds: number[],
  planned: { version_id: number; week: string; planned: number }[],
  realized: { week: string; realized: number }[],
): FinanceWeek[] {
  const weeks = [...planned.map((p) => p.week), ...realized.map((r) => r.week)].map((w) => w.slice(0, 10));
  if (weeks.length === 0) return [];
  weeks.sort();
  const first = Date.parse(`${weeks[0]}T00:00:00Z`);
  const last = Date.parse(`${weeks[weeks.length - 1]}T00:00:00Z`);
  const byKey = new Map(planned.map((p) => [`${p.version_id}/${p.week.slice(0, 10)}`, Number(p.planned)]));
  const done = new Map(realized.map((r) => [r.week.slice(0, 10), Number(r.realized)]));
  const sums = new Map(versionIds.map((v) => [v, 0]));
  let realizedSum = 0;
  const out: FinanceWeek[] = [];
  for (let t = first; t <= last; t += 7 * DAY_MS) {
    const startDate = new Date(t).toISOString().slice(0, 10);
    const versions: FinanceWeek["versions"] = {};
    for (const v of versionIds) {
      const p = byKey.get(`${v}/${startDate}`) ?? 0;
      const acc = (sums.get(v) ?? 0) + p;
      sums.set(v, acc);
      versions[String(v)] = { planned: cents(p), planned_accumulated: cents(acc) };
    }
    const r = done.get(startDate) ?? 0;
    realizedSum += r;
    const own = versions[String(versionIds[0])];
    out.push({
      realWeek: isoWeek(startDate),
      startDate,
      planned: own.planned,
      realized: cents(r),
      planned_accumulated: own.planned_accumulated,
      realized_accumulated: cents(realizedSum),
      versions,
    });
  }
  return out;
}

const round2 = (v: number) => Math.round(v * 100) / 100;

/**
 * Productivity rows: the current version's and the referent's hours and values per macro-task and zone (and
 * unit, by quantity), matched by tracking ids; names from the current version when it has the row.
 */
export function productivityRows(
  orderBy: ProductivityOrder,
  currentId: number,
  referentId: number | null,
  hours: HoursRow[],
  values: ValueRow[],
): ProductivityRow[] {
  interface Acc {
    names: { macroId: number; macro: string; zoneId: number | null; zone: string | null; current: boolean };
    unit: string | null;
    hours: Map<number, number>;
    value: Map<number, number>;
  }
  const rows = new Map<string, Acc>();
  const baseKey = (r: { mt: number; zt: number | null }) => `${r.mt}/${r.zt ?? ""}`;
  const units = new Map<string, Set<string | null>>();
  for (const v of values) {
    if (orderBy !== "quantity") continue;
    const k = baseKey(v);
    if (!units.has(k)) units.set(k, new Set());
    units.get(k)!.add(v.unit);
  }
  const acc = (key: string, r: HoursRow | ValueRow, unit: string | null): Acc => {
    let a = rows.get(key);
    const current = r.version_id === currentId;
    if (!a) {
      a = {
        names: { macroId: r.macro_id, macro: r.macro_name, zoneId: r.zone_id, zone: r.zone_name, current },
        unit,
        hours: new Map(),
        value: new Map(),
      };
      rows.set(key, a);
    } else if (current && !a.names.current) {
      a.names = { macroId: r.macro_id, macro: r.macro_name, zoneId: r.zone_id, zone: r.zone_name, current };
    }
    return a;
  };
  for (const v of values) {
    const unit = orderBy === "quantity" ? v.unit : null;
    const a = acc(`${baseKey(v)}/${unit ?? ""}`, v, unit);
    const add = orderBy === "quantity" ? Number(v.quantity) : Number(v.amount);
    a.value.set(v.version_id, (a.value.get(v.version_id) ?? 0) + add);
  }
  for (const h of hours) {
    // By quantity, a macro-task and zone's hours go to each of its units' rows (usually one).
    const us = orderBy === "quantity" ? [...(units.get(baseKey(h)) ?? new Set([null]))] : [null];
    for (const unit of us) {
      const a = acc(`${baseKey(h)}/${unit ?? ""}`, h, unit);
      a.hours.set(h.version_id, (a.hours.get(h.version_id) ?? 0) + Number(h.hours));
    }
  }
  const out: ProductivityRow[] = [];
  for (const a of rows.values()) {
    const currentHours = round2(a.hours.get(currentId) ?? 0);
    const currentValue = round2(a.value.get(currentId) ?? 0);
    const referentHours = referentId === null ? null : round2(a.hours.get(referentId) ?? 0);
    const referentValue = referentId === null ? null : round2(a.value.get(referentId) ?? 0);
    const currentRatio = productivityRatio(currentHours, currentValue, orderBy);
    const referentRatio =
      referentHours === null || referentValue === null
        ? null
        : productivityRatio(referentHours, referentValue, orderBy);
    out.push({
      macroTaskId: a.names.macroId,
      macroTask: a.names.macro,
      zoneId: a.names.zoneId,
      zone: a.names.zone,
      unit: a.unit,
      referentHours,
      currentHours,
      referentValue,
      currentValue,
      referentRatio,
      currentRatio,
      colour: productivityColour(referentRatio, currentRatio),
    });
  }
  const fr = new Intl.Collator("fr");
  return out.sort(
    (x, y) =>
      fr.compare(x.macroTask, y.macroTask) ||
      fr.compare(x.zone ?? "", y.zone ?? "") ||
      fr.compare(x.unit ?? "", y.unit ?? ""),
  );
}
