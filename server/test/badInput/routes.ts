import fc from "fast-check";
import { z } from "zod";
import type Router from "@koa/router";
import { apiRouter } from "../../src/routes/index.js";
import type { AppDeps } from "../../src/context.js";
import type { AppState } from "../../src/http/auth.js";

/** What route() was given (the test records it by wrapping route(): see badInput.test.ts). */
export interface DeclaredRoute {
  router: object;
  method: string;
  path: string;
  body?: z.ZodType;
  query?: z.ZodType;
  /** Callable without a session (no role set, or guests allowed). */
  open: boolean;
}

/** One registered route: its method, its path under /api, its path parameters and the schemas it reads. */
export interface WalkedRoute {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** Path under /api, parameters as `:name`. */
  path: string;
  params: string[];
  /** Keys of the query and body schemas when they are objects; null without a schema or for another shape. */
  queryKeys: string[] | null;
  bodyKeys: string[] | null;
  query?: z.ZodType;
  body?: z.ZodType;
  /** Callable without a session; routes registered without route() (GET /health) count as open. */
  open: boolean;
}

interface Def {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  element?: z.ZodType;
  options?: z.ZodType[];
  entries?: Record<string, string | number>;
  values?: unknown[];
  format?: string;
}
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** The object schema inside optional, default, pipe and transform wrappers, if any. */
function objectOf(schema: z.ZodType | undefined): z.ZodObject | null {
  let s = schema;
  for (let i = 0; i < 10 && s; i++) {
    if (s instanceof z.ZodObject) return s;
    const def = defOf(s);
    s = def.innerType ?? def.in;
  }
  return null;
}

/**
 * Every route of the API router as Koa's router registry holds it (router.stack), with the schemas route()
 * was given. Nothing is listed by hand: a new route is walked as soon as it is registered.
 */
export function registeredRoutes(deps: AppDeps, declared: DeclaredRoute[]): WalkedRoute[] {
  const router: Router<AppState> = apiRouter(deps);
  const byKey = new Map(
    declared.filter((d) => d.router === router).map((d) => [`${d.method.toUpperCase()} /api${d.path}`, d]),
  );
  const out: WalkedRoute[] = [];
  const seen = new Set<string>();
  for (const layer of router.stack) {
    for (const m of layer.methods) {
      const key = `${m} ${layer.path}`;
      if (m === "HEAD" || seen.has(key)) continue;
      seen.add(key);
      const d = byKey.get(key);
      const q = objectOf(d?.query);
      const b = objectOf(d?.body);
      out.push({
        method: m as WalkedRoute["method"],
        path: String(layer.path).replace(/^\/api/, ""),
        params: layer.paramNames.map((p) => String(p.name)),
        queryKeys: q ? Object.keys(q.shape) : null,
        bodyKeys: b ? Object.keys(b.shape) : null,
        query: d?.query,
        body: d?.body,
        open: d?.open ?? true,
      });
    }
  }
  return out;
}

/** Rows of the fixture: every id, and the id that fits a field name best (projectId, zoneId...). */
export interface Fixture {
  ids: number[];
  named: Record<string, number>;
}

/** An id for a field or path parameter: mostly the fixture's row of that name, sometimes any row. */
export function idFor(key: string, f: Fixture): fc.Arbitrary<number> {
  const named = f.named[key];
  return named === undefined
    ? fc.constantFrom(...f.ids)
    : fc.oneof({ weight: 4, arbitrary: fc.constant(named) }, { weight: 1, arbitrary: fc.constantFrom(...f.ids) });
}

/** A plausible value for a field whose schema says little (ids are z.unknown() transformed): by its name. */
function byName(key: string, f: Fixture): fc.Arbitrary<unknown> {
  const ids = f.ids;
  if (
    /ids$/i.test(key) ||
    key === "tags" ||
    key === "zones" ||
    key === "specialities" ||
    key === "participantsGroupPro"
  )
    return fc.subarray(ids, { minLength: 1, maxLength: 2 });
  if (/date$/i.test(key) || /day$/i.test(key)) return fc.constantFrom("2026-03-02", "2026-03-09");
  if (/colou?r$/i.test(key)) return fc.constant("#ff0000");
  if (/month/i.test(key)) return fc.constant("2026-03");
  if (/email$/i.test(key)) return fc.constant("quelqu.un@exemple.fr");
  if (/^(name|.*Name|comments|description|typology|trigram)$/.test(key)) return fc.constantFrom("Texte", "Gros œuvre");
  return idFor(key, f);
}

/**
 * Values a schema accepts, derived from its definition (zod 4): what a form would send. Requests made of these
 * get past validation, so that the bad part of a request reaches the handler and the database.
 */
export function sample(schema: z.ZodType | undefined, key: string, f: Fixture, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return byName(key, f);
  const def = defOf(schema);
  switch (def.type) {
    case "optional":
      return fc.option(sample(def.innerType, key, f, depth + 1), { nil: undefined, freq: 3 });
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      return sample(def.innerType, key, f, depth + 1);
    case "pipe": {
      const inner = def.in ? defOf(def.in).type : "unknown";
      return inner === "unknown" || inner === "transform"
        ? sample(def.out, key, f, depth + 1)
        : sample(def.in, key, f, depth + 1);
    }
    case "union":
      return fc.oneof(...(def.options ?? []).map((o) => sample(o, key, f, depth + 1)));
    case "enum":
      return fc.constantFrom(...Object.values(def.entries ?? { a: "a" }));
    case "literal":
      return fc.constantFrom(...(def.values ?? [null]));
    case "boolean":
      return fc.boolean();
    case "number":
      return /id$/i.test(key) ? idFor(key, f) : fc.integer({ min: 0, max: 10 });
    case "string":
      if (def.format === "datetime") return fc.constant("2026-03-02T08:00:00.000Z");
      if (def.format === "email") return fc.constant("quelqu.un@exemple.fr");
      return byName(key, f).map((v) => (typeof v === "string" ? v : String(v)));
    case "array":
      return fc.array(sample(def.element, "", f, depth + 1), { minLength: 1, maxLength: 2 });
    case "object": {
      const shape = (schema as z.ZodObject).shape;
      return fc.record(
        Object.fromEntries(Object.entries(shape).map(([k, s]) => [k, sample(s as z.ZodType, k, f, depth + 1)])),
      );
    }
    case "record":
      return fc.constant({});
    default:
      return byName(key, f);
  }
}
