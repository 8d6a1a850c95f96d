/**
 * The cost-monitoring contract (spec 001 sections 3, 4, 7 and 9; issue 19): supply, finance, productivity and
 * remaining work, all read from a version's order lines, order-line tasks, tasks and countings.
 *
 * - GET /costs/supply?projectId&versionId&date: the supply lines (one per order-line task of a supply order
 *   line) with isOrdered, priceSupply and the start date derived from the linked tasks; an order must be placed
 *   before its task starts, so a line not ordered whose start date is on or before the date is late.
 * - GET /costs/finance?projectId&versionId&versionIds&filters: one row per week (Monday): planned and realized
 *   amounts and their accumulations for the version, and the planned amounts of the compared versions (the
 *   project's referent version by default, 4 versions at most on one chart).
 * - GET /costs/productivity/{orderBy}?projectId&versionId&referentVersionId&macroTaskIds&orderLineType&tagIds
 *   &zoneIds&limit&offset&sort (orderBy quantity or price) and GET /costs/productivity/{orderBy}/export (.xlsx):
 *   per macro-task and zone, the referent and current hours, values and ratios. The table is a page like the
 *   other lists (50 rows from offset 0 by default, `total` rows in all, sorted on the server: by macro-task,
 *   zone and unit by default); the export holds every row. A version whose zones are flats has a row per
 *   macro-task and flat: 100,000 rows for the bench's version, too many to send to a screen at once.
 * Remaining work is GET /order-line-task/todo (contract/orderLineTask.ts).
 *
 * Rules:
 * - the amount of an order-line task is its unit price (the task's, else its order line's) x its quantity;
 * - planned: a task's amount is spread over its working days (Monday to Friday, from its start to its end date)
 *   and summed per week; a task starting and ending on a week-end puts it all in its first week;
 * - realized: each counting adds amount x (its percentage - the task's previous counting's) / 100 to the week of
 *   its counting date (countings of the version itself, as on the dashboard);
 * - hours of a task = numberOfDays x numberOfPeople x HOURS_PER_DAY; the ratio is hours per unit of work (by
 *   quantity) or hours per PRODUCTIVITY_PRICE_BASE euros (by price), rounded to 2 decimals: more hours for the
 *   same work is worse, hence the colour rule (`productivityColour`).
 * Filter ids name rows of the requested version; other versions are filtered by the same tracking ids.
 */
import { z } from "zod";
import { LIST_LIMIT, ORDER_LINE_TYPES } from "../constants.js";
import type { ErrorCode } from "../errors.js";
import { idsParam, isoDay, plainString, projectRef } from "../schemas.js";

/** A working day's hours (35-hour week, 5 days). */
export const HOURS_PER_DAY = 7;
/** By price, the ratio is the hours spent per this many euros. */
export const PRODUCTIVITY_PRICE_BASE = 1000;
/** At most this many versions on one finance chart (spec 001 section 9). */
export const FINANCE_VERSIONS_MAX = 4;

export const PRODUCTIVITY_ORDERS = ["quantity", "price"] as const;
export type ProductivityOrder = (typeof PRODUCTIVITY_ORDERS)[number];
export type CostLineType = (typeof ORDER_LINE_TYPES)[number];

const costFilters = {
  projectId: projectRef,
  versionId: projectRef.optional(),
  macroTaskIds: idsParam.optional(),
  zoneIds: idsParam.optional(),
  tagIds: idsParam.optional(),
  orderLineType: z.enum(ORDER_LINE_TYPES).optional(),
};
export type CostFilters = {
  macroTaskIds?: number[];
  zoneIds?: number[];
  tagIds?: number[];
  orderLineType?: CostLineType;
};

/** GET /costs/supply. */
export const supplyQuery = z.object({
  projectId: projectRef,
  versionId: projectRef.optional(),
  date: isoDay.optional(),
});
export type SupplyQuery = z.output<typeof supplyQuery>;

/** GET /costs/finance. */
export const financeQuery = z
  .object({ ...costFilters, versionIds: idsParam.optional() })
  .refine((q) => (q.versionIds?.length ?? 0) <= FINANCE_VERSIONS_MAX, {
    message: "errors.compare_max_versions",
    path: ["versionIds"],
  });
export type FinanceQuery = z.output<typeof financeQuery>;

export const productivityParams = z.object({ orderBy: z.enum(PRODUCTIVITY_ORDERS) });
/** A productivity page's size by default. */
export const PRODUCTIVITY_PAGE_SIZE = 50;
/** The columns a productivity table sorts on ("macroTask": macro-task, then zone, then unit, French order). */
export const PRODUCTIVITY_SORTS = [
  "macroTask",
  "zone",
  "unit",
  "referentHours",
  "currentHours",
  "referentValue",
  "currentValue",
  "referentRatio",
  "currentRatio",
  "colour",
] as const;
export type ProductivitySortField = (typeof PRODUCTIVITY_SORTS)[number];
const pageNumber = plainString()
  .trim()
  .regex(/^\d+$/, "errors.invalid_pagination")
  .transform(Number)
  .pipe(z.number().int().min(0));
/** GET /costs/productivity/{orderBy} and its export (which ignores limit and offset: every row). */
export const productivityQuery = z.object({
  ...costFilters,
  referentVersionId: projectRef.optional(),
  limit: pageNumber.pipe(z.number().max(LIST_LIMIT)).default(PRODUCTIVITY_PAGE_SIZE),
  offset: pageNumber.default(0),
  sort: plainString()
    .regex(new RegExp(`^(${PRODUCTIVITY_SORTS.join("|")}),(ASC|DESC)$`), "errors.unknown_sort_field")
    .transform((v) => {
      const [field, direction] = v.split(",");
      return { field: field as ProductivitySortField, direction: direction as "ASC" | "DESC" };
    })
    .optional(),
});
export type ProductivityQuery = z.output<typeof productivityQuery>;

/** One supply line (spec 001: orderLineTaskId, priceSupply, isOrdered, startDate). */
export interface SupplyLine {
  orderLineTaskId: number;
  orderLineId: number;
  label: string;
  unit: string | null;
  family: string | null;
  macroTaskId: number | null;
  macroTask: string | null;
  zoneId: number | null;
  zone: string | null;
  eventId: number | null;
  eventName: string | null;
  quantity: number;
  /** Unit price x quantity. */
  amount: number;
  priceSupply: number | null;
  isOrdered: boolean;
  /** The first start of the linked task (else of the macro-task's tasks in the zone, else the line's own date). */
  startDate: string | null;
  /** Not ordered and its task starts on or before the date. */
  isLate: boolean;
}

export interface SupplyAnswer {
  projectId: number;
  versionId: number;
  date: string;
  data: SupplyLine[];
  count: number;
}

/** A compared version's planned amounts in one week. */
export interface FinanceVersionWeek {
  planned: number;
  planned_accumulated: number;
}

/** One week of GET /costs/finance (spec 001 "financial weekly series"); amounts in euros, not rounded. */
export interface FinanceWeek {
  /** ISO week number of the Monday. */
  realWeek: number;
  /** The Monday (yyyy-MM-dd). */
  startDate: string;
  planned: number;
  realized: number;
  planned_accumulated: number;
  realized_accumulated: number;
  /** Per version id: the requested version and each compared one. */
  versions: Record<string, FinanceVersionWeek>;
}

export interface FinanceAnswer {
  projectId: number;
  versionId: number;
  referentVersionId: number | null;
  /** The versions of `versions`, the requested one first. */
  versionList: { id: number; name: string; isReferent: boolean }[];
  weeks: FinanceWeek[];
  totals: { planned: number; realized: number };
}

export type ProductivityColour = "neutral" | "warning" | "good";
/** The colour's text (screens and exports never carry a meaning by colour alone). */
export const PRODUCTIVITY_COLOUR_LABELS: Record<ProductivityColour, string> = {
  neutral: "Sans écart",
  warning: "Moins productif",
  good: "Plus productif",
};

/**
 * The colour of a current ratio against the referent one (spec 001 section 4): equal or missing ratios are
 * neutral, a current ratio above the referent one is a warning, otherwise good.
 */
export function productivityColour(referent: number | null, current: number | null): ProductivityColour {
  if (referent === null || current === null || !Number.isFinite(referent) || !Number.isFinite(current))
    return "neutral";
  if (current === referent) return "neutral";
  return current > referent ? "warning" : "good";
}

/** Hours over a value, rounded to 2 decimals; null without a value. */
export function productivityRatio(hours: number, value: number, orderBy: ProductivityOrder): number | null {
  if (!(value > 0)) return null;
  const per = orderBy === "price" ? value / PRODUCTIVITY_PRICE_BASE : value;
  return Math.round((hours / per) * 100) / 100;
}

/** One row of GET /costs/productivity/{orderBy}: a macro-task in a zone (and a unit, by quantity). */
export interface ProductivityRow {
  macroTaskId: number | null;
  macroTask: string;
  zoneId: number | null;
  zone: string | null;
  /** By quantity: the unit of work; by price: null (euros). */
  unit: string | null;
  referentHours: number | null;
  currentHours: number;
  referentValue: number | null;
  currentValue: number;
  referentRatio: number | null;
  currentRatio: number | null;
  colour: ProductivityColour;
}

export interface ProductivityAnswer {
  orderBy: ProductivityOrder;
  projectId: number;
  versionId: number;
  referentVersionId: number | null;
  /** The page's rows. */
  data: ProductivityRow[];
  /** Rows of this page. */
  count: number;
  /** Rows of the whole table. */
  total: number;
}

/** Error keys the cost calls answer with (besides the generic ones). */
export const COSTS_ERRORS = [
  "errors.no_project",
  "errors.project_not_found",
  "errors.version_not_found",
  "errors.version_not_in_project",
  "errors.compare_max_versions",
  "errors.invalid_pagination",
  "errors.unknown_sort_field",
  "errors.validation",
  "errors.forbidden",
] as const satisfies readonly ErrorCode[];
