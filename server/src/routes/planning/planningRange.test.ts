import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import { buildProject, type BuiltProject, type BuiltUser, startWithUsers } from "../../../test/helpers/factories.js";
import { planningCacheStats } from "../../planning/planningCache.js";

/** GET /planning/data's range (startDate/endDate, months) and date filter (fromDate/toDate, days), issue 14. */
let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
let p: BuiltProject;
let ids: { y1: number; y3: number; seam: number };

beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  p = await buildProject(t, manager, { members: [external], isPublic: true });
  const post = async (body: Record<string, unknown>) => {
    const res = await t.request("POST", "/event", {
      token: manager.token,
      body: { projectId: p.id, versionId: p.versionId, ...body },
    });
    expect(res.status).toBe(201);
    return res.body.id as number;
  };
  // A project over three years: work in its first year, its third, and one task across two months.
  ids = {
    y1: await post({ name: "Terrassements", numberOfDays: 5, startDate: "2026-01-05" }),
    y3: await post({ name: "Réception", numberOfDays: 3, startDate: "2028-06-05" }),
    seam: await post({ name: "Charpente", numberOfDays: 10, startDate: "2027-03-22" }),
  };
});
afterAll(async () => t?.close());

type Query = Record<string, string | number | (string | number)[]>;
const data = (token: string, query: Query) =>
  t.request("GET", "/planning/data", { token, query: { projectId: p.id, versionId: p.versionId, ...query } });
const eventIds = (body: { eventColumns: { id: number[] } }) => body.eventColumns.id;

describe("GET /planning/data range", () => {
  it("gives the events of the asked months only, always with the whole graph", async () => {
    const y1 = await data(manager.token, { startDate: "2025-10", endDate: "2026-05" });
    expect(y1.status).toBe(200);
    expect(eventIds(y1.body)).toEqual([ids.y1]);
    expect(y1.body.graph.ids).toHaveLength(3);
    const y3 = await data(manager.token, { startDate: "2028-06", endDate: "2028-06" });
    expect(eventIds(y3.body)).toEqual([ids.y3]);
    const all = await data(manager.token, { startDate: "2026-01", endDate: "2028-06" });
    expect(eventIds(all.body)).toEqual([ids.y1, ids.y3, ids.seam].sort((a, b) => a - b));
    // A task across the seam of two ranges is in both: the client keeps it once.
    expect(eventIds((await data(manager.token, { startDate: "2027-04", endDate: "2027-06" })).body)).toEqual([
      ids.seam,
    ]);
    expect(eventIds((await data(manager.token, { startDate: "2027-01", endDate: "2027-03" })).body)).toEqual([
      ids.seam,
    ]);
  });

  it("reads a day as its month, and the date filter narrows the range", async () => {
    const byDay = await data(manager.token, { startDate: "2028-06-20", endDate: "2028-06-30" });
    expect(eventIds(byDay.body)).toEqual([ids.y3]);
    const narrowed = await data(manager.token, {
      startDate: "2026-01",
      endDate: "2028-12",
      fromDate: "2027-01-01",
      toDate: "2028-12-31",
    });
    expect(eventIds(narrowed.body)).toEqual([ids.y3, ids.seam].sort((a, b) => a - b));
  });

  it("eventsOnly answers the range's display attributes and the write counter, without the graph", async () => {
    const full = await data(external.token, { startDate: "2028-01", endDate: "2028-12" });
    const slice = await data(external.token, { startDate: "2028-01", endDate: "2028-12", eventsOnly: "true" });
    expect(slice.status).toBe(200);
    expect(Object.keys(slice.body).sort()).toEqual(["eventColumns", "projectId", "versionId", "writeCounter"]);
    expect(slice.body.eventColumns).toEqual(full.body.eventColumns);
    expect(slice.body.writeCounter).toBe(full.body.writeCounter);
    // Cached apart from the full answer of the same range: asked again, each keeps its own shape.
    expect((await data(external.token, { startDate: "2028-01", endDate: "2028-12" })).body.graph.ids).toHaveLength(3);
    expect(
      (await data(external.token, { startDate: "2028-01", endDate: "2028-12", eventsOnly: "true" })).body.graph,
    ).toBeUndefined();
    const token = (await t.db("projects").where({ id: p.id }).first("share_token")).share_token as string;
    const pub = await t.request("GET", `/planning/public/${token}`, {
      query: { startDate: "2026-01", endDate: "2026-01", eventsOnly: "1" },
    });
    expect(pub.status).toBe(200);
    expect(pub.body.graph).toBeUndefined();
    expect(eventIds(pub.body)).toEqual([ids.y1]);
  });

  it("refuses bad ranges with the catalogue's date codes, and stores nothing for them", async () => {
    const before = planningCacheStats().entries;
    const cases: [Query, string][] = [
      [{ startDate: "2026-13" }, "errors.startDate_invalid"],
      [{ startDate: "2026-02-30" }, "errors.startDate_invalid"],
      [{ startDate: "0050-01" }, "errors.startDate_invalid"],
      [{ startDate: "demain" }, "errors.startDate_invalid"],
      [{ endDate: "2026-00" }, "errors.endDate_invalid"],
      [{ endDate: "2026-02-30" }, "errors.endDate_invalid"],
      [{ startDate: "2027-01", endDate: "2026-12" }, "errors.endDate_invalid"],
      [{ fromDate: "2026-02-30" }, "errors.startDate_invalid"],
      [{ toDate: "31/12/2026" }, "errors.endDate_invalid"],
      [{ fromDate: "2026-05-02", toDate: "2026-05-01" }, "errors.endDate_invalid"],
      [{ startDate: ["2026-01", "2026-02"] }, "errors.validation"],
      [{ eventsOnly: "oui" }, "errors.validation"],
    ];
    for (const [query, code] of cases) {
      const res = await data(manager.token, query);
      expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code });
    }
    expect((await data(manager.token, { startDate: "2026-13" })).body.message).toBe("La date de début est invalide.");
    expect((await data(manager.token, { startDate: "2027-01", endDate: "2026-12" })).body.message).toBe(
      "La date de fin est invalide.",
    );
    const token = (await t.db("projects").where({ id: p.id }).first("share_token")).share_token as string;
    const pub = await t.request("GET", `/planning/public/${token}`, {
      query: { startDate: "2027-01", endDate: "2026-12" },
    });
    expect([pub.status, pub.body.code]).toEqual([400, "errors.endDate_invalid"]);
    expect(planningCacheStats().entries).toBe(before);
  });

  it("checks who may read before the range: 401 without a session, 403 outside the project", async () => {
    expect((await data(outsider.token, { startDate: "2026-01", endDate: "2026-02", eventsOnly: "true" })).status).toBe(
      403,
    );
    expect(
      (
        await t.request("GET", "/planning/data", {
          query: { projectId: p.id, versionId: p.versionId, startDate: "2026-01", eventsOnly: "true" },
        })
      ).status,
    ).toBe(401);
  });
});
