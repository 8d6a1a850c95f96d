import { gunzipSync } from "node:zlib";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildLot,
  buildProject,
  buildUser,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";
import { planningCacheStats, setPlanningCacheMaxBytes } from "../../planning/planningCache.js";
import { compactToJson, decodeCompact, fromWire, PLANNING_COMPACT_TYPE } from "@jalon/shared/planning";

// The in-memory GET /planning/data answers: every write shows at once (whoever writes, even plain SQL), the
// cache never serves a body to someone who may not read the project, and each project's users get their own.
let t: TestApp;
let managerA: BuiltUser;
let managerB: BuiltUser;
let external: BuiltUser;
let pa: BuiltProject;
let pb: BuiltProject;
let lotA: number;
let taskA: number;

beforeAll(async () => {
  t = await startTestApp();
  managerA = await buildUser(t, { type: "manager" });
  managerB = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
  pa = await buildProject(t, managerA, { name: "Résidence A", members: [external] });
  pb = await buildProject(t, managerB, { name: "Résidence B" });
  lotA = (await buildLot(t.db, pa, { name: "Plomberie", color: "#0000FF" })).id;
  const a = await t.request("POST", "/event", {
    token: managerA.token,
    body: {
      projectId: pa.id,
      versionId: pa.versionId,
      name: "Réseaux",
      numberOfDays: 2,
      startDate: "2026-03-02",
      participantGroupProId: lotA,
    },
  });
  expect(a.status).toBe(201);
  taskA = a.body.id;
  const b = await t.request("POST", "/event", {
    token: managerB.token,
    body: { projectId: pb.id, versionId: pb.versionId, name: "Charpente", numberOfDays: 4, startDate: "2026-03-02" },
  });
  expect(b.status).toBe(201);
});
afterAll(async () => t?.close());

const read = (
  user: BuiltUser,
  p: BuiltProject,
  headers: Record<string, string> = {},
  query: Record<string, string | number> = {},
) =>
  t.request("GET", "/planning/data", {
    token: user.token,
    headers,
    query: { projectId: p.id, versionId: p.versionId, startDate: "2026-01", endDate: "2026-06", ...query },
  });

/** A raw request (fetch always asks for gzip and decodes it): what goes over the wire. */
function raw(
  user: BuiltUser,
  p: BuiltProject,
  encoding: string,
  headers: Record<string, string> = {},
  extra = "",
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  const url = new URL(
    `${t.url}/api/planning/data?projectId=${p.id}&versionId=${p.versionId}&startDate=2026-01&endDate=2026-06${extra}`,
  );
  return new Promise((resolve, reject) => {
    http
      .get(
        url,
        { headers: { authorization: `Bearer ${user.token}`, "accept-encoding": encoding, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on("data", (c: Buffer) => chunks.push(c));
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
          );
        },
      )
      .on("error", reject);
  });
}

describe("GET /planning/data from memory", () => {
  it("shows a write at once, whoever makes it: a bulk move, a lot renamed through its route, an event renamed in plain SQL", async () => {
    const first = await read(managerA, pa);
    expect(first.status).toBe(200);
    expect((await read(managerA, pa)).body).toEqual(first.body);

    const revision = first.body.graph.revision[first.body.graph.ids.indexOf(taskA)];
    const moved = await t.request("PATCH", "/event/bulk-update", {
      token: managerA.token,
      body: {
        projectId: pa.id,
        versionId: pa.versionId,
        events: [{ id: taskA, revision }],
        anchorId: taskA,
        startDate: "2026-03-09",
      },
    });
    expect(moved.status).toBe(200);
    const afterMove = await read(managerA, pa);
    expect(afterMove.body.projectedStartDate).toBe("2026-03-09");

    const renamed = await t.request("PATCH", `/participant-group-pro/${lotA}`, {
      token: managerA.token,
      body: { name: "Plomberie sanitaire" },
    });
    expect(renamed.status).toBe(200);
    expect((await read(managerA, pa)).body.lots.map((l: { name: string }) => l.name)).toEqual(["Plomberie sanitaire"]);

    await t.db("events").where({ id: taskA }).update({ name: "Réseaux enterrés" });
    expect(fromWire((await read(managerA, pa)).body).events.map((e: { name: string }) => e.name)).toEqual([
      "Réseaux enterrés",
    ]);
    await t.db("countings").insert({
      project_id: pa.id,
      version_id: pa.versionId,
      event_id: taskA,
      counting_date: "2026-03-10",
      percentage: 40,
    });
    expect(fromWire((await read(managerA, pa)).body).events[0].progress).toBe(40);
  });

  it("answers 304 to a matching If-None-Match, and 200 with a new ETag after a write", async () => {
    const first = await read(managerA, pa);
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers.get("cache-control")).toBe("private, no-cache");
    const again = await read(managerA, pa, { "if-none-match": etag as string });
    expect(again.status).toBe(304);
    expect(again.body).toHaveLength(0);
    // Another query is another answer (no event in May).
    expect((await read(managerA, pa, { "if-none-match": etag as string }, { startDate: "2026-05" })).status).toBe(200);
    await t.db("zones").insert({ project_id: pa.id, version_id: pa.versionId, name: "Bâtiment A", position: 1 });
    const after = await read(managerA, pa, { "if-none-match": etag as string });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect(after.body.zones.map((z: { name: string }) => z.name)).toEqual(["Bâtiment A"]);
  });

  it("never serves a stored answer to a user who may not read the project, even with its ETag", async () => {
    const warm = await read(managerA, pa);
    expect(warm.status).toBe(200);
    const etag = warm.headers.get("etag") as string;
    const outsider = await read(managerB, pa);
    expect(outsider.status).toBe(403);
    expect(outsider.body.code).toBe("errors.forbidden");
    expect((await read(managerB, pa, { "if-none-match": etag })).status).toBe(403);
    // A's version asked under B's project: B may read B, but the version is not B's.
    const crossed = await t.request("GET", "/planning/data", {
      token: managerB.token,
      query: { projectId: pb.id, versionId: pa.versionId },
    });
    expect(crossed.status).toBe(400);
    expect(crossed.body.code).toBe("errors.version_not_in_project");
    // Archived: closed to the external member at once, although the answer is in memory.
    expect((await read(external, pa)).status).toBe(200);
    await t.db("projects").where({ id: pa.id }).update({ is_archived: true });
    try {
      const closed = await read(external, pa);
      expect(closed.status).toBe(403);
      expect(closed.body.code).toBe("errors.project_archived");
      expect((await read(managerA, pa)).status).toBe(200);
    } finally {
      await t.db("projects").where({ id: pa.id }).update({ is_archived: false });
    }
  });

  it("gives the users of two projects their own bodies", async () => {
    const [a, b] = await Promise.all([read(managerA, pa), read(managerB, pb)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.projectId).toBe(pa.id);
    expect(b.body.projectId).toBe(pb.id);
    expect(fromWire(b.body).events.map((e: { name: string }) => e.name)).toEqual(["Charpente"]);
    expect(fromWire(a.body).events.map((e: { name: string }) => e.name)).not.toContain("Charpente");
    expect(a.headers.get("etag")).not.toBe(b.headers.get("etag"));
  });

  it("sends gzip only to a client that accepts it, the same JSON either way", async () => {
    const zipped = await raw(managerA, pa, "gzip, deflate");
    expect(zipped.status).toBe(200);
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    const plain = await raw(managerA, pa, "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(gunzipSync(zipped.body).toString("utf8"))).toEqual(JSON.parse(plain.body.toString("utf8")));
    expect(zipped.body.length).toBeLessThan(plain.body.length);
  });

  it("answers the compact form to a client that asks for it, decoding to exactly the JSON answer, gzip'd too", async () => {
    for (const extra of ["", "&eventsOnly=true"]) {
      const json = JSON.parse((await raw(managerA, pa, "identity", {}, extra)).body.toString("utf8")) as unknown;
      // The JSON answer stays the default, for any Accept that does not prefer the compact form.
      const star = await raw(managerA, pa, "identity", { accept: "*/*" }, extra);
      expect(star.headers["content-type"]).toContain("application/json");
      const accept = { accept: `${PLANNING_COMPACT_TYPE}, application/json;q=0.5` };
      const compact = await raw(managerA, pa, "identity", accept, extra);
      expect(compact.status).toBe(200);
      expect(compact.headers["content-type"]).toBe(PLANNING_COMPACT_TYPE);
      expect(compact.headers.vary).toContain("Accept");
      const bytes = new Uint8Array(compact.body).buffer;
      expect(compactToJson(decodeCompact(bytes))).toEqual(json);
      const zipped = await raw(managerA, pa, "gzip", accept, extra);
      expect(zipped.headers["content-encoding"]).toBe("gzip");
      expect(gunzipSync(zipped.body).equals(compact.body)).toBe(true);
      // Its own validators: a client holding the JSON answer's does not get a 304 for the compact one.
      expect(compact.headers.etag).not.toBe(star.headers.etag);
      const again = await raw(
        managerA,
        pa,
        "identity",
        { ...accept, "if-none-match": String(compact.headers.etag) },
        extra,
      );
      expect(again.status).toBe(304);
      const other = await raw(
        managerA,
        pa,
        "identity",
        { ...accept, "if-none-match": String(star.headers.etag) },
        extra,
      );
      expect(other.status).toBe(200);
    }
  });

  it("stays within its byte bound", async () => {
    const size = (await raw(managerA, pa, "identity")).body.length;
    setPlanningCacheMaxBytes(size * 5);
    try {
      for (const startDate of ["2026-01", "2026-02", "2026-03", "2026-04", "2026-05", "2026-06"]) {
        expect((await read(managerA, pa, {}, { startDate, endDate: "2026-06" })).status).toBe(200);
      }
      const stats = planningCacheStats();
      expect(stats.bytes).toBeLessThanOrEqual(size * 5);
      expect(stats.entries).toBeGreaterThan(0);
      expect(stats.entries).toBeLessThan(6);
    } finally {
      setPlanningCacheMaxBytes(64 * 1024 * 1024);
    }
  });
});
