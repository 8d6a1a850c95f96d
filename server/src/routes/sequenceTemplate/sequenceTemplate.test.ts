import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLot,
  buildProject,
  buildZone,
  countRows,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";

let t: TestApp;
let admin: BuiltUser;
let manager: BuiltUser;
let external: BuiltUser;
let guest: BuiltUser;
let outsider: BuiltUser;

beforeAll(async () => {
  ({ t, admin, manager, external, guest, outsider } = await startWithUsers());
});
afterAll(async () => t?.close());

const req = (method: string, path: string, token: string, body?: unknown, query?: Record<string, string | string[]>) =>
  t.request(method, path, { token, body, query });

/** A sequence template with A(5) -> B(3) -> C(4), first A, last C, in the library or a project. */
async function network(
  side: "library" | BuiltProject,
  name = "Cloisons",
  token = side === "library" ? admin.token : manager.token,
) {
  const pro = side !== "library";
  const base = pro ? "/sequence-template-pro" : "/sequence-template";
  const events = pro ? "/event-template-pro" : "/event-template";
  const scope = pro ? { projectId: side.id } : {};
  const seq = (
    await req("POST", base, token, {
      ...scope,
      name,
      category: "Second œuvre",
      color: "#3366FF",
      typology: ["T2", "T3"],
    })
  ).body;
  const task = async (n: string, days: number, parentsET: unknown[] = []) =>
    (await req("POST", events, token, { ...scope, name: n, numberOfDays: days, sequenceTemplateId: seq.id, parentsET }))
      .body;
  const a = await task("A", 5);
  const b = await task("B", 3, [a.id]);
  const c = await task("C", 4, [{ id: b.id, type: "end-begin", delay: 0 }]);
  const patched = await req("PATCH", `${base}/${seq.id}`, token, {
    firstEventTemplateId: a.id,
    lastEventTemplateId: c.id,
  });
  expect(patched.status).toBe(200);
  return { seq: patched.body, a, b, c };
}

describe("library sequence templates", () => {
  it("creates a network whose length follows its links, with first and last tasks", async () => {
    const { seq, a, c } = await network("library");
    expect(seq).toMatchObject({
      name: "Cloisons",
      category: "Second œuvre",
      color: "#3366FF",
      typology: ["T2", "T3"],
      duration: 12,
      numberOfDays: 12,
      firstEventTemplate: { id: a.id, name: "A" },
      lastEventTemplate: { id: c.id, name: "C" },
      projects: 0,
    });
    expect(seq.eventsTemplates.map((e: { name: string }) => e.name)).toEqual(["A", "B", "C"]);
    const list = await req("GET", "/sequence-template", manager.token, undefined, {
      filter: ["name||$contL||cloisons", "typology||$eq||T3"],
    });
    expect(list.status).toBe(200);
    expect(list.body.data.some((s: { id: number }) => s.id === seq.id)).toBe(true);
    const plain = await t.request("GET", "/sequence-template", { token: manager.token, query: { name: "LOISON" } });
    expect(plain.body.data.some((s: { id: number }) => s.id === seq.id)).toBe(true);
    expect(plain.body.data.every((s: { name: string }) => /loison/i.test(s.name))).toBe(true);
    const none = await req("GET", "/sequence-template", manager.token, undefined, {
      filter: [`id||$eq||${seq.id}`, "typology||$eq||T4"],
    });
    expect(none.body.total).toBe(0);
  });

  it("refuses the same first and last task, and a first task of another template, nothing written", async () => {
    const { seq, a, b } = await network("library");
    const other = await network("library", "Autre");
    const same = await req("PATCH", `/sequence-template/${seq.id}`, admin.token, {
      lastEventTemplateId: a.id,
      name: "Renommé",
    });
    expect(same.status).toBe(400);
    expect(same.body.code).toBe("first_and_last_eventTemplates_are_the_same");
    const foreign = await req("PATCH", `/sequence-template/${seq.id}`, admin.token, {
      firstEventTemplateId: other.a.id,
    });
    expect(foreign.status).toBe(400);
    const row = await t.db("sequence_templates").where({ id: seq.id }).first();
    expect([row.name, row.first_event_template_id]).toEqual(["Cloisons", a.id]);
    const ok = await req("PATCH", `/sequence-template/${seq.id}`, admin.token, { lastEventTemplateId: b.id });
    expect(ok.body.lastEventTemplate).toEqual({ id: b.id, name: "B" });
  });

  it("duplicates with its tasks, links, first and last on the new ids", async () => {
    const { seq } = await network("library");
    const dup = await req("PUT", `/sequence-template/${seq.id}/duplicate`, admin.token, {});
    expect(dup.status).toBe(201);
    expect(dup.body).toMatchObject({ name: "Cloisons (copie)", duration: 12, typology: ["T2", "T3"] });
    const ids = dup.body.eventsTemplates.map((e: { id: number }) => e.id);
    expect(ids.some((i: number) => seq.eventsTemplates.some((e: { id: number }) => e.id === i))).toBe(false);
    expect(dup.body.eventsTemplates[1].parentsET).toEqual([{ id: ids[0], name: "A", type: "end-begin", delay: 0 }]);
    expect(dup.body.firstEventTemplateId).toBe(ids[0]);
    expect(dup.body.lastEventTemplateId).toBe(ids[2]);
    const byManager = await req("PUT", `/sequence-template/${seq.id}/duplicate`, manager.token, {});
    expect(byManager.status).toBe(403);
  });

  it("imports library task templates into a sequence template (import-event-template)", async () => {
    const { seq } = await network("library");
    const loose = (await req("POST", "/event-template", admin.token, { name: "Ponçage", numberOfDays: 1 })).body;
    const res = await req("POST", `/sequence-template/${seq.id}/import-event-template`, admin.token, {
      eventTemplateIds: [loose.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.eventsTemplates.map((e: { name: string }) => e.name)).toContain("Ponçage");
    expect(res.body.numberOfDays).toBe(13);
    expect((await t.db("event_templates").where({ id: loose.id }).first()).sequence_template_id).toBeNull();
  });

  it("imports into a project (both calls): a copy marked imported, deletion then refused as referenced", async () => {
    const libLot = (await req("POST", "/participant-group", admin.token, { name: `Plaquiste ${Date.now()}` })).body;
    const { seq, a } = await network("library");
    await req("PATCH", `/event-template/${a.id}`, admin.token, { participantGroupId: libLot.id });
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Plâtrerie", participant_group_id: libLot.id });
    const res = await req("POST", `/sequence-template/import/${p.id}`, manager.token, {
      sequenceTemplateIds: [seq.id],
    });
    expect(res.status).toBe(201);
    const copy = res.body.data[0];
    expect(copy).toMatchObject({
      name: "Cloisons",
      projectId: p.id,
      isImported: true,
      sequenceTemplateId: seq.id,
      duration: 12,
      synchronizableStatus: "ok",
    });
    expect(copy.firstEventTemplate.name).toBe("A");
    expect(copy.eventsTemplates[0]).toMatchObject({ eventTemplateId: a.id, participantGroupPro: { id: lot.id } });
    expect(copy.eventsTemplates[2].parentsET[0].name).toBe("B");
    const again = await req("POST", "/sequence-template-pro/import", manager.token, {
      projectId: p.id,
      sequenceTemplateIds: [seq.id],
    });
    expect(again.status).toBe(201);
    expect(await countRows(t.db, "sequence_template_pros", { project_id: p.id })).toBe(2);
    const foreign = await req("POST", "/sequence-template-pro/import", outsider.token, {
      projectId: p.id,
      sequenceTemplateIds: [seq.id],
    });
    expect(foreign.status).toBe(403);
    const refused = await req("DELETE", "/sequence-template/bulk-delete", admin.token, { ids: [seq.id] });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "sequence_template_referenced", details: { ids: [seq.id] } });
    expect(await countRows(t.db, "sequence_templates", { id: seq.id })).toBe(1);
    const unused = await network("library", "Jetable");
    const ok = await req("DELETE", "/sequence-template/bulk-delete", admin.token, { ids: [unused.seq.id] });
    expect(ok.body).toEqual({ ids: [unused.seq.id] });
    expect(await countRows(t.db, "event_templates", { sequence_template_id: unused.seq.id })).toBe(0);
  });
});

describe("project sequence templates", () => {
  it("lists 10 per page by default, requires the project, and its managers only", async () => {
    const p = await buildProject(t, manager, { members: [external, guest] });
    for (let i = 0; i < 11; i++)
      await req("POST", "/sequence-template-pro", manager.token, { projectId: p.id, name: `Séquence ${i + 10}` });
    const page = await req("GET", "/sequence-template-pro", manager.token, undefined, {
      filter: `projectId||$eq||${p.id}`,
    });
    expect(page.body).toMatchObject({ total: 11, count: 10 });
    const before = await countRows(t.db, "sequence_template_pros");
    const id = page.body.data[0].id;
    for (const u of [outsider, external, guest]) {
      expect((await req("POST", "/sequence-template-pro", u.token, { projectId: p.id, name: "X" })).status).toBe(403);
      expect((await req("PATCH", `/sequence-template-pro/${id}`, u.token, { name: "X" })).status).toBe(403);
      expect((await req("PUT", `/sequence-template-pro/${id}/duplicate`, u.token, {})).status).toBe(403);
      expect((await req("DELETE", "/sequence-template-pro/bulk-delete", u.token, { ids: [id] })).status).toBe(403);
      expect((await req("GET", `/sequence-template-pro/${id}`, u.token)).status).toBe(403);
    }
    expect(await countRows(t.db, "sequence_template_pros")).toBe(before);
    const noProject = await req("GET", "/sequence-template-pro", manager.token);
    expect(noProject.body.code).toBe("errors.no_project");
  });

  it("bulk delete: instantiated and referenced templates are refused with their two messages", async () => {
    const p = await buildProject(t, manager);
    const inst = await network(p, "Instanciée");
    const ref = await network(p, "Référencée");
    const free = await network(p, "Libre");
    const zone = await buildZone(t.db, p, { typology: "T2" });
    await t.db("sequences").insert({
      project_id: p.id,
      version_id: p.versionId,
      name: "Instanciée - Logement",
      zone_id: zone.id,
      sequence_template_pro_id: inst.seq.id,
    });
    await buildEvent(t.db, p, { event_template_pro_id: ref.b.id });
    const before = await countRows(t.db, "event_template_pros", { project_id: p.id });
    const a = await req("DELETE", "/sequence-template-pro/bulk-delete", manager.token, {
      ids: [inst.seq.id, free.seq.id],
    });
    expect(a.status).toBe(409);
    expect(a.body).toMatchObject({ code: "sequence_template_instantiated", details: { ids: [inst.seq.id] } });
    expect(a.body.message).toBe("Ce modèle de séquence est instancié et ne peut pas être supprimé.");
    const b = await req("DELETE", "/sequence-template-pro/bulk-delete", manager.token, { ids: [ref.seq.id] });
    expect(b.body).toMatchObject({ code: "sequence_template_referenced", details: { ids: [ref.seq.id] } });
    expect(b.body.message).toBe("Ce modèle de séquence est référencé et ne peut pas être supprimé.");
    expect(await countRows(t.db, "event_template_pros", { project_id: p.id })).toBe(before);
    const ok = await req("DELETE", "/sequence-template-pro/bulk-delete", manager.token, { ids: [free.seq.id] });
    expect(ok.body).toEqual({ ids: [free.seq.id] });
    expect(await countRows(t.db, "event_template_pros", { project_id: p.id })).toBe(before - 3);
    const listed = await req("GET", `/sequence-template-pro/${inst.seq.id}`, manager.token);
    expect(listed.body.instantiated).toBe(1);
  });

  it("duplicates and imports the project's own tasks into another sequence template", async () => {
    const p = await buildProject(t, manager);
    const { seq, a, b } = await network(p);
    const [tag] = await t
      .db("tags")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Cloisons" })
      .returning("*");
    await req("PATCH", `/sequence-template-pro/${seq.id}`, manager.token, { tagIds: [tag.id] });
    await req("PATCH", `/event-template-pro/${a.id}`, manager.token, { tagIds: [tag.id] });
    const dup = await req("PUT", `/sequence-template-pro/${seq.id}/duplicate`, manager.token, { name: "Cloisons bis" });
    expect(dup.status).toBe(201);
    expect(dup.body).toMatchObject({ name: "Cloisons bis", isImported: false, duration: 12 });
    expect(dup.body.tags.map((x: { id: number }) => x.id)).toEqual([tag.id]);
    expect(dup.body.eventsTemplates[0].tags.map((x: { id: number }) => x.id)).toEqual([tag.id]);
    expect(dup.body.trackingId).not.toBe(seq.trackingId);
    const target = (await req("POST", "/sequence-template-pro", manager.token, { projectId: p.id, name: "Vide" })).body;
    const res = await req("POST", `/sequence-template-pro/${target.id}/import-event-template`, manager.token, {
      eventTemplateProIds: [a.id, b.id],
    });
    expect(res.status).toBe(201);
    expect(res.body.eventsTemplates.map((e: { name: string }) => e.name)).toEqual(["A", "B"]);
    expect(res.body.eventsTemplates[1].parentsET[0].id).toBe(res.body.eventsTemplates[0].id);
    expect(res.body.duration).toBe(8);
    const empty = await req("POST", `/sequence-template-pro/${target.id}/import-event-template`, manager.token, {});
    expect(empty.status).toBe(400);
  });

  it("exports the templates and the instantiated sequences as .xlsx", async () => {
    const p = await buildProject(t, manager);
    const { seq } = await network(p);
    const zone = await buildZone(t.db, p, { name: "Logement 12", full_name: "Bâtiment A / Logement 12" });
    const [s] = await t
      .db("sequences")
      .insert({
        project_id: p.id,
        version_id: p.versionId,
        name: "Cloisons - Logement 12",
        zone_id: zone.id,
        sequence_template_pro_id: seq.id,
        start_date: "2026-03-02",
        end_date: "2026-03-17",
      })
      .returning("*");
    // Its one task runs on 9 March: the export shows the dates the sequence list shows (rolled up from its
    // tasks, which moves re-date), not the stored ones.
    await buildEvent(t.db, p, {
      sequence_id: s.id,
      start_date: "2026-03-09",
      end_date: "2026-03-10",
      number_of_days: 2,
    });
    const read = async (path: string, query: string) => {
      const res = await fetch(`${t.url}/api${path}?${query}`, {
        headers: { Authorization: `Bearer ${manager.token}` },
      });
      expect(res.status).toBe(200);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(await res.arrayBuffer());
      const rows: unknown[][] = [];
      wb.worksheets[0].eachRow((r) => rows.push((r.values as unknown[]).slice(1)));
      return rows;
    };
    const templates = await read(
      "/sequence-template-pro/export",
      `filter=${encodeURIComponent(`projectId||$eq||${p.id}`)}`,
    );
    expect(templates[0][0]).toBe("Nom");
    expect(templates[1]).toEqual(expect.arrayContaining(["Cloisons", "T2; T3", 12, "A ; B ; C", "A", "C"]));
    const instances = await read("/sequence-template-pro/instantiated/export", `projectId=${p.id}`);
    expect(instances[1].slice(0, 3)).toEqual(["Cloisons", "Cloisons - Logement 12", "Bâtiment A / Logement 12"]);
    expect(instances[1][5]).toBe(1);
    const day = (v: unknown) => (v instanceof Date ? v.toISOString().slice(0, 10) : v);
    expect([day(instances[1][3]), day(instances[1][4])]).toEqual(["2026-03-09", "2026-03-10"]);
    const foreign = await fetch(`${t.url}/api/sequence-template-pro/instantiated/export?projectId=${p.id}`, {
      headers: { Authorization: `Bearer ${outsider.token}` },
    });
    expect(foreign.status).toBe(403);
  });
});

describe("PUT /project/{id}/clone copies the project's templates", () => {
  it("with new links, first and last ids, and references that still find the cloned versions' rows", async () => {
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Peinture" });
    const { seq, a, c } = await network(p);
    await req("PATCH", `/event-template-pro/${c.id}`, manager.token, {
      participantGroupProId: lot.id,
      parentsET: [{ id: a.id, type: "begin-begin", delay: 2 }],
    });
    const [tag] = await t
      .db("tags")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Finitions", color: "#EC407A" })
      .returning("*");
    await req("PATCH", `/sequence-template-pro/${seq.id}`, manager.token, { tagIds: [tag.id] });
    const loose = (
      await req("POST", "/event-template-pro", manager.token, { projectId: p.id, name: "Nettoyage", tagIds: [tag.id] })
    ).body;
    const zone = await buildZone(t.db, p, { typology: "T2" });
    const [s] = await t
      .db("sequences")
      .insert({
        project_id: p.id,
        version_id: p.versionId,
        name: "Cloisons Z",
        zone_id: zone.id,
        sequence_template_pro_id: seq.id,
      })
      .returning("*");
    await buildEvent(t.db, p, { sequence_id: s.id, event_template_pro_id: a.id });

    const res = await t.request("PUT", `/project/${p.id}/clone`, {
      token: manager.token,
      body: { versionIds: [p.versionId], name: "Copie modèles" },
    });
    expect(res.status).toBe(201);
    const q = res.body.id as number;
    const list = await req("GET", "/sequence-template-pro", manager.token, undefined, {
      filter: `projectId||$eq||${q}`,
    });
    expect(list.body.total).toBe(1);
    const copy = list.body.data[0];
    expect(copy.id).not.toBe(seq.id);
    expect(copy.trackingId).toBe(seq.trackingId);
    const byName = new Map(copy.eventsTemplates.map((e: { name: string }) => [e.name, e]));
    const [na, nb, nc] = ["A", "B", "C"].map((n) => byName.get(n) as Record<string, unknown> & { id: number });
    expect([na.id, nb.id, nc.id].some((i) => [a.id, c.id].includes(i))).toBe(false);
    expect(copy.firstEventTemplateId).toBe(na.id);
    expect(copy.lastEventTemplateId).toBe(nc.id);
    expect(copy.duration).toBe(8); // A d0-4, B d5-7, C (begin-begin +2 after A) d2-5
    expect(nb.parentsET).toEqual([{ id: na.id, name: "A", type: "end-begin", delay: 0 }]);
    expect(nc.parentsET).toEqual([{ id: na.id, name: "A", type: "begin-begin", delay: 2 }]);
    const newLot = await t.db("participant_group_pros").where({ project_id: q }).first();
    expect(nc.participantGroupPro).toEqual({ id: newLot.id, name: "Peinture" });
    expect(await countRows(t.db, "event_template_pros", { project_id: q })).toBe(4);
    expect(await countRows(t.db, "event_template_pro_links", { project_id: q })).toBe(2);
    const nl = await t.db("event_template_pros").where({ project_id: q, tracking_id: loose.trackingId }).first();
    expect(nl.sequence_template_pro_id).toBeNull();
    // Tags are kept by tracking id: the clone shows its own version's tag.
    const newTag = await t.db("tags").where({ project_id: q, tracking_id: tag.tracking_id }).first();
    expect(copy.tags).toEqual([{ id: newTag.id, name: "Finitions", color: "#EC407A" }]);
    expect((await req("GET", `/event-template-pro/${nl.id}`, manager.token)).body.tags).toEqual(copy.tags);
    // The cloned version's sequence and event point at the clone's templates.
    const ns = await t.db("sequences").where({ project_id: q }).first();
    expect(ns.sequence_template_pro_id).toBe(copy.id);
    const ne = await t.db("events").where({ project_id: q }).whereNotNull("event_template_pro_id").first();
    expect(ne.event_template_pro_id).toBe(na.id);
    // The source is untouched.
    expect((await req("GET", `/sequence-template-pro/${seq.id}`, manager.token)).body.firstEventTemplateId).toBe(a.id);
  });
});
