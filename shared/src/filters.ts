/**
 * The list query language of the specs: filter triples `filter=field||$eq||value` (conditions eq, $eq, in,
 * $in, contL, isnull, notin and a few comparisons), `join=relation`, `sort=field,ASC`, `limit`, `offset`.
 *
 * Parsing is pure and validated against a whitelist per resource (`ListResource`): an unknown field,
 * condition, join or sort field, or a value of the wrong type, throws an `AppError` with a clear code that
 * the server answers with 400. Turning a parsed query into SQL is the server's business.
 */
import { z } from "zod";
import { AppError } from "./errors.js";
import { MAX_LIST_LIMIT } from "./constants.js";
import { plainString } from "./schemas.js";

export type FieldType = "number" | "string" | "boolean" | "date" | "datetime";

/** Canonical operators; the accepted spellings are in `CONDITION_ALIASES`. */
export type FilterOp = "eq" | "ne" | "in" | "notin" | "cont" | "isnull" | "notnull" | "gt" | "gte" | "lt" | "lte";

export const CONDITION_ALIASES: Record<string, FilterOp> = {
  eq: "eq",
  $eq: "eq",
  ne: "ne",
  $ne: "ne",
  in: "in",
  $in: "in",
  notin: "notin",
  $notin: "notin",
  contL: "cont",
  $contL: "cont",
  cont: "cont",
  $cont: "cont",
  isnull: "isnull",
  $isnull: "isnull",
  notnull: "notnull",
  $notnull: "notnull",
  gt: "gt",
  $gt: "gt",
  gte: "gte",
  $gte: "gte",
  lt: "lt",
  $lt: "lt",
  lte: "lte",
  $lte: "lte",
};

export type FilterScalar = string | number | boolean;

export interface Filter {
  field: string;
  op: FilterOp;
  /** A scalar, a list for in/notin, null for isnull/notnull. */
  value: FilterScalar | FilterScalar[] | null;
}

export type SortOrder = "ASC" | "DESC";

export interface Sort {
  field: string;
  order: SortOrder;
}

export interface ListQuery {
  filters: Filter[];
  sort: Sort[];
  join: string[];
  limit: number;
  offset: number;
}

export interface ListResource {
  /** Filterable fields (API names, camelCase) and their types. */
  fields: Record<string, FieldType>;
  /** Sortable fields; all filterable fields when omitted. */
  sortable?: readonly string[];
  joins?: readonly string[];
  defaultSort?: readonly Sort[];
  defaultLimit: number;
  maxLimit?: number;
}

/** The answer of every list. `count` is the size of this page, `total` the size of the whole result. */
export interface ListResponse<T> {
  data: T[];
  count: number;
  total: number;
}

export function defineListResource<R extends ListResource>(resource: R): R {
  return resource;
}

const stringOrList = z.union([plainString(), z.array(plainString())]).optional();

/** The raw query string keys the language reads (node's querystring gives a string or a list per key). */
export const rawListQuerySchema = z.looseObject({
  filter: stringOrList,
  "filter[]": stringOrList,
  sort: stringOrList,
  "sort[]": stringOrList,
  join: stringOrList,
  "join[]": stringOrList,
  limit: plainString().optional(),
  offset: plainString().optional(),
});

function list(v: string | string[] | undefined): string[] {
  if (v === undefined) return [];
  return Array.isArray(v) ? v : [v];
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?$/;

function validIsoDay(s: string): boolean {
  if (!ISO_DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Coerces one filter value to its field type; throws errors.invalid_filter_value. */
export function coerceFilterValue(field: string, type: FieldType, raw: string): FilterScalar {
  const bad = () =>
    new AppError("errors.invalid_filter_value", {
      message: `Valeur de filtre invalide pour ${field} : « ${raw} »`,
      details: { field, value: raw, expected: type },
    });
  switch (type) {
    case "number": {
      if (!/^-?\d+(\.\d+)?$/.test(raw.trim())) throw bad();
      const n = Number(raw);
      if (!Number.isFinite(n) || Math.abs(n) > Number.MAX_SAFE_INTEGER) throw bad();
      return n;
    }
    case "boolean": {
      const v = raw.trim().toLowerCase();
      if (v === "true" || v === "1") return true;
      if (v === "false" || v === "0") return false;
      throw bad();
    }
    case "date": {
      const v = raw.trim();
      if (validIsoDay(v)) return v;
      if (ISO_DATE_TIME.test(v) && !Number.isNaN(Date.parse(v))) return v;
      throw bad();
    }
    case "datetime": {
      const v = raw.trim();
      if ((validIsoDay(v) || ISO_DATE_TIME.test(v)) && !Number.isNaN(Date.parse(v))) return v;
      throw bad();
    }
    case "string":
      if (raw.length > 1000) throw bad();
      return raw;
  }
}

/** Parses one `field||condition||value` triple against the resource's whitelist. */
export function parseFilterTriple(triple: string, resource: ListResource): Filter {
  const parts = triple.split("||");
  if (parts.length < 2 || parts.length > 3 || parts[0] === "") {
    throw new AppError("errors.invalid_filter", {
      message: `Filtre invalide : « ${triple} » (attendu champ||condition||valeur)`,
      details: { filter: triple },
    });
  }
  const [field, condition, raw] = parts;
  const type = Object.prototype.hasOwnProperty.call(resource.fields, field) ? resource.fields[field] : undefined;
  if (type === undefined) {
    throw new AppError("errors.unknown_filter_field", {
      message: `Champ de filtre inconnu : ${field}`,
      details: { field, allowed: Object.keys(resource.fields) },
    });
  }
  const op = Object.prototype.hasOwnProperty.call(CONDITION_ALIASES, condition)
    ? CONDITION_ALIASES[condition]
    : undefined;
  if (op === undefined) {
    throw new AppError("errors.unknown_filter_condition", {
      message: `Condition de filtre inconnue : ${condition}`,
      details: { field, condition, allowed: Object.keys(CONDITION_ALIASES) },
    });
  }
  if (op === "isnull" || op === "notnull") return { field, op, value: null };
  if (raw === undefined) {
    throw new AppError("errors.invalid_filter", {
      message: `Valeur manquante pour le filtre ${field}`,
      details: { filter: triple },
    });
  }
  if (op === "in" || op === "notin") {
    const items = raw === "" ? [] : raw.split(",");
    if (items.length === 0)
      throw new AppError("errors.invalid_filter_value", {
        message: `Liste vide pour le filtre ${field}`,
        details: { field },
      });
    return { field, op, value: items.map((v) => coerceFilterValue(field, type, v)) };
  }
  if (op === "cont" && type !== "string") {
    throw new AppError("errors.unknown_filter_condition", {
      message: `La condition contL ne s'applique qu'aux textes (${field})`,
      details: { field, condition },
    });
  }
  return { field, op, value: coerceFilterValue(field, type, raw) };
}

function parseSort(item: string, resource: ListResource): Sort {
  const [field, orderRaw = "ASC", ...rest] = item.split(",");
  const sortable = resource.sortable ?? Object.keys(resource.fields);
  if (rest.length > 0 || !sortable.includes(field)) {
    throw new AppError("errors.unknown_sort_field", {
      message: `Tri inconnu : ${item}`,
      details: { sort: item, allowed: sortable },
    });
  }
  const order = orderRaw.toUpperCase();
  if (order !== "ASC" && order !== "DESC") {
    throw new AppError("errors.unknown_sort_field", {
      message: `Ordre de tri inconnu : ${orderRaw}`,
      details: { sort: item },
    });
  }
  return { field, order };
}

function parseJoin(item: string, resource: ListResource): string[] {
  const relation = item.split("||")[0];
  const names = relation
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  for (const name of names) {
    if (!(resource.joins ?? []).includes(name)) {
      throw new AppError("errors.unknown_join", {
        message: `Jointure inconnue : ${name}`,
        details: { join: name, allowed: resource.joins ?? [] },
      });
    }
  }
  return names;
}

function parseInteger(name: "limit" | "offset", raw: string | undefined, fallback: number, max: number): number {
  if (raw === undefined || raw === "") return fallback;
  const n = /^\d+$/.test(raw.trim()) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(n) || n > max) {
    throw new AppError("errors.invalid_pagination", {
      message: `${name} invalide : « ${raw} » (entier de 0 à ${max})`,
      details: { [name]: raw, max },
    });
  }
  return n;
}

/** Parses a query string object (as Koa's ctx.query gives it) into a validated ListQuery. */
export function parseListQuery(query: unknown, resource: ListResource): ListQuery {
  const parsed = rawListQuerySchema.safeParse(query ?? {});
  if (!parsed.success) {
    throw new AppError("errors.invalid_filter", {
      message: "Paramètres de liste invalides",
      details: parsed.error.issues,
    });
  }
  const q = parsed.data;
  const filters = [...list(q.filter), ...list(q["filter[]"])].map((t) => parseFilterTriple(t, resource));
  const sortItems = [...list(q.sort), ...list(q["sort[]"])];
  const sort = sortItems.length > 0 ? sortItems.map((s) => parseSort(s, resource)) : [...(resource.defaultSort ?? [])];
  const join = [...new Set([...list(q.join), ...list(q["join[]"])].flatMap((j) => parseJoin(j, resource)))];
  const maxLimit = resource.maxLimit ?? MAX_LIST_LIMIT;
  const limit = parseInteger("limit", q.limit, resource.defaultLimit, maxLimit);
  const offset = parseInteger("offset", q.offset, 0, Number.MAX_SAFE_INTEGER);
  return { filters, sort, join, limit, offset };
}

/** The value of an `eq` filter on a field, or undefined (used to scope lists to a project or version). */
export function eqFilterValue(query: ListQuery, field: string): FilterScalar | undefined {
  const f = query.filters.find((x) => x.field === field && x.op === "eq");
  return f === undefined ? undefined : (f.value as FilterScalar);
}

/** Serialises a list query for the client, the inverse of `parseListQuery`. */
export function toQueryString(q: Partial<ListQuery>): string {
  const params: [string, string][] = [];
  for (const f of q.filters ?? []) {
    const cond = f.op === "cont" ? "contL" : f.op === "eq" ? "$eq" : f.op;
    if (f.value === null) params.push(["filter", `${f.field}||${cond}`]);
    else
      params.push(["filter", `${f.field}||${cond}||${Array.isArray(f.value) ? f.value.join(",") : String(f.value)}`]);
  }
  for (const s of q.sort ?? []) params.push(["sort", `${s.field},${s.order}`]);
  for (const j of q.join ?? []) params.push(["join", j]);
  if (q.limit !== undefined) params.push(["limit", String(q.limit)]);
  if (q.offset !== undefined) params.push(["offset", String(q.offset)]);
  return params.map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
}
