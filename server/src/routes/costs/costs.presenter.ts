import {
  productivityColour,
  productivityRatio,
  type FinanceWeek,
  type ProductivityOrder,
  type ProductivityRow,
  type ProductivitySortField,
  type SupplyLine,
} from "@jalon/shared";
import type {
  ProductivityDbRow,
  ProductivityDbTable,
  ProductivityNamed,
  ProductivityRanks,
  SupplyDbRow,
} from "./costs.schema.js";

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
 * The French ranks of the productivity order's keys (macro-task name, zone name, unit): the collator sorts the few
 * distinct names once (a few thousand zones), rows then compare numbers (100k rows compared through Intl.Collator
 * took a second). Equal names share a rank; names the collator finds equal but that differ are ordered by code
 * units, so ranks never depend on the order names were read in. A row without a zone (tracking id 0) ranks as an
 * empty name, before every zone; a row without a unit as an empty unit.
 */
export function productivityRanks(
  macros: Map<number, ProductivityNamed>,
  zones: Map<number, ProductivityNamed>,
  units: Iterable<string | null>,
): ProductivityRanks {
  const fr = new Intl.Collator("fr");
  const order = (names: Iterable<string>) => {
    const sorted = [...new Set(names)].sort((a, b) => fr.compare(a, b) || (a < b ? -1 : a > b ? 1 : 0));
    return new Map(sorted.map((n, k) => [n, k]));
  };
  const byName = (named: Map<number, string>) => {
    const at = order(named.values());
    return new Map([...named].map(([key, n]) => [key, at.get(n) ?? 0]));
  };
  const names = (named: Map<number, ProductivityNamed>) => new Map([...named].map(([t, x]) => [t, x.name]));
  return {
    macro: byName(names(macros)),
    zone: byName(new Map([[0, ""], ...names(zones)])),
    unit: order(["", ...[...units].map((u) => u ?? "")]),
  };
}

/** One productivity row with its ratios and colour. */
export function presentProductivityRow(
  r: ProductivityDbRow,
  orderBy: ProductivityOrder,
  hasReferent: boolean,
  macros: Map<number, ProductivityNamed>,
  zones: Map<number, ProductivityNamed>,
): ProductivityRow {
  const currentHours = round2(r.current_hours ?? 0);
  const currentValue = round2(r.current_value ?? 0);
  const referentHours = hasReferent ? round2(r.referent_hours ?? 0) : null;
  const referentValue = hasReferent ? round2(r.referent_value ?? 0) : null;
  const currentRatio = productivityRatio(currentHours, currentValue, orderBy);
  const referentRatio =
    referentHours === null || referentValue === null ? null : productivityRatio(referentHours, referentValue, orderBy);
  const m = macros.get(r.mt);
  const z = zones.get(r.zt);
  return {
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
}

/**
 * Productivity rows with their ratios and colours in the default order: macro-task, zone and unit (French ranks),
 * then tracking ids of the macro-task and zone and no unit first (rows of equal names; productivityPage's SQL
 * orders the same way).
 */
export function productivityRows(
  orderBy: ProductivityOrder,
  hasReferent: boolean,
  table: ProductivityDbTable,
): ProductivityRow[] {
  const { rows, macros, zones } = table;
  const ranks = productivityRanks(
    macros,
    zones,
    rows.map((r) => r.unit),
  );
  const zoneSize = ranks.zone.size + 1;
  const unitSize = ranks.unit.size;
  const n = rows.length;
  const out = new Array<ProductivityRow>(n);
  const keys = new Float64Array(n);
  for (let k = 0; k < n; k++) {
    const r = rows[k];
    out[k] = presentProductivityRow(r, orderBy, hasReferent, macros, zones);
    keys[k] =
      ((ranks.macro.get(r.mt) ?? 0) * zoneSize + (ranks.zone.get(r.zt) ?? 0)) * unitSize +
      (ranks.unit.get(r.unit ?? "") ?? 0);
  }
  const order = Array.from({ length: n }, (_, k) => k);
  order.sort((a, b) => {
    const x = rows[a];
    const y = rows[b];
    return keys[a] - keys[b] || x.mt - y.mt || x.zt - y.zt || (x.unit === null ? 0 : 1) - (y.unit === null ? 0 : 1);
  });
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
