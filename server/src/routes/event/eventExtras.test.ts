import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { qs, startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildLot,
  buildProject,
  buildUser,
  buildZone,
  countRows,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;
let outsider: BuiltUser;
let p: BuiltProject;
let ids: Record<string, number>;

async function readXlsx(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const ws = wb.worksheets[0];
  const rows: unknown[][] = [];
  ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager", firstname: "Camille", lastname: "Durand" });
  external = await buildUser(t, { type: "external" });
  outsider = await buildUser(t, { type: "manager" });
  p = await buildProject(t, manager, { members: [external], name: "Résidence Les Tilleuls" });
  const zone = await buildZone(t.db, p, { name: "Bâtiment A" });
  const lot = await buildLot(t.db, p, { name: "Gros œuvre" });
  const a = await buildEvent(t.db, p, {
    name: "Fondations",
    start_date: "2026-03-02",
    end_date: "2026-03-04",
    number_of_days: 3,
    zone_id: zone.id,
    participant_group_pro_id: lot.id,
    comments: "=SOMME(A1)",
  });
  const b = await buildEvent(t.db, p, {
    name: "Élévation; murs",
    start_date: "2026-03-05",
    end_date: "2026-03-06",
    number_of_days: 2,
    zone_id: zone.id,
    reference_type: "taskReference",
  });
  const b2 = await buildEvent(t.db, p, { name: "Fondations", start_date: "2026-04-01", end_date: "2026-04-01" });
  const m1 = await buildEvent(t.db, p, {
    name: "Hors d'eau",
    type: "milestone",
    start_date: "2026-03-09",
    end_date: "2026-03-09",
    is_tracked: true,
    reference_type: "taskReference",
  });
  const m2 = await buildEvent(t.db, p, {
    name: "Achèvement",
    type: "milestone",
    start_date: "2026-06-30",
    end_date: "2026-06-30",
    is_tracked: true,
  });
  const m3 = await buildEvent(t.db, p, {
    name: "Masqué",
    type: "milestone",
    start_date: "2026-03-10",
    end_date: "2026-03-10",
    milestone_to_hide: true,
    is_tracked: true,
  });
  const m4 = await buildEvent(t.db, p, {
    name: "Bouclage",
    type: "milestone",
    start_date: "2026-05-04",
    end_date: "2026-05-04",
  });
  await buildLink(t.db, p, a.id, b.id);
  await buildLink(t.db, p, b.id, m1.id);
  ids = { a: a.id, b: b.id, b2: b2.id, m1: m1.id, m2: m2.id, m3: m3.id, m4: m4.id, zone: zone.id, lot: lot.id };
});
afterAll(async () => t?.close());

describe("GET /event/distinct", () => {
  it("answers the version's distinct names by name, 10 by default, filtered by name contains", async () => {
    const res = await t.request("GET", "/event/distinct", {
      token: external.token,
      query: { projectId: p.id, versionId: p.versionId },
    });
    expect(res.status).toBe(200);
    expect(res.body.total).toBe(6);
    expect(res.body.data[0]).toEqual({ name: "Achèvement", occurrences: 1 });
    expect(res.body.data.find((x: { name: string }) => x.name === "Fondations")).toEqual({
      name: "Fondations",
      occurrences: 2,
    });
    const filtered = await t.request("GET", "/event/distinct", {
      token: external.token,
      query: { projectId: p.id, name: "FOND" },
    });
    expect(filtered.body.data).toEqual([{ name: "Fondations", occurrences: 2 }]);
    const limited = await t.request("GET", "/event/distinct", {
      token: external.token,
      query: { versionId: p.versionId, limit: 2, type: "milestone" },
    });
    expect(limited.body).toMatchObject({ count: 2, total: 4 });
    // Wildcards are literal.
    expect(
      (await t.request("GET", "/event/distinct", { token: external.token, query: { projectId: p.id, name: "%" } })).body
        .total,
    ).toBe(0);
  });

  it("refuses bad input with catalogue codes", async () => {
    expect((await t.request("GET", "/event/distinct", { token: manager.token })).body.code).toBe("errors.no_project");
    expect(
      (await t.request("GET", "/event/distinct", { token: manager.token, query: { projectId: "undefined" } })).body
        .code,
    ).toBe("errors.no_project");
    expect(
      (await t.request("GET", "/event/distinct", { token: manager.token, query: { projectId: p.id, limit: "dix" } }))
        .body.code,
    ).toBe("errors.invalid_pagination");
    expect(
      (await t.request("GET", "/event/distinct", { token: manager.token, query: { projectId: p.id, type: "holiday" } }))
        .status,
    ).toBe(400);
    const other = await buildProject(t, manager);
    expect(
      (
        await t.request("GET", "/event/distinct", {
          token: manager.token,
          query: { projectId: p.id, versionId: other.versionId },
        })
      ).body.code,
    ).toBe("errors.version_not_in_project");
  });
});

describe("GET /event/{id}/history", () => {
  it("answers the changes newest first with their author, following the event across versions", async () => {
    const q = await buildProject(t, manager, { members: [external] });
    const created = await t.request("POST", "/event", {
      token: manager.token,
      body: { projectId: q.id, versionId: q.versionId, name: "Chape", startDate: "2026-03-02", numberOfDays: 2 },
    });
    expect(created.status).toBe(201);
    const id = created.body.id;
    await t.request("PATCH", `/event/${id}`, { token: manager.token, body: { name: "Chape liquide" } });
    await t.request("PATCH", `/event/${id}`, { token: manager.token, body: { numberOfDays: 3 } });
    const res = await t.request("GET", `/event/${id}/history`, { token: external.token, query: { limit: 10000 } });
    expect(res.status).toBe(200);
    const rows = res.body.eventsHistory;
    expect(rows).toHaveLength(3);
    expect(rows.at(-1)).toMatchObject({
      fieldName: "name",
      previousValue: "Chape",
      newValue: "Chape liquide",
      user: { firstname: "Camille", lastname: "Durand" },
      versionId: q.versionId,
    });
    expect(rows[0].createdAt >= rows.at(-1).createdAt).toBe(true);
    expect(
      rows
        .slice(0, 2)
        .map((r: { fieldName: string }) => r.fieldName)
        .sort(),
    ).toEqual(["endDate", "numberOfDays"]);
    // A new version copies the event with its trackingId: its history includes the earlier versions' rows.
    const version = await t.request("POST", "/version", {
      token: manager.token,
      body: { name: "Version 2", projectId: q.id },
    });
    expect(version.status).toBeLessThan(300);
    const v2 = (await t.db("projects").where({ id: q.id }).first("current_version_id")).current_version_id;
    const copy = await t.db("events").where({ version_id: v2, name: "Chape liquide" }).first("id");
    await t.request("PATCH", `/event/${copy.id}`, { token: manager.token, body: { comments: "Ragréage" } });
    const again = await t.request("GET", `/event/${copy.id}/history`, { token: external.token });
    expect(again.body.eventsHistory[0]).toMatchObject({ fieldName: "comments", newValue: "Ragréage", versionId: v2 });
    expect(again.body.total).toBe(rows.length + 1);
    const paged = await t.request("GET", `/event/${copy.id}/history`, { token: external.token, query: { limit: 1 } });
    expect(paged.body).toMatchObject({ count: 1, total: rows.length + 1 });
  });

  it("refuses unknown events, bad limits and outsiders", async () => {
    expect((await t.request("GET", "/event/999999/history", { token: manager.token })).body.code).toBe(
      "errors.event_not_found",
    );
    expect(
      (await t.request("GET", `/event/${ids.a}/history`, { token: manager.token, query: { limit: 20000 } })).status,
    ).toBe(400);
    expect((await t.request("GET", `/event/${ids.a}/history`, { token: outsider.token })).status).toBe(403);
  });
});

describe("GET /event/check-countings/{id}", () => {
  it("says whether the event has countings", async () => {
    const e = await buildEvent(t.db, p);
    expect((await t.request("GET", `/event/check-countings/${e.id}`, { token: external.token })).body).toEqual({
      id: e.id,
      hasCountings: false,
      count: 0,
    });
    await t.db("countings").insert([
      { project_id: p.id, version_id: p.versionId, event_id: e.id, counting_date: "2026-03-02", percentage: 25 },
      { project_id: p.id, version_id: p.versionId, event_id: e.id, counting_date: "2026-03-03", percentage: 50 },
    ]);
    expect((await t.request("GET", `/event/check-countings/${e.id}`, { token: external.token })).body).toEqual({
      id: e.id,
      hasCountings: true,
      count: 2,
    });
    expect((await t.request("GET", "/event/check-countings/999999", { token: manager.token })).status).toBe(404);
    expect((await t.request("GET", "/event/check-countings/x", { token: manager.token })).body.code).toBe(
      "errors.validation",
    );
    expect((await t.request("GET", `/event/check-countings/${e.id}`, { token: outsider.token })).status).toBe(403);
  });
});

describe("milestones", () => {
  it("GET /event/tracked-milestones: visible tracked milestones by date, with the shift against the signed version", async () => {
    const res = await t.request("GET", "/event/tracked-milestones", {
      token: external.token,
      query: { projectId: p.id, versionId: p.versionId },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { id: number }) => m.id)).toEqual([ids.m1, ids.m2]);
    expect(res.body.data[0]).toMatchObject({
      name: "Hors d'eau",
      startDate: "2026-03-09",
      isTracked: true,
      signedStartDate: null,
      shiftDays: null,
    });
    const all = await t.request("GET", "/event/tracked-milestones", {
      token: external.token,
      query: { projectId: p.id, all: "true" },
    });
    expect(all.body.data.map((m: { id: number; isTracked: boolean }) => [m.id, m.isTracked])).toEqual([
      [ids.m1, true],
      [ids.m4, false],
      [ids.m2, true],
    ]);

    // Signed baseline: a new version is created from the signed one, then a milestone slips by 7 days.
    const q = await buildProject(t, manager);
    const m = await buildEvent(t.db, q, {
      name: "Réception",
      type: "milestone",
      start_date: "2026-09-01",
      end_date: "2026-09-01",
      is_tracked: true,
    });
    expect(
      (
        await t.request("PATCH", `/project/${q.id}`, {
          token: manager.token,
          body: { id: q.id, signedVersionId: q.versionId },
        })
      ).status,
    ).toBe(200);
    expect(
      (await t.request("POST", "/version", { token: manager.token, body: { name: "Version 2", projectId: q.id } }))
        .status,
    ).toBeLessThan(300);
    const v2 = (await t.db("projects").where({ id: q.id }).first("current_version_id")).current_version_id;
    await t
      .db("events")
      .where({ version_id: v2, tracking_id: m.tracking_id })
      .update({ start_date: "2026-09-08", end_date: "2026-09-08" });
    const slipped = await t.request("GET", "/event/tracked-milestones", {
      token: manager.token,
      query: { projectId: q.id },
    });
    expect(slipped.body.data[0]).toMatchObject({
      name: "Réception",
      startDate: "2026-09-08",
      signedStartDate: "2026-09-01",
      baselineStartDate: "2026-09-01",
      shiftDays: 7,
    });
  });

  it("GET /event lists visible milestones by name with their sequence (the list already supports it)", async () => {
    const res = await t.request("GET", "/event", {
      token: external.token,
      query: {
        filter: [`versionId||$eq||${p.versionId}`, "type||$eq||milestone", "milestoneToHide||$eq||false"],
        sort: "name,ASC",
        join: "sequence.instantiationConfig",
        limit: 10000,
      },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((e: { name: string }) => e.name)).toEqual(["Achèvement", "Bouclage", "Hors d'eau"]);
    expect(res.body.data[0].sequence).toBeNull();
  });

  it("POST and DELETE /event/milestone/{id} put a milestone in and out of the follow-up, with history", async () => {
    const before = t.emitted.length;
    const on = await t.request("POST", `/event/milestone/${ids.m4}`, { token: manager.token });
    expect(on.status).toBe(200);
    expect(on.body).toMatchObject({ id: ids.m4, isTracked: true, revision: 2 });
    expect(t.emitted.slice(before)).toEqual([
      expect.objectContaining({ event: "event:update", ids: [ids.m4], initiatorId: manager.id }),
    ]);
    // Idempotent.
    expect((await t.request("POST", `/event/milestone/${ids.m4}`, { token: manager.token })).body.revision).toBe(2);
    const off = await t.request("DELETE", `/event/milestone/${ids.m4}`, { token: manager.token });
    expect(off.body).toMatchObject({ isTracked: false, revision: 3 });
    const hist = await t.db("event_histories").where({ event_id: ids.m4, field_name: "isTracked" }).orderBy("id");
    expect(hist.map((h) => [h.previous_value, h.new_value])).toEqual([
      ["false", "true"],
      ["true", "false"],
    ]);
    // A revision change is seen by the engine-backed writes (the cached graph is invalidated).
    const move = await t.request("PATCH", "/event/bulk-update", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        events: [{ id: ids.m4, revision: 3 }],
        anchorId: ids.m4,
        startDate: "2026-05-05",
      },
    });
    expect(move.status).toBe(200);
    const task = await t.request("POST", `/event/milestone/${ids.a}`, { token: manager.token });
    expect(task.status).toBe(400);
    expect(task.body.code).toBe("errors.not_a_milestone");
    expect((await t.request("DELETE", "/event/milestone/999999", { token: manager.token })).status).toBe(404);
  });
});

describe("exports", () => {
  it("GET /event/export: an .xlsx with French headers, real dates, the list's filters", async () => {
    const res = await t.request("GET", "/event/export", {
      token: manager.token,
      query: { filter: [`versionId||$eq||${p.versionId}`, "type||$eq||task", "name||contL||fond"] },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="Taches_Residence-Les-Tilleuls_\d{4}-\d{2}-\d{2}\.xlsx"; filename\*=UTF-8''/,
    );
    const rows = await readXlsx(res.body);
    expect(rows[0]).toEqual([
      "Nom",
      "Type",
      "Trigramme",
      "Zone",
      "Lot",
      "Intervenant",
      "Séquence",
      "Date de début",
      "Date de fin",
      "Durée (jours ouvrés)",
      "Effectif",
      "Avancement (%)",
      "Bloqué",
      "Contractuel",
      "Commentaires",
    ]);
    expect(rows).toHaveLength(3);
    expect(rows[1].slice(0, 10)).toEqual([
      "Fondations",
      "Tâche",
      undefined,
      "Bâtiment A",
      "Gros œuvre",
      undefined,
      undefined,
      new Date("2026-03-02T00:00:00Z"),
      new Date("2026-03-04T00:00:00Z"),
      3,
    ]);
  });

  it("GET /event/export/milestones: milestones by name, hidden ones filtered out, predecessors named", async () => {
    const res = await t.request("GET", "/event/export/milestones", {
      token: manager.token,
      query: { filter: [`versionId||$eq||${p.versionId}`, "type||$eq||milestone", "milestoneToHide||$eq||false"] },
    });
    expect(res.status).toBe(200);
    const rows = await readXlsx(res.body);
    expect(rows[0]).toEqual([
      "Nom",
      "Date",
      "Zone",
      "Séquence",
      "Contractuel",
      "Suivi",
      "Masqué",
      "Prédécesseurs",
      "Commentaires",
    ]);
    expect(rows.slice(1).map((r) => r[0])).toEqual(["Achèvement", "Bouclage", "Hors d'eau"]);
    expect(rows[3][7]).toBe("Élévation; murs");
    const named = await readXlsx(
      (
        await t.request("GET", "/event/export/milestones", {
          token: manager.token,
          query: { filter: [`projectId||$eq||${p.id}`, "name||contL||bouc"] },
        })
      ).body,
    );
    expect(named.slice(1).map((r) => r[0])).toEqual(["Bouclage"]);
  });

  it("refuses bad filters and readers outside the project", async () => {
    expect((await t.request("GET", "/event/export", { token: manager.token })).body.code).toBe("errors.no_project");
    expect(
      (
        await t.request("GET", "/event/export", {
          token: manager.token,
          query: { filter: [`versionId||$eq||${p.versionId}`, "couleur||$eq||x"] },
        })
      ).body.code,
    ).toBe("errors.unknown_filter_field");
    expect(
      (
        await t.request("GET", "/event/export", {
          token: outsider.token,
          query: { filter: `versionId||$eq||${p.versionId}` },
        })
      ).status,
    ).toBe(403);
  });

  it("GET /project/task-list-csv: BOM, ';' separators, French days, period and zone filters, formula cells neutralised", async () => {
    const query = {
      versionId: p.versionId,
      zoneIds: String(ids.zone),
      startDate: "2026-03-01T23:00:00.000Z",
      endDate: "2026-03-31",
    };
    const raw = await fetch(`${t.url}/api/project/task-list-csv${qs(query)}`, {
      headers: { authorization: `Bearer ${manager.token}` },
    });
    expect(raw.status).toBe(200);
    expect(raw.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(raw.headers.get("content-disposition")).toContain("Liste_des_taches_Residence-Les-Tilleuls");
    const bytes = Buffer.from(await raw.arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString("utf8").split("\r\n");
    expect(lines[0]).toBe(
      "Tâche;Trigramme;Zone;Lot;Intervenant;Séquence;Début;Fin;Durée (jours ouvrés);Effectif;Avancement (%);Commentaires",
    );
    expect(lines[1]).toBe("Fondations;;Bâtiment A;Gros œuvre;;;02/03/2026;04/03/2026;3;1;;'=SOMME(A1)");
    expect(lines[2]).toBe('"Élévation; murs";;Bâtiment A;;;;05/03/2026;06/03/2026;2;1;;');
    expect(lines).toHaveLength(4);
    const april = await t.request("GET", "/project/task-list-csv", {
      token: manager.token,
      query: { versionId: p.versionId, startDate: "2026-04-01" },
    });
    expect(
      april.body
        .split("\r\n")
        .slice(1, -1)
        .map((l: string) => l.split(";")[6]),
    ).toEqual(["01/04/2026"]);
    expect(
      (await t.request("GET", "/project/task-list-csv", { token: manager.token, query: { versionId: "null" } })).body
        .code,
    ).toBe("errors.no_project");
    expect(
      (
        await t.request("GET", "/project/task-list-csv", {
          token: manager.token,
          query: { versionId: p.versionId, zoneIds: "a,b" },
        })
      ).body.code,
    ).toBe("errors.validation");
    expect(
      (
        await t.request("GET", "/project/task-list-csv", {
          token: manager.token,
          query: { versionId: p.versionId, startDate: "2026-13-01" },
        })
      ).status,
    ).toBe(400);
  });

  it("GET /project/{projectId}/event-history-list-csv: the project's history, newest first, in French", async () => {
    await t.request("PATCH", `/event/${ids.b2}`, {
      token: manager.token,
      body: { startDate: "2026-04-02", locked: true },
    });
    const res = await t.request("GET", `/project/${p.id}/event-history-list-csv`, { token: manager.token });
    expect(res.status).toBe(200);
    const lines = (res.body as string).split("\r\n");
    expect(lines[0]).toBe("Date;Version;Tâche;Champ;Ancienne valeur;Nouvelle valeur;Utilisateur");
    expect(lines).toContain(
      lines.find((l) => /;Version 1;Fondations;Date de début;01\/04\/2026;02\/04\/2026;Camille Durand$/.test(l)),
    );
    expect(lines.some((l) => /;Fondations;Bloqué;Non;Oui;Camille Durand$/.test(l))).toBe(true);
    expect(lines[1]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{1,2}:\d{2};/);
    const other = await buildProject(t, manager);
    expect(
      (
        await t.request("GET", `/project/${p.id}/event-history-list-csv`, {
          token: manager.token,
          query: { versionId: other.versionId },
        })
      ).body.code,
    ).toBe("errors.version_not_in_project");
  });
});

describe("authorization", () => {
  it("external reads, managers write and export, members of another project are refused", async () => {
    const reads = [
      ["/event/distinct", { projectId: p.id }],
      ["/event/tracked-milestones", { projectId: p.id }],
      [`/event/${ids.a}/history`, {}],
      [`/event/check-countings/${ids.a}`, {}],
    ] as const;
    for (const [path, query] of reads) {
      expect((await t.request("GET", path, { token: external.token, query })).status).toBe(200);
      expect((await t.request("GET", path, { token: outsider.token, query })).status).toBe(403);
      expect((await t.request("GET", path, { query })).status).toBe(401);
    }
    const managerOnly: [string, string, Record<string, string | number | string[]>][] = [
      ["GET", "/event/export", { filter: `versionId||$eq||${p.versionId}` }],
      ["GET", "/event/export/milestones", { filter: `versionId||$eq||${p.versionId}` }],
      ["GET", "/project/task-list-csv", { versionId: p.versionId }],
      ["GET", `/project/${p.id}/event-history-list-csv`, {}],
      ["POST", `/event/milestone/${ids.m2}`, {}],
      ["DELETE", `/event/milestone/${ids.m2}`, {}],
    ];
    for (const [method, path, query] of managerOnly) {
      expect((await t.request(method, path, { token: external.token, query })).status).toBe(403);
      expect((await t.request(method, path, { token: outsider.token, query })).status).toBe(403);
    }
    expect((await t.db("events").where({ id: ids.m2 }).first()).is_tracked).toBe(true);
    expect(await countRows(t.db, "event_histories", { event_id: ids.m2 })).toBe(0);
  });
});
