import { describe, expect, it } from "vitest";
import { AppError } from "../src/errors.js";
import { defineListResource, eqFilterValue, parseListQuery, toQueryString } from "../src/filters.js";

const events = defineListResource({
  fields: {
    id: "number",
    projectId: "number",
    versionId: "number",
    name: "string",
    type: "string",
    startDate: "date",
    isTracked: "boolean",
    zoneId: "number",
  },
  sortable: ["id", "name", "startDate"],
  joins: ["parentsEvents", "childrenEvents", "sequence.instantiationConfig"],
  defaultSort: [{ field: "id", order: "ASC" }],
  defaultLimit: 10,
});

function codeOf(fn: () => unknown): string | undefined {
  try {
    fn();
  } catch (e) {
    return e instanceof AppError ? e.code : "not-an-app-error";
  }
  return undefined;
}

describe("filter triples", () => {
  it("parses every condition of the specs", () => {
    const q = parseListQuery(
      {
        filter: [
          "projectId||$eq||3",
          "versionId||eq||4",
          "type||in||task,milestone",
          "zoneId||$in||1,2",
          "name||contL||Gros",
          "zoneId||isnull",
          "id||notin||7,8",
          "startDate||$gte||2026-01-05",
          "isTracked||$eq||true",
        ],
      },
      events,
    );
    expect(q.filters).toEqual([
      { field: "projectId", op: "eq", value: 3 },
      { field: "versionId", op: "eq", value: 4 },
      { field: "type", op: "in", value: ["task", "milestone"] },
      { field: "zoneId", op: "in", value: [1, 2] },
      { field: "name", op: "cont", value: "Gros" },
      { field: "zoneId", op: "isnull", value: null },
      { field: "id", op: "notin", value: [7, 8] },
      { field: "startDate", op: "gte", value: "2026-01-05" },
      { field: "isTracked", op: "eq", value: true },
    ]);
    expect(eqFilterValue(q, "projectId")).toBe(3);
    expect(eqFilterValue(q, "name")).toBeUndefined();
  });

  it("accepts a single filter string and keeps || inside nothing else", () => {
    const q = parseListQuery({ filter: "name||$eq||Lot A" }, events);
    expect(q.filters).toEqual([{ field: "name", op: "eq", value: "Lot A" }]);
  });

  it("applies defaults", () => {
    expect(parseListQuery({}, events)).toEqual({
      filters: [],
      sort: [{ field: "id", order: "ASC" }],
      join: [],
      limit: 10,
      offset: 0,
    });
  });

  it("parses sort, join, limit and offset", () => {
    const q = parseListQuery(
      {
        sort: ["name,DESC", "id,asc"],
        join: ["parentsEvents", "childrenEvents||id,name"],
        limit: "10000",
        offset: "20",
      },
      events,
    );
    expect(q.sort).toEqual([
      { field: "name", order: "DESC" },
      { field: "id", order: "ASC" },
    ]);
    expect(q.join).toEqual(["parentsEvents", "childrenEvents"]);
    expect(q.limit).toBe(10000);
    expect(q.offset).toBe(20);
  });

  it("refuses unknown fields, conditions, joins and sorts with clear codes", () => {
    expect(codeOf(() => parseListQuery({ filter: "password||$eq||x" }, events))).toBe("errors.unknown_filter_field");
    expect(codeOf(() => parseListQuery({ filter: "name||$regex||x" }, events))).toBe("errors.unknown_filter_condition");
    expect(codeOf(() => parseListQuery({ filter: "projectId||contL||3" }, events))).toBe(
      "errors.unknown_filter_condition",
    );
    expect(codeOf(() => parseListQuery({ filter: "projectId" }, events))).toBe("errors.invalid_filter");
    expect(codeOf(() => parseListQuery({ filter: "projectId||$eq" }, events))).toBe("errors.invalid_filter");
    expect(codeOf(() => parseListQuery({ filter: "projectId||$eq||abc" }, events))).toBe("errors.invalid_filter_value");
    expect(codeOf(() => parseListQuery({ filter: "startDate||$eq||2026-02-30" }, events))).toBe(
      "errors.invalid_filter_value",
    );
    expect(codeOf(() => parseListQuery({ filter: "isTracked||$eq||maybe" }, events))).toBe(
      "errors.invalid_filter_value",
    );
    expect(codeOf(() => parseListQuery({ join: "owner" }, events))).toBe("errors.unknown_join");
    expect(codeOf(() => parseListQuery({ sort: "zoneId,ASC" }, events))).toBe("errors.unknown_sort_field");
    expect(codeOf(() => parseListQuery({ sort: "name,UP" }, events))).toBe("errors.unknown_sort_field");
    expect(codeOf(() => parseListQuery({ limit: "-1" }, events))).toBe("errors.invalid_pagination");
    expect(codeOf(() => parseListQuery({ limit: "1000000" }, events))).toBe("errors.invalid_pagination");
    expect(codeOf(() => parseListQuery({ offset: "x" }, events))).toBe("errors.invalid_pagination");
    expect(codeOf(() => parseListQuery({ limit: ["1", "2"] }, events))).toBe("errors.invalid_filter");
  });

  it("round-trips through toQueryString", () => {
    const q = parseListQuery(
      {
        filter: ["projectId||$eq||3", "type||in||task,milestone", "zoneId||isnull", "name||contL||a"],
        sort: "name,DESC",
        join: "parentsEvents",
        limit: "5",
        offset: "10",
      },
      events,
    );
    const raw: Record<string, string[]> = {};
    for (const pair of toQueryString(q).split("&")) {
      const [k, v] = pair.split("=");
      (raw[k] ??= []).push(decodeURIComponent(v));
    }
    const back = parseListQuery(
      { filter: raw.filter, sort: raw.sort, join: raw.join, limit: raw.limit[0], offset: raw.offset[0] },
      events,
    );
    expect(back).toEqual(q);
  });
});
