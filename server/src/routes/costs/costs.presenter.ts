import {
  productivityColour,
  productivityRatio,
  type FinanceWeek,
  type ProductivityOrder,
  type ProductivityRow,
  type ProductivitySortField,
  type SupplyLine,
} from "@jalon/shared";
import type { ProductivityDbTable, ProductivityNamed, SupplyDbRow } from "./costs.schema.js";

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

/** Productivity rows with their ratios and colours, by macro-task, zone and unit (French order). */
export function productivityRows(
  orderBy: ProductivityOrder,
  hasReferent: boolean,
  table: ProductivityDbTable,
): ProductivityRow[] {
  const { rows, macros, zones } = table;
  // French order by ranks: the collator sorts the few distinct names once (a few thousand zones), rows then
  // compare one number each (100k rows compared through Intl.Collator took a second, through per-row key maps of
  // names half of one). Equal names share a rank.
  const fr = new Intl.Collator("fr");
  const rankOf = <K>(names: Map<K, string>) => {
    const sorted = [...new Set(names.values())].sort(fr.compare);
    const at = new Map(sorted.map((n, k) => [n, k]));
    return { byKey: new Map([...names].map(([key, n]) => [key, at.get(n) ?? 0])), size: sorted.length };
  };
  const nameOf = (named: Map<number, ProductivityNamed>) => new Map([...named].map(([t, x]) => [t, x.name]));
  const macro = rankOf(nameOf(macros));
  // A row without a zone (tracking id 0) sorts as an empty name, before every zone.
  const zone = rankOf(new Map([[0, ""], ...nameOf(zones)]));
  const units = new Map<string | null, string>();
  for (const r of rows) if (!units.has(r.unit)) units.set(r.unit, r.unit ?? "");
  const unit = rankOf(units);
  const n = rows.length;
  const out = new Array<ProductivityRow>(n);
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const r = rows[k];
    const currentHours = round2(r.current_hours ?? 0);
    const currentValue = round2(r.current_value ?? 0);
    const referentHours = hasReferent ? round2(r.referent_hours ?? 0) : null;
    const referentValue = hasReferent ? round2(r.referent_value ?? 0) : null;
    const currentRatio = productivityRatio(currentHours, currentValue, orderBy);
    const referentRatio =
      referentHours === null || referentValue === null
        ? null
        : productivityRatio(referentHours, referentValue, orderBy);
    const m = macros.get(r.mt);
    const z = zones.get(r.zt);
    out[k] = {
      macroTaskId: m?.id ?? null,
      macroTask: m?.name ?? "",
      zoneId: z?.id ?? null,
      zone: z?.name ?? null,
      unit: r.unit,
      referentHours,
      currentHours,
      referentValue,
      currentValue,
      referentRatio,
      currentRatio,
      colour: productivityColour(referentRatio, currentRatio),
    };
    keys[k] =
      ((macro.byKey.get(r.mt) ?? 0) * zone.size + (zone.byKey.get(r.zt) ?? 0)) * unit.size +
      (unit.byKey.get(r.unit) ?? 0);
  }
  const order = Array.from({ length: n }, (_, k) => k);
  // Ties keep the statement's order, as the stable sort of the rows did.
  order.sort((a, b) => keys[a] - keys[b] || a - b);
  return order.map((k) => out[k]);
}

/**
 * The table sorted on one column (rows given in their default order: macro-task, zone, unit). Texts in French
 * order, numbers by value; a missing value sorts last either way; ties keep the default order. DESC on the
 * macro-task reverses the default order.
 */
export function sortProductivity(
  rows: ProductivityRow[],
  sort: { field: ProductivitySortField; direction: "ASC" | "DESC" },
): ProductivityRow[] {
  const sign = sort.direction === "ASC" ? 1 : -1;
  if (sort.field === "macroTask") return sign === 1 ? rows : [...rows].reverse();
  const keys = new Float64Array(rows.length);
  const field = sort.field;
  if (field === "zone" || field === "unit" || field === "colour") {
    // Ranks of the few distinct texts, sorted once (as productivityRows does).
    const text = (r: ProductivityRow) => r[field];
    const names = [...new Set(rows.map(text))]
      .filter((n): n is string => n !== null)
      .sort(new Intl.Collator("fr").compare);
    const at = new Map(names.map((n, k) => [n, k]));
    for (let k = 0; k < rows.length; k++) {
      const n = text(rows[k]);
      keys[k] = n === null ? Number.NaN : (at.get(n) ?? 0);
    }
  } else for (let k = 0; k < rows.length; k++) keys[k] = rows[k][field] ?? Number.NaN;
  const order = Array.from({ length: rows.length }, (_, k) => k);
  order.sort((a, b) => {
    const x = keys[a];
    const y = keys[b];
    if (Number.isNaN(x) || Number.isNaN(y))
      return Number.isNaN(x) === Number.isNaN(y) ? a - b : Number.isNaN(x) ? 1 : -1;
    return sign * (x - y) || a - b;
  });
  return order.map((k) => rows[k]);
}
