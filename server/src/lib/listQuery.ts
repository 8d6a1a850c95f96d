import type { Knex } from "knex";
import { formatInTimeZone } from "date-fns-tz";
import { TIME_ZONE, type Filter, type ListQuery, type ListResource, type FilterScalar } from "@jalon/shared";
import { countOf } from "../db/numbers.js";
import { FRENCH_ACCENTED, FRENCH_PLAIN } from "@jalon/shared";

/**
 * A field kept in a join table (a participant's lots, a macro-task's specialities, a user's projects): the row
 * matches when one of its links matches (eq, in, comparisons), or when none does (ne, notin); isnull is a row
 * without links, notnull a row with some.
 */
export interface ThroughColumn {
  /** The join table. */
  through: string;
  /** Its column holding the listed row's id. */
  owner: string;
  /** Its column the filter compares. */
  column: string;
}

/** SQL column (qualified) of each filterable API field of a resource, or the join table that holds it. */
export type ColumnMap = Record<string, string | ThroughColumn>;

/** An instant sent for a calendar-day column is read as its Europe/Paris day (spec: start/end of day). */
function dayValue(value: FilterScalar, type: string | undefined): FilterScalar {
  if (type === "date" && typeof value === "string" && value.includes("T")) {
    return formatInTimeZone(new Date(value), TIME_ZONE, "yyyy-MM-dd");
  }
  return value;
}

function escapeLike(s: string): string {
  return s.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export function applyFilter(qb: Knex.QueryBuilder, f: Filter, column: string, type: string | undefined): void {
  const value = Array.isArray(f.value)
    ? f.value.map((x) => dayValue(x, type))
    : f.value === null
      ? null
      : dayValue(f.value, type);
  switch (f.op) {
    case "eq":
      qb.where(column, value as FilterScalar);
      break;
    case "ne":
      qb.whereNot(column, value as FilterScalar);
      break;
    case "in":
      qb.whereIn(column, value as FilterScalar[]);
      break;
    case "notin":
      qb.whereNotIn(column, value as FilterScalar[]);
      break;
    case "cont":
      qb.whereRaw(`?? ILIKE ? ESCAPE '\\'`, [column, `%${escapeLike(String(value))}%`]);
      break;
    case "isnull":
      qb.whereNull(column);
      break;
    case "notnull":
      qb.whereNotNull(column);
      break;
    case "gt":
      qb.where(column, ">", value as FilterScalar);
      break;
    case "gte":
      qb.where(column, ">=", value as FilterScalar);
      break;
    case "lt":
      qb.where(column, "<", value as FilterScalar);
      break;
    case "lte":
      qb.where(column, "<=", value as FilterScalar);
      break;
  }
}

// French order without an ICU collation (shared/src/frenchOrder.ts: the Gantt's groups sort the same way).
const ACCENTED = FRENCH_ACCENTED;
const PLAIN = FRENCH_PLAIN;

/** SQL text of the French sort key of a column, for raw ORDER BY clauses (json_agg, string_agg). */
export function frenchKeySql(column: string): string {
  if (!/^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)?$/i.test(column))
    throw new Error(`frenchKeySql: not a column: ${column}`);
  return `lower(translate(${column}, '${ACCENTED}', '${PLAIN}')), ${column}`;
}

/** Orders by a text column the French way ("Électricité" before "Zinguerie", case ignored). */
export function orderByFrench(
  qb: Knex.QueryBuilder,
  column: string,
  direction: "asc" | "desc" = "asc",
): Knex.QueryBuilder {
  return qb.orderByRaw(`lower(translate(??, ?, ?)) ${direction}, ?? ${direction}`, [column, ACCENTED, PLAIN, column]);
}

const POSITIVE_OF: Partial<Record<Filter["op"], Filter["op"]>> = { ne: "eq", notin: "in", isnull: "notnull" };

/** Applies list filters to a query, each on its column or through its join table: the one way filters are built. */
export function applyFilters(
  db: Knex,
  base: Knex.QueryBuilder,
  filters: readonly Filter[],
  resource: ListResource,
  columns: ColumnMap,
  idColumn: string,
): void {
  for (const f of filters) {
    const column = columns[f.field];
    const type = resource.fields[f.field];
    if (typeof column === "string") applyFilter(base, f, column, type);
    else if (column) {
      const sub = db(column.through).select(`${column.through}.${column.owner}`);
      const positive = POSITIVE_OF[f.op];
      const op = positive ?? f.op;
      if (op !== "notnull") applyFilter(sub, { ...f, op }, `${column.through}.${column.column}`, type);
      if (positive) base.whereNotIn(idColumn, sub);
      else base.whereIn(idColumn, sub);
    }
  }
}

/**
 * Runs a parsed list query on a base query (already scoped to what the user may see): filters, total,
 * sort (text fields in French order, then id for a stable order), limit and offset. Returns the page's rows and the total.
 */
export async function runList<T>(
  db: Knex,
  base: Knex.QueryBuilder,
  query: ListQuery,
  resource: ListResource,
  columns: ColumnMap,
  idColumn: string,
): Promise<{ rows: T[]; total: number }> {
  applyFilters(db, base, query.filters, resource, columns, idColumn);
  const totalRows = await db
    .count({ count: "*" })
    .from(base.clone().clearSelect().clearOrder().select(db.raw("1")).as("t"));
  const total = countOf(totalRows as Record<string, unknown>[]);
  for (const s of query.sort) {
    const mapped = columns[s.field];
    const column = typeof mapped === "string" ? mapped : undefined;
    const direction = s.order === "DESC" ? "desc" : "asc";
    if (column && resource.fields[s.field] === "string") orderByFrench(base, column, direction);
    else if (column) base.orderBy(column, direction);
  }
  base.orderBy(idColumn, "asc").limit(query.limit).offset(query.offset);
  const rows = (await base) as T[];
  return { rows, total };
}

/** A list's answer: its items, their count, and the total the list holds (all of them unless paged). */
export function listAnswer<U>(data: U[], total = data.length): { data: U[]; count: number; total: number } {
  return { data, count: data.length, total };
}

/** `runList`, each row of the page presented: the answer of a paged list route. */
export async function pagedList<T, U>(
  db: Knex,
  base: Knex.QueryBuilder,
  query: ListQuery,
  resource: ListResource,
  columns: ColumnMap,
  idColumn: string,
  present: (row: T) => U,
): Promise<{ data: U[]; count: number; total: number }> {
  const { rows, total } = await runList<T>(db, base, query, resource, columns, idColumn);
  return listAnswer(rows.map(present), total);
}
