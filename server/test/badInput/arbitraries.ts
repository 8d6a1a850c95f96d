import fc from "fast-check";
import { z } from "zod";
import { idFor, sample, type Fixture, type WalkedRoute } from "./routes.js";

export type { Fixture };

/**
 * fast-check generators of bad requests. Every generated request carries one "poison" that no valid request
 * has (a control character in a field the route reads, a malformed path id, broken or too deep JSON, a body of
 * the wrong type, ids that do not exist), plus "noise" in its other fields: wrong types, huge strings,
 * negative and huge ids, 1e309, impossible dates, unknown fields, nesting. The poison is what makes the answer
 * a refusal; the noise is what the validation and the handler must survive on the way to it.
 */

/** A number written as it is in the JSON text (1e309, 2^63: JSON.stringify cannot write them). */
export class RawNumber {
  constructor(readonly text: string) {}
}

export function toJson(v: unknown): string {
  if (v instanceof RawNumber) return v.text;
  if (Array.isArray(v)) return `[${v.map(toJson).join(",")}]`;
  if (typeof v === "object" && v !== null)
    return `{${Object.entries(v)
      .filter(([, x]) => x !== undefined)
      .map(([k, x]) => `${JSON.stringify(k)}:${toJson(x)}`)
      .join(",")}}`;
  return JSON.stringify(v) ?? "null";
}

export interface BadRequest {
  method: string;
  /** Path under /api with its query string. */
  url: string;
  body?: string;
  contentType?: string;
  /** A multipart/form-data body instead: text fields, and files as bytes. */
  form?: [string, string | Uint8Array][];
  poison: string;
  /** Whether the poison always reaches a check: then the answer must be 4xx, otherwise only "not 5xx". */
  mustRefuse: boolean;
}

/** The id no row has (the largest int4): a lookup of it must answer 404, never 500. */
export const MISSING_ID = 2_147_483_647;

const CONTROLS = [0x00, 0x01, 0x07, 0x08, 0x0b, 0x0c, 0x0e, 0x1b, 0x1f].map((c) => String.fromCharCode(c));
const controlString = fc
  .tuple(fc.string({ maxLength: 8 }), fc.constantFrom(...CONTROLS), fc.string({ maxLength: 8 }))
  .map(([a, c, b]) => `${a}${c}${b}`);

/** Path segments no id, token or key is: negative, zero, past int4 and int8, 1e309, not a number, NUL, broken %-escapes. */
const BAD_SEGMENTS = [
  "-1",
  "0",
  "2147483648",
  "9223372036854775808",
  "18446744073709551616",
  "1e309",
  "-1e309",
  "1.5",
  "abc",
  "0x10",
  "%00",
  "a%00b",
  "%E0%A4%A",
  "%",
  "null",
  "undefined",
  "NaN",
  "%20",
  `${MISSING_ID}`,
];

const BAD_DATES = [
  "2026-02-30",
  "2026-13-01",
  "2026-00-10",
  "0000-00-00",
  "2026-2-3",
  "99999-01-01",
  "2026-02-29T25:00:00Z",
  "+275760-09-13",
  "2026-03-02T10:00:00+99:00",
];
const GOOD_DATES = ["2026-03-02", "2026-03-02T08:00:00.000Z", "0001-01-01", "9999-12-31"];

const NUMBERS: unknown[] = [
  -1,
  0,
  1.5,
  -2147483649,
  2147483648,
  Number.MAX_SAFE_INTEGER,
  new RawNumber("9223372036854775808"),
  new RawNumber("1e309"),
  new RawNumber("-1e309"),
  new RawNumber("1e-400"),
  new RawNumber("-0"),
];
const STRINGS: unknown[] = [
  "",
  " ",
  "abc",
  "true",
  "null",
  "undefined",
  "-1",
  "1e309",
  "9223372036854775808",
  "#ff0000",
  "red",
  "x".repeat(201),
  "é".repeat(5001),
  "a,b,,c",
  "<script>",
  "'; drop table users; --",
  "\t\n\r",
  "%00",
  "\u2028",
  "😀".repeat(50),
  ...BAD_DATES,
  ...GOOD_DATES,
];

function nested(depth: number): unknown {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 === 0 ? { a: v } : [v];
  return v;
}

/** A value of any type for a body field. */
function noiseValue(f: Fixture): fc.Arbitrary<unknown> {
  const scalar = fc.oneof(
    fc.constantFrom(...f.ids),
    fc.constantFrom(...NUMBERS),
    fc.constantFrom(...STRINGS),
    fc.constantFrom(true, false, null),
    fc.string({ maxLength: 30 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
  );
  return fc.oneof(
    { weight: 6, arbitrary: scalar },
    { weight: 1, arbitrary: fc.array(scalar, { maxLength: 5 }) },
    { weight: 1, arbitrary: fc.dictionary(fc.string({ maxLength: 10 }), scalar, { maxKeys: 3 }) },
    { weight: 1, arbitrary: fc.integer({ min: 1, max: 40 }).map(nested) },
    // A huge text, and more ids than PostgreSQL takes parameters in one statement (65,535).
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "x".repeat(100_000),
        Array.from({ length: 70_000 }, (_, i) => i + 1),
      ),
    },
  );
}

const EDGE_DATES = [
  "0001-01-01",
  "0001-01",
  "1899-12-31",
  "1900-01-01",
  "2999-12-31",
  "3000-01-01",
  "9999-12-31",
  "9999-12",
  "2026-03-01",
  "2026-02-28",
  "2028-02-29",
];
const EDGE_NUMBERS = [0, -1, 1.5, 2147483647, -2147483648, 2147483648, 100_000, 100_001, 1e12, 1e15];

/** Noise that fits the field's name (a date for a date, a number for a count): more of it gets past validation. */
function typedNoise(key: string, f: Fixture, generic: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  let typed: fc.Arbitrary<unknown> | null = null;
  if (/(date|day|month)$/i.test(key)) typed = fc.constantFrom(...EDGE_DATES, ...BAD_DATES);
  else if (/ids$/i.test(key)) typed = fc.constantFrom([MISSING_ID], [-1], [1, 1], [...f.ids], []);
  else if (/id$/i.test(key)) typed = fc.constantFrom(MISSING_ID, -1, 0, 2147483648, ...f.ids);
  else if (/(days|delay|position|count|limit|offset|revision|people|area|perpage)$/i.test(key))
    typed = fc.constantFrom(...EDGE_NUMBERS);
  return typed ? fc.oneof({ weight: 2, arbitrary: typed }, { weight: 1, arbitrary: generic }) : generic;
}

/** A string value for a query parameter. */
function noiseQueryValue(f: Fixture): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...f.ids.map(String)),
    fc.constantFrom(...STRINGS.filter((s): s is string => typeof s === "string"), ...BAD_SEGMENTS),
    fc.constantFrom(
      "id||$eq||abc",
      "projectId||$eq||-1",
      "id||$in||1,,2",
      "name||contL||%_\\",
      "startDate||$gte||2026-02-30",
      "id||$eq||9223372036854775808",
      "nope||$eq||1",
      "id||$zz||1",
      "id,DESC",
      "id,SIDEWAYS",
      "children",
    ),
    fc.string({ maxLength: 20 }),
  );
}

const LIST_QUERY_KEYS = ["filter", "sort", "join", "limit", "offset", "projectId", "versionId"];

function queryString(pairs: [string, string][]): string {
  return pairs.length === 0
    ? ""
    : `?${pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&")}`;
}

const isIdKey = (k: string) => k === "id" || /Id$/.test(k);
const isIdListKey = (k: string) => k === "ids" || /Ids$/.test(k);

/**
 * One bad request for a route. `rough` leaves the poison out: form values with noise in some fields, which
 * the route may take (and write) or refuse, but must answer without a 5xx.
 */
export function badRequest(route: WalkedRoute, f: Fixture, rough = false): fc.Arbitrary<BadRequest> {
  const hasBody = route.method !== "GET";
  const bodyKeys = route.bodyKeys ?? [];
  const queryKeys = route.queryKeys ?? [];
  const value = noiseValue(f);
  const qValue = noiseQueryValue(f);

  const shape = (schema: z.ZodType | undefined): Record<string, z.ZodType> => {
    let x = schema;
    for (let i = 0; i < 10 && x; i++) {
      if (x instanceof z.ZodObject) return x.shape as Record<string, z.ZodType>;
      const def = (x as unknown as { _zod: { def: { innerType?: z.ZodType; in?: z.ZodType } } })._zod.def;
      x = def.innerType ?? def.in;
    }
    return {};
  };
  const bodyShape = shape(route.body);
  const queryShape = shape(route.query);
  // What a form sends, with at most two fields bad: the bad ones must not crash what reads the good ones.
  const noiseBody = fc
    .tuple(
      fc.record(Object.fromEntries(bodyKeys.map((k) => [k, sample(bodyShape[k], k, f)]))),
      fc
        .subarray(bodyKeys, { maxLength: Math.min(2, bodyKeys.length) })
        .chain((keys) => fc.tuple(...keys.map((k) => typedNoise(k, f, value).map((v) => [k, v] as const)))),
      fc.dictionary(fc.constantFrom("unknownField", "__proto__", "constructor", "", "é", "a.b"), value, { maxKeys: 1 }),
    )
    .map(([good, bad, unknown]) => ({ ...unknown, ...good, ...Object.fromEntries(bad) }) as Record<string, unknown>);
  const asPairs = (k: string, v: unknown): [string, string][] =>
    v === undefined ? [] : (Array.isArray(v) ? v : [v]).map((x) => [k, String(x)]);
  const noiseQuery = fc
    .tuple(
      fc
        .tuple(...queryKeys.map((k) => sample(queryShape[k], k, f).map((v) => asPairs(k, v))))
        .map((lists) => lists.flat()),
      fc
        .subarray(queryKeys, { maxLength: Math.min(2, queryKeys.length) })
        .chain((keys) =>
          fc.tuple(...keys.map((k) => typedNoise(k, f, qValue).map((v) => [k, String(v)] as [string, string]))),
        ),
      fc.array(fc.tuple(fc.constantFrom(...LIST_QUERY_KEYS, "unknown"), qValue), { maxLength: 2 }),
    )
    .map(([good, bad, extra]) => [...good.filter(([k]) => !bad.some(([b]) => b === k)), ...bad, ...extra]);
  // A path id names the route's own kind of row (/zone/:id a zone); `:projectId` and the like their row.
  const kind = `${route.path.split("/")[1]}:id`;
  const goodSegments = fc.tuple(...route.params.map((p) => idFor(p === "id" ? kind : p, f).map(String)));

  const build = (
    segments: string[],
    query: [string, string][],
    body: string | undefined,
    poison: string,
    mustRefuse: boolean,
    contentType = "application/json",
  ): BadRequest => {
    let i = 0;
    const path = route.path.replace(/:[A-Za-z0-9_]+/g, () => segments[i++]);
    return {
      method: route.method,
      url: `${path}${queryString(query)}`,
      body: hasBody ? body : undefined,
      contentType: hasBody && body !== undefined ? contentType : undefined,
      poison,
      mustRefuse,
    };
  };

  if (rough) {
    return fc
      .tuple(goodSegments, noiseQuery, noiseBody)
      .map(([seg, q, b]) => build(seg, q, hasBody ? toJson(b) : undefined, "form values with noise", false));
  }
  const poisons: fc.Arbitrary<BadRequest>[] = [];
  // A control character in a field the route's schema reads.
  if (bodyKeys.length > 0 && hasBody) {
    poisons.push(
      fc
        .tuple(goodSegments, noiseQuery, noiseBody, fc.constantFrom(...bodyKeys), controlString)
        .map(([s, q, b, k, c]) => build(s, q, toJson({ ...b, [k]: c }), `control character in body.${k}`, true)),
    );
  }
  if (queryKeys.length > 0) {
    poisons.push(
      fc
        .tuple(goodSegments, noiseQuery, noiseBody, fc.constantFrom(...queryKeys), controlString)
        .map(([s, q, b, k, c]) =>
          build(s, [...q.filter(([x]) => x !== k), [k, c]], toJson(b), `control character in query ${k}`, true),
        ),
    );
  }
  // A path parameter that is no id, token or key of anything.
  if (route.params.length > 0) {
    poisons.push(
      fc
        .tuple(goodSegments, fc.nat(route.params.length - 1), fc.constantFrom(...BAD_SEGMENTS), noiseQuery, noiseBody)
        .map(([s, at, bad, q, b]) =>
          build(
            s.map((x, j) => (j === at ? bad : x)),
            q,
            toJson(b),
            `path parameter :${route.params[at]} = ${bad}`,
            true,
          ),
        ),
    );
  }
  // Ids that do not exist, every other field noise: the handler's lookups must refuse, never crash.
  const idKeys = [...bodyKeys, ...queryKeys].filter((k) => isIdKey(k) || isIdListKey(k));
  if (route.params.length > 0 || idKeys.length > 0) {
    poisons.push(
      fc.tuple(noiseQuery, noiseBody).map(([q, b]) => {
        const body = { ...b };
        for (const k of bodyKeys.filter(isIdKey)) body[k] = MISSING_ID;
        for (const k of bodyKeys.filter(isIdListKey)) body[k] = [MISSING_ID];
        const query = [
          ...q.filter(([k]) => !isIdKey(k)),
          ...queryKeys.filter(isIdKey).map((k) => [k, String(MISSING_ID)] as [string, string]),
        ];
        // A list read with missing ids in its query may answer an empty list; a write or a row read must refuse.
        return build(
          route.params.map(() => String(MISSING_ID)),
          query,
          toJson(body),
          "ids that do not exist",
          hasBody || route.params.length > 0,
        );
      }),
    );
  }
  if (hasBody) {
    // JSON the parser must refuse: malformed, a broken or lone \u escape, nested past the limit.
    poisons.push(
      fc
        .tuple(
          goodSegments,
          noiseQuery,
          fc.constantFrom(
            '{"a":',
            '{"a":"\\u12"}',
            '{"name":"\\ud800"}',
            '{"name":"\\udc00x"}',
            '{"a":1}}',
            "nul",
            '{"a":"\\x00"}',
            "\u0000",
            "{'a':1}",
            "[1,]",
            '{"a":NaN}',
          ),
        )
        .map(([s, q, text]) => build(s, q, text, `malformed JSON ${JSON.stringify(text)}`, true)),
    );
    // The same fields sent as a form (the upload routes' way), one with a control character, maybe a garbage file.
    if (bodyKeys.length > 0) {
      poisons.push(
        fc
          .tuple(
            goodSegments,
            noiseQuery,
            noiseBody,
            fc.constantFrom(...bodyKeys),
            controlString,
            fc.constantFrom(...bodyKeys, "file", "data"),
            fc.uint8Array({ maxLength: 64 }),
          )
          .map(([s, q, b, k, c, fileKey, bytes]) => {
            const form: [string, string | Uint8Array][] = Object.entries(b)
              .filter(([, v]) => v !== undefined)
              .map(([key, v]) => [key, typeof v === "string" ? v : toJson(v)]);
            form.push([fileKey, Uint8Array.from([0x50, 0x4b, 0x03, 0x04, ...bytes])]);
            return {
              ...build(s, q, undefined, `multipart, control character in ${k}`, true),
              form: [...form.filter(([key]) => key !== k), [k, c]],
            };
          }),
      );
    }
    poisons.push(
      fc
        .tuple(goodSegments, noiseQuery, fc.integer({ min: 33, max: 5000 }), fc.boolean())
        .map(([s, q, depth, arrays]) =>
          build(
            s,
            q,
            arrays ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"views":'.repeat(depth)}1${"}".repeat(depth)}`,
            `JSON nested ${depth} deep`,
            true,
          ),
        ),
    );
    poisons.push(
      fc
        .tuple(
          goodSegments,
          noiseQuery,
          fc.constantFrom("text/plain", "application/xml", "multipart/form-data", "multipart/form-data; boundary=x"),
        )
        .map(([s, q, type]) => build(s, q, '{"a":1}', `content type ${type}`, true, type)),
    );
    if (route.bodyKeys !== null) {
      poisons.push(
        fc
          .tuple(goodSegments, noiseQuery, fc.constantFrom("[]", '"x"', "42", "true", '[{"id":1}]', "1e309"))
          .map(([s, q, text]) => build(s, q, text, `body of the wrong type ${text}`, true)),
      );
    }
  }
  // Anything a list route may read from its query string (ignored by routes that read none).
  if (!hasBody)
    poisons.push(
      fc
        .tuple(
          goodSegments,
          fc.array(fc.tuple(fc.constantFrom(...LIST_QUERY_KEYS), fc.oneof(qValue, controlString)), {
            minLength: 1,
            maxLength: 5,
          }),
        )
        .map(([s, q]) => build(s, q, undefined, "list query noise", false)),
    );
  return fc.oneof(...poisons);
}
