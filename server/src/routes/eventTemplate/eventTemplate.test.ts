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

/** A project sequence template "Cloisons" with three tasks A(5) -> B(3) -> C(4) (B after A by a bare id). */
async function proNetwork(p: BuiltProject, token = manager.token) {
  const seq = (await req("POST", "/sequence-template-pro", token, { projectId: p.id, name: "Cloisons" })).body;
  const a = (
    await req("POST", "/event-template-pro", token, {
      projectId: p.id,
      name: "Cloisons / doublages",
      trigram: "clo",
      numberOfDays: "5",
      sequenceTemplateId: seq.id,
      typology: ["Logement T2", "Logement T3"],
    })
  ).body;
  const b = (
    await req("POST", "/event-template-pro", token, {
      projectId: p.id,
      name: "Électricité encastrée",
      numberOfDays: 3,
      sequenceTemplateId: seq.id,
      parentsET: [a.id],
    })
  ).body;
  const c = (
    await req("POST", "/event-template-pro", token, {
      projectId: p.id,
      name: "Peinture",
      numberOfDays: 4,
      sequenceTemplateId: seq.id,
      parentsET: [{ id: b.id, type: "end-begin", delay: "2" }],
    })
  ).body;
  return { seq, a, b, c };
}

describe("project task templates: create, read, list", () => {
  it("creates tasks with parents (bare id = end-begin 0, or {id, type, delay}), upper-case trigram, typologies", async () => {
    const p = await buildProject(t, manager);
    t.emitted.length = 0;
    const { seq, a, b, c } = await proNetwork(p);
    expect(a).toMatchObject({
      name: "Cloisons / doublages",
      trigram: "CLO",
      numberOfDays: 5,
      numberOfPeople: 1,
      typology: ["Logement T2", "Logement T3"],
      sequenceTemplateId: seq.id,
      parentSequenceTemplate: { id: seq.id, name: "Cloisons" },
      projectId: p.id,
      parentsET: [],
      instances: 0,
    });
    expect(b.parentsET).toEqual([{ id: a.id, name: "Cloisons / doublages", type: "end-begin", delay: 0 }]);
    expect(c.parentsET).toEqual([{ id: b.id, name: "Électricité encastrée", type: "end-begin", delay: 2 }]);
    const got = await req("GET", `/event-template-pro/${b.id}`, manager.token);
    expect(got.body.childrenET).toEqual([{ id: c.id, name: "Peinture", type: "end-begin", delay: 2 }]);
    // The sequence template's length: A d0-4, B d5-7, C d10-13 (two days of delay) = 14 working days.
    const s = await req("GET", `/sequence-template-pro/${seq.id}`, manager.token);
    expect(s.body).toMatchObject({ duration: 14, numberOfDays: 12 });
    expect(s.body.eventsTemplates.map((e: { name: string }) => e.name)).toEqual([
      "Cloisons / doublages",
      "Électricité encastrée",
      "Peinture",
    ]);
    expect(
      t.emitted.some(
        (e) => e.event === "reference:update" && e.projectId === p.id && e.data?.resource === "eventTemplatePro",
      ),
    ).toBe(true);
  });

  it("names lots, macro-tasks, specialities and participants by tracking id, shown in the current version", async () => {
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Plâtrerie" });
    const [macro] = await t
      .db("macro_tasks")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Second œuvre" })
      .returning("*");
    const [tag] = await t
      .db("tags")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Second œuvre", color: "#FFB300" })
      .returning("*");
    const res = await req("POST", "/event-template-pro", manager.token, {
      projectId: p.id,
      name: "Bandes",
      participantGroupProId: lot.id,
      macroTaskId: macro.id,
      tagIds: [tag.id],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      participantGroupProId: lot.id,
      participantGroupPro: { id: lot.id, name: "Plâtrerie" },
      macroTask: { id: macro.id, name: "Second œuvre" },
      specialityId: null,
      tags: [{ id: tag.id, name: "Second œuvre", color: "#FFB300" }],
    });
    const row = await t.db("event_template_pros").where({ id: res.body.id }).first();
    expect(row.participant_group_pro_tracking_id).toBe(lot.tracking_id);
    expect(row.macro_task_tracking_id).toBe(macro.tracking_id);
    // A lot of another project is refused, nothing written.
    const other = await buildProject(t, manager);
    const foreignLot = await buildLot(t.db, other);
    const before = await countRows(t.db, "event_template_pros");
    const bad = await req("POST", "/event-template-pro", manager.token, {
      projectId: p.id,
      name: "X",
      participantGroupProId: foreignLot.id,
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe("errors.validation");
    expect(await countRows(t.db, "event_template_pros")).toBe(before);
    const [foreignTag] = await t
      .db("tags")
      .insert({ project_id: other.id, version_id: other.versionId, name: "Autre" })
      .returning("id");
    const badTag = await req("PATCH", `/event-template-pro/${res.body.id}`, manager.token, {
      tagIds: [foreignTag.id],
    });
    expect(badTag.body).toMatchObject({ code: "errors.validation", details: { field: "tagIds" } });
    expect(await countRows(t.db, "event_template_pro_tags", { event_template_pro_id: res.body.id })).toBe(1);
    // A speciality of another lot, a company outside the lot: speciality_participant_or_group_dont_match.
    const other2 = await buildLot(t.db, p, { name: "Peinture" });
    const [paintSpeciality] = await t
      .db("specialities")
      .insert({
        project_id: p.id,
        version_id: p.versionId,
        name: "Peinture intérieure",
        participant_group_pro_id: other2.id,
      })
      .returning("id");
    const [company] = await t
      .db("participants")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Plâtrerie Bretonne" })
      .returning("id");
    const wrongSpeciality = await req("PATCH", `/event-template-pro/${res.body.id}`, manager.token, {
      specialityId: paintSpeciality.id,
    });
    expect(wrongSpeciality.status).toBe(400);
    expect(wrongSpeciality.body.code).toBe("speciality_participant_or_group_dont_match");
    const outsiderCompany = await req("PATCH", `/event-template-pro/${res.body.id}`, manager.token, {
      participantId: company.id,
    });
    expect(outsiderCompany.body.code).toBe("speciality_participant_or_group_dont_match");
    expect((await t.db("event_template_pros").where({ id: res.body.id }).first()).participant_tracking_id).toBeNull();
    await t
      .db("participant_group_pro_participants")
      .insert({ version_id: p.versionId, participant_group_pro_id: lot.id, participant_id: company.id });
    const member = await req("PATCH", `/event-template-pro/${res.body.id}`, manager.token, {
      participantId: company.id,
    });
    expect(member.body.participant).toEqual({ id: company.id, name: "Plâtrerie Bretonne" });
    // Filter on the lot by its row id.
    const list = await req("GET", "/event-template-pro", manager.token, undefined, {
      filter: [`projectId||$eq||${p.id}`, `participantGroupProId||$eq||${lot.id}`],
    });
    expect(list.body.data.map((e: { name: string }) => e.name)).toEqual(["Bandes"]);
  });

  it("lists 10 per page from offset 0 by default, in name order, with filters on name and typology", async () => {
    const p = await buildProject(t, manager);
    for (let i = 12; i >= 1; i--)
      await req("POST", "/event-template-pro", manager.token, {
        projectId: p.id,
        name: `Tâche ${String(i).padStart(2, "0")}`,
        typology: i % 2 === 0 ? ["Logement T2"] : [],
      });
    const page = await req("GET", "/event-template-pro", manager.token, undefined, {
      filter: `projectId||$eq||${p.id}`,
    });
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(12);
    expect(page.body.data).toHaveLength(10);
    expect(page.body.data[0].name).toBe("Tâche 01");
    const second = await t.request("GET", "/event-template-pro", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}`, offset: 10 },
    });
    expect(second.body.data.map((e: { name: string }) => e.name)).toEqual(["Tâche 11", "Tâche 12"]);
    const named = await req("GET", "/event-template-pro", manager.token, undefined, {
      filter: [`projectId||$eq||${p.id}`, "name||$contL||ÂCHE 0"],
    });
    expect(named.body.total).toBe(9);
    const typed = await req("GET", "/event-template-pro", manager.token, undefined, {
      filter: [`projectId||$eq||${p.id}`, "typology||$eq||Logement T2"],
    });
    expect(typed.body.total).toBe(6);
    const untyped = await req("GET", "/event-template-pro", manager.token, undefined, {
      filter: [`projectId||$eq||${p.id}`, "typology||$isnull"],
    });
    expect(untyped.body.total).toBe(6);
    const noProject = await req("GET", "/event-template-pro", manager.token);
    expect(noProject.status).toBe(400);
    expect(noProject.body.code).toBe("errors.no_project");
  });
});

describe("parents: errors.parent_task_assignation, nothing written", () => {
  it("refuses a parent outside the sequence template, itself, a duplicate and a cycle", async () => {
    const p = await buildProject(t, manager);
    const { a, b, c } = await proNetwork(p);
    const other = await proNetwork(p);
    const links = await countRows(t.db, "event_template_pro_links", { project_id: p.id });
    const refused = async (id: number, parentsET: unknown[]) => {
      const res = await req("PATCH", `/event-template-pro/${id}`, manager.token, { parentsET, name: "Renommée" });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("errors.parent_task_assignation");
      expect(res.body.message).toBe("Ces parents ne peuvent pas être utilisés pour ce modèle de tâche.");
      return res;
    };
    await refused(b.id, [other.a.id]);
    await refused(b.id, [b.id]);
    await refused(b.id, [a.id, { id: a.id, type: "begin-begin", delay: 0 }]);
    const cycle = await refused(a.id, [{ id: c.id, type: "begin-begin", delay: -3 }]);
    expect(cycle.body.details.cycle).toEqual([a.id, b.id, c.id].sort((x, y) => x - y));
    expect(await countRows(t.db, "event_template_pro_links", { project_id: p.id })).toBe(links);
    expect((await t.db("event_template_pros").where({ id: b.id }).first()).name).toBe("Électricité encastrée");
    // A standalone task template cannot have parents.
    const alone = await req("POST", "/event-template-pro", manager.token, {
      projectId: p.id,
      name: "Seule",
      parentsET: [a.id],
    });
    expect(alone.body.code).toBe("errors.parent_task_assignation");
    expect(await countRows(t.db, "event_template_pros", { name: "Seule" })).toBe(0);
  });

  it("moving a task to another sequence template takes it out of the old network (links, first/last)", async () => {
    const p = await buildProject(t, manager);
    const { seq, a, b, c } = await proNetwork(p);
    await req("PATCH", `/sequence-template-pro/${seq.id}`, manager.token, {
      firstEventTemplateId: a.id,
      lastEventTemplateId: b.id,
    });
    const target = (await req("POST", "/sequence-template-pro", manager.token, { projectId: p.id, name: "Autre" }))
      .body;
    const moved = await req("PATCH", `/event-template-pro/${b.id}`, manager.token, { sequenceTemplateId: target.id });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ sequenceTemplateId: target.id, parentsET: [], childrenET: [] });
    const s = (await req("GET", `/sequence-template-pro/${seq.id}`, manager.token)).body;
    expect(s).toMatchObject({ firstEventTemplateId: a.id, lastEventTemplateId: null, duration: 5 });
    expect((await req("GET", `/event-template-pro/${c.id}`, manager.token)).body.parentsET).toEqual([]);
  });
});

describe("bulk update and bulk delete", () => {
  it("updates several templates in one transaction, refusing all of them when one is wrong", async () => {
    const p = await buildProject(t, manager);
    const { a, b, c } = await proNetwork(p);
    const ok = await req("PATCH", "/event-template-pro/bulk-update", manager.token, {
      projectId: p.id,
      events: [
        { id: a.id, numberOfDays: 2 },
        { id: c.id, parentsET: [{ id: a.id, type: "begin-begin", delay: 1 }] },
      ],
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.map((e: { numberOfDays: number }) => e.numberOfDays)).toEqual([2, 4]);
    const bad = await req("PATCH", "/event-template-pro/bulk-update", manager.token, {
      projectId: p.id,
      events: [
        { id: a.id, numberOfDays: 9 },
        { id: b.id, parentsET: [b.id] },
      ],
    });
    expect(bad.body.code).toBe("errors.parent_task_assignation");
    expect((await t.db("event_template_pros").where({ id: a.id }).first()).number_of_days).toBe(2);
    const otherProject = await buildProject(t, manager);
    const foreign = await req("PATCH", "/event-template-pro/bulk-update", manager.token, {
      projectId: otherProject.id,
      events: [{ id: a.id, numberOfDays: 3 }],
    });
    expect(foreign.status).toBe(400);
  });

  it("refuses to delete a first or last task, or one with instances (Cannot remove); deletes the others", async () => {
    const p = await buildProject(t, manager);
    const { seq, a, b, c } = await proNetwork(p);
    await req("PATCH", `/sequence-template-pro/${seq.id}`, manager.token, {
      firstEventTemplateId: a.id,
      lastEventTemplateId: c.id,
    });
    const before = await countRows(t.db, "event_template_pros", { project_id: p.id });
    const asEnd = await req("DELETE", "/event-template-pro/bulk-delete", manager.token, { ids: [b.id, c.id] });
    expect(asEnd.status).toBe(409);
    expect(asEnd.body).toMatchObject({ code: "event_template_in_use", details: { ids: [c.id] } });
    await buildEvent(t.db, p, { event_template_pro_id: b.id });
    const used = await req("DELETE", "/event-template-pro/bulk-delete", manager.token, { ids: [b.id] });
    expect(used.body).toMatchObject({ code: "event_template_in_use", details: { ids: [b.id], reason: "events" } });
    expect(await countRows(t.db, "event_template_pros", { project_id: p.id })).toBe(before);
    const loose = (await req("POST", "/event-template-pro", manager.token, { projectId: p.id, name: "Libre" })).body;
    const ok = await req("DELETE", "/event-template-pro/bulk-delete", manager.token, { ids: [loose.id] });
    expect(ok.body).toEqual({ ids: [loose.id] });
    expect(await countRows(t.db, "event_template_pros", { id: loose.id })).toBe(0);
    const missing = await req("DELETE", "/event-template-pro/bulk-delete", manager.token, { ids: [999_999] });
    expect(missing.status).toBe(404);
  });
});

describe("permissions", () => {
  it("project templates: the project's managers only", async () => {
    const p = await buildProject(t, manager, { members: [external, guest] });
    const { a } = await proNetwork(p);
    const before = await countRows(t.db, "event_template_pros");
    for (const u of [outsider, external, guest]) {
      const create = await req("POST", "/event-template-pro", u.token, { projectId: p.id, name: "Intrus" });
      expect(create.status).toBe(403);
      const patch = await req("PATCH", `/event-template-pro/${a.id}`, u.token, { name: "Intrus" });
      expect(patch.status).toBe(403);
      const del = await req("DELETE", "/event-template-pro/bulk-delete", u.token, { ids: [a.id] });
      expect(del.status).toBe(403);
      const read = await req("GET", `/event-template-pro/${a.id}`, u.token);
      expect(read.status).toBe(403);
      const list = await req("GET", "/event-template-pro", u.token, undefined, { filter: `projectId||$eq||${p.id}` });
      expect(list.status).toBe(403);
    }
    expect(await countRows(t.db, "event_template_pros")).toBe(before);
    expect((await t.db("event_template_pros").where({ id: a.id }).first()).name).toBe("Cloisons / doublages");
    // An admin reaches every project.
    expect((await req("GET", `/event-template-pro/${a.id}`, admin.token)).status).toBe(200);
  });

  it("library: managers read, admins write", async () => {
    const created = await req("POST", "/event-template", admin.token, { name: "Ragréage", numberOfDays: 2 });
    expect(created.status).toBe(201);
    const before = await countRows(t.db, "event_templates");
    const byManager = await req("POST", "/event-template", manager.token, { name: "Chape" });
    expect(byManager.status).toBe(403);
    const patch = await req("PATCH", `/event-template/${created.body.id}`, manager.token, { name: "Chape" });
    expect(patch.status).toBe(403);
    const del = await req("DELETE", "/event-template/bulk-delete", manager.token, { ids: [created.body.id] });
    expect(del.status).toBe(403);
    expect(await countRows(t.db, "event_templates")).toBe(before);
    expect((await req("GET", `/event-template/${created.body.id}`, manager.token)).body.name).toBe("Ragréage");
    expect((await req("GET", "/event-template", external.token)).status).toBe(403);
    expect((await req("GET", "/event-template", guest.token)).status).toBe(403);
  });
});

describe("library task templates", () => {
  it("creates, patches, bulk-updates, imports many, refuses the first task's deletion and imports into a project", async () => {
    const lib = (await req("POST", "/participant-group", admin.token, { name: `Peintre ${Date.now()}` })).body;
    const seq = (await req("POST", "/sequence-template", admin.token, { name: "Peinture lib", category: "Finitions" }))
      .body;
    const many = await req("POST", "/event-template/importMany", admin.token, {
      model: "EventTemplate",
      objectsList: [
        { name: "Impression", sequenceTemplateId: seq.id, numberOfDays: 1, participantGroupId: lib.id },
        { name: "Finition", sequenceTemplateId: seq.id, numberOfDays: 2 },
      ],
    });
    expect(many.status).toBe(201);
    const [imp, fin] = many.body.data;
    expect(imp.participantGroup).toEqual({ id: lib.id, name: lib.name });
    const patched = await req("PATCH", `/event-template/${fin.id}`, admin.token, { parentsET: [imp.id], rate: 35 });
    expect(patched.body).toMatchObject({ rate: 35, parentsET: [{ id: imp.id, type: "end-begin", delay: 0 }] });
    const bulk = await req("PATCH", "/event-template/bulk-update", admin.token, {
      events: [{ id: imp.id, comments: "Deux couches" }],
    });
    expect(bulk.body.data[0].comments).toBe("Deux couches");
    await req("PATCH", `/sequence-template/${seq.id}`, admin.token, { firstEventTemplateId: imp.id });
    const refused = await req("DELETE", "/event-template/bulk-delete", admin.token, { ids: [imp.id] });
    expect(refused.body.code).toBe("event_template_in_use");

    // Import into a project whose lot was copied from the library lot: the copy names that lot.
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Peinture", participant_group_id: lib.id });
    const before = await countRows(t.db, "event_template_pros", { project_id: p.id });
    const foreign = await req("POST", `/event-template/import/${p.id}`, outsider.token, {
      eventTemplateIds: [imp.id],
    });
    expect(foreign.status).toBe(403);
    const imported = await req("POST", `/event-template/import/${p.id}`, manager.token, {
      eventTemplateIds: [imp.id, fin.id],
    });
    expect(imported.status).toBe(201);
    expect(imported.body.data).toHaveLength(2);
    expect(imported.body.data[0]).toMatchObject({
      name: "Impression",
      eventTemplateId: imp.id,
      sequenceTemplateId: null,
      participantGroupPro: { id: lot.id, name: "Peinture" },
      parentsET: [],
    });
    expect(imported.body.data[1].parentsET).toEqual([]);
    expect(await countRows(t.db, "event_template_pros", { project_id: p.id })).toBe(before + 2);
  });
});

describe("POST /event-template-pro/importMany", () => {
  /** What an import may write in a project: its task templates, their links and tags. */
  const written = async (p: BuiltProject) => ({
    templates: await countRows(t.db, "event_template_pros", { project_id: p.id }),
    links: await countRows(t.db, "event_template_pro_links", { project_id: p.id }),
    tags: (await t
      .db("event_template_pro_tags as x")
      .join("event_template_pros as e", "e.id", "x.event_template_pro_id")
      .where("e.project_id", p.id)
      .count({ n: "*" })
      .first())!.n,
  });

  it("creates every object in order, with its lot, tags and parents inside the sequence template", async () => {
    const p = await buildProject(t, manager);
    const { seq, a } = await proNetwork(p);
    const lot = await buildLot(t.db, p, { name: "Plâtrerie" });
    const [tag] = await t
      .db("tags")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Finitions", color: "#FFB300" })
      .returning("*");
    const before = await written(p);
    const many = await req("POST", "/event-template-pro/importMany", manager.token, {
      projectId: p.id,
      model: "EventTemplatePro",
      objectsList: [
        {
          name: "Bandes",
          trigram: "bds",
          numberOfDays: "2",
          sequenceTemplateId: seq.id,
          parentsET: [{ id: a.id, type: "begin-begin", delay: 1 }],
          participantGroupProId: lot.id,
          tagIds: [tag.id],
        },
        { name: "Ponçage", numberOfDays: 1 },
      ],
    });
    expect(many.status).toBe(201);
    expect(many.body.count).toBe(2);
    const [bandes, poncage] = many.body.data;
    expect(bandes).toMatchObject({
      name: "Bandes",
      trigram: "BDS",
      numberOfDays: 2,
      sequenceTemplateId: seq.id,
      parentsET: [{ id: a.id, type: "begin-begin", delay: 1 }],
      participantGroupPro: { id: lot.id, name: "Plâtrerie" },
      tags: [{ id: tag.id, name: "Finitions", color: "#FFB300" }],
    });
    expect(poncage).toMatchObject({ name: "Ponçage", numberOfDays: 1, sequenceTemplateId: null, parentsET: [] });
    expect(bandes.id).toBeLessThan(poncage.id);
    expect(await written(p)).toEqual({
      templates: before.templates + 2,
      links: before.links + 1,
      tags: Number(before.tags) + 1,
    });
    const row = await t.db("event_template_pros").where({ id: bandes.id }).first();
    expect([row.project_id, row.participant_group_pro_tracking_id]).toEqual([p.id, lot.tracking_id]);
  });

  it("refuses the whole list on each catalogue refusal, the valid objects before it included; nothing written", async () => {
    const p = await buildProject(t, manager);
    const { seq, a } = await proNetwork(p);
    const otherSeq = (await req("POST", "/sequence-template-pro", manager.token, { projectId: p.id, name: "Sols" }))
      .body;
    const other = await buildProject(t, manager);
    const foreign = await proNetwork(other);
    const foreignLot = await buildLot(t.db, other);
    const [foreignTag] = await t
      .db("tags")
      .insert({ project_id: other.id, version_id: other.versionId, name: "Autre" })
      .returning("id");
    const lot = await buildLot(t.db, p, { name: "Plâtrerie" });
    const paint = await buildLot(t.db, p, { name: "Peinture" });
    const [paintSpeciality] = await t
      .db("specialities")
      .insert({
        project_id: p.id,
        version_id: p.versionId,
        name: "Peinture intérieure",
        participant_group_pro_id: paint.id,
      })
      .returning("id");
    const valid = { name: "Valide", numberOfDays: 1, sequenceTemplateId: seq.id, parentsET: [a.id] };
    const cases: [string, Record<string, unknown>[], number, string, unknown?][] = [
      // Parents: outside the sequence template, without a sequence template, twice the same.
      [
        "parent outside the sequence template",
        [valid, { name: "X", sequenceTemplateId: otherSeq.id, parentsET: [a.id] }],
        400,
        "errors.parent_task_assignation",
        { reason: "outside_sequence_template" },
      ],
      [
        "parent without a sequence template",
        [valid, { name: "X", parentsET: [a.id] }],
        400,
        "errors.parent_task_assignation",
        { reason: "no_sequence_template" },
      ],
      [
        "the same parent twice",
        [valid, { name: "X", sequenceTemplateId: seq.id, parentsET: [a.id, { id: a.id, type: "end-end", delay: 0 }] }],
        400,
        "errors.parent_task_assignation",
        { reason: "duplicate" },
      ],
      // Another project's sequence template, task, lot or tag.
      [
        "another project's sequence template",
        [valid, { name: "X", sequenceTemplateId: foreign.seq.id }],
        400,
        "errors.validation",
        { field: "sequenceTemplateId" },
      ],
      [
        "another project's task as a parent",
        [valid, { name: "X", sequenceTemplateId: seq.id, parentsET: [foreign.a.id] }],
        400,
        "errors.parent_task_assignation",
      ],
      [
        "another project's lot",
        [valid, { name: "X", participantGroupProId: foreignLot.id }],
        400,
        "errors.validation",
        { field: "participantGroupProId" },
      ],
      [
        "another project's tag",
        [valid, { name: "X", tagIds: [foreignTag.id] }],
        400,
        "errors.validation",
        { field: "tagIds" },
      ],
      // A speciality of another lot.
      [
        "a speciality of another lot",
        [valid, { name: "X", participantGroupProId: lot.id, specialityId: paintSpeciality.id }],
        400,
        "speciality_participant_or_group_dont_match",
      ],
      // Bad input: an empty list, an object without a name, a field the contract does not know.
      ["an empty list", [], 400, "errors.validation"],
      ["an object without a name", [valid, { numberOfDays: 2 }], 400, "errors.validation"],
      ["an unknown field", [valid, { name: "X", colour: "red" }], 400, "errors.validation"],
    ];
    const before = await written(p);
    for (const [what, objectsList, status, code, details] of cases) {
      const res = await req("POST", "/event-template-pro/importMany", manager.token, { projectId: p.id, objectsList });
      expect([what, res.status, res.body.code]).toEqual([what, status, code]);
      if (details) expect(res.body.details).toMatchObject(details);
      expect([what, await written(p)]).toEqual([what, before]);
    }
    expect(await countRows(t.db, "event_template_pros", { name: "Valide" })).toBe(0);
  });

  it("refuses a manager of another project, an external user and a guest; nothing written", async () => {
    const p = await buildProject(t, manager, { members: [external, guest] });
    const { seq } = await proNetwork(p);
    const before = await written(p);
    for (const u of [outsider, external, guest]) {
      const res = await req("POST", "/event-template-pro/importMany", u.token, {
        projectId: p.id,
        objectsList: [{ name: "Intrus", sequenceTemplateId: seq.id }],
      });
      expect(res.status).toBe(403);
    }
    expect(await written(p)).toEqual(before);
    expect(await countRows(t.db, "event_template_pros", { name: "Intrus" })).toBe(0);
  });
});

async function readSheet(buf: Buffer): Promise<unknown[][]> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(buf as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

async function download(path: string, token: string, query: Record<string, string | string[]>): Promise<Buffer> {
  const res = await fetch(`${t.url}/api${path}?${new URLSearchParams(query as Record<string, string>)}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toContain("spreadsheetml");
  return Buffer.from(await res.arrayBuffer());
}

describe(".xlsx export and importManyXLSX", () => {
  it("round trip: a project's export imported into another project rebuilds the tasks and their links", async () => {
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Plâtrerie" });
    const { a, c } = await proNetwork(p);
    await req("PATCH", `/event-template-pro/${a.id}`, manager.token, { participantGroupProId: lot.id });
    await req("PATCH", `/event-template-pro/${c.id}`, manager.token, {
      parentsET: [{ id: a.id, type: "begin-begin", delay: 3 }],
    });
    const file = await download("/event-template-pro/export", manager.token, { filter: `projectId||$eq||${p.id}` });
    const sheet = await readSheet(file);
    expect(sheet[0]).toContain("Modèle de séquence");
    const peinture = sheet.find((r) => r[0] === "Peinture")!;
    expect(peinture).toContain("Cloisons / doublages (DD +3)");

    const q = await buildProject(t, manager);
    await buildLot(t.db, q, { name: "Plâtrerie" });
    const res = await req("POST", "/event-template-pro/importManyXLSX", manager.token, {
      projectId: q.id,
      data: file.toString("base64"),
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toHaveLength(3);
    const list = await req("GET", "/event-template-pro", manager.token, undefined, {
      filter: `projectId||$eq||${q.id}`,
    });
    const byName = new Map(list.body.data.map((e: { name: string }) => [e.name, e]));
    const pa = byName.get("Cloisons / doublages") as Record<string, unknown>;
    const pc = byName.get("Peinture") as { parentsET: unknown[]; parentSequenceTemplate: { name: string } };
    expect(pa).toMatchObject({ trigram: "CLO", numberOfDays: 5, typology: ["Logement T2", "Logement T3"] });
    expect((pa.participantGroupPro as { name: string }).name).toBe("Plâtrerie");
    expect(pc.parentSequenceTemplate.name).toBe("Cloisons");
    expect(pc.parentsET).toEqual([{ id: pa.id, name: "Cloisons / doublages", type: "begin-begin", delay: 3 }]);
    expect(await countRows(t.db, "sequence_template_pros", { project_id: q.id })).toBe(1);
  });

  it("refuses a file that is not an .xlsx (import_format), an empty one (import_invalid), an unknown parent", async () => {
    const p = await buildProject(t, manager);
    const before = await countRows(t.db, "event_template_pros");
    const sequences = await countRows(t.db, "sequence_template_pros");
    const notXlsx = await req("POST", "/event-template-pro/importManyXLSX", manager.token, {
      projectId: p.id,
      data: Buffer.from("Nom;Durée\nA;2").toString("base64"),
    });
    expect(notXlsx.body.code).toBe("errors.import_format");
    const make = async (rows: unknown[][]) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet("Modèles");
      for (const r of rows) ws.addRow(r);
      return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer).toString("base64");
    };
    const empty = await req("POST", "/event-template-pro/importManyXLSX", manager.token, {
      projectId: p.id,
      data: await make([["Nom", "Durée (jours)"]]),
    });
    expect(empty.body.code).toBe("errors.import_invalid");
    const unknownParent = await req("POST", "/event-template-pro/importManyXLSX", manager.token, {
      projectId: p.id,
      data: await make([
        ["Nom", "Modèle de séquence", "Durée (jours)", "Parents"],
        ["Chape", "Sols", 2, ""],
        ["Sol souple", "Sols", 2, "Ragréage (FD +1)"],
      ]),
    });
    expect(unknownParent.status).toBe(400);
    expect(unknownParent.body.code).toBe("errors.validation");
    expect(unknownParent.body.message).toContain("Ligne 3");
    const badDays = await req("POST", "/event-template-pro/importManyXLSX", manager.token, {
      projectId: p.id,
      data: await make([
        ["Nom", "Durée (jours)"],
        ["Chape", "deux"],
      ]),
    });
    expect(badDays.body.code).toBe("errors.validation");
    const cyclic = await req("POST", "/event-template-pro/importManyXLSX", manager.token, {
      projectId: p.id,
      data: await make([
        ["Nom", "Modèle de séquence", "Parents"],
        ["A", "Boucle", "B"],
        ["B", "Boucle", "A"],
      ]),
    });
    expect(cyclic.body.code).toBe("errors.parent_task_assignation");
    expect(await countRows(t.db, "event_template_pros")).toBe(before);
    expect(await countRows(t.db, "sequence_template_pros")).toBe(sequences);
    const foreign = await req("POST", "/event-template-pro/importManyXLSX", outsider.token, {
      projectId: p.id,
      data: await make([["Nom"], ["A"]]),
    });
    expect(foreign.status).toBe(403);
  });

  it("library round trip: export, then import creates the same network again", async () => {
    const seq = (await req("POST", "/sequence-template", admin.token, { name: `Sols ${Date.now()}` })).body;
    const chape = (
      await req("POST", "/event-template", admin.token, { name: "Chape", numberOfDays: 3, sequenceTemplateId: seq.id })
    ).body;
    await req("POST", "/event-template", admin.token, {
      name: "Sol souple",
      numberOfDays: 2,
      sequenceTemplateId: seq.id,
      parentsET: [{ id: chape.id, type: "end-begin", delay: 21 }],
    });
    const file = await download("/event-template/export", manager.token, {
      filter: `sequenceTemplateId||$eq||${seq.id}`,
    });
    await req("PATCH", `/sequence-template/${seq.id}`, admin.token, { name: `${seq.name} ancien` });
    const res = await req("POST", "/event-template/importManyXLSX", admin.token, { data: file.toString("base64") });
    expect(res.status).toBe(201);
    const souple = res.body.data.find((e: { name: string }) => e.name === "Sol souple");
    expect(souple.parentSequenceTemplate.name).toBe(seq.name);
    expect(souple.parentsET).toMatchObject([{ name: "Chape", type: "end-begin", delay: 21 }]);
    expect(souple.sequenceTemplateId).not.toBe(seq.id);
  });
});

describe("GET /event-template-pro/instantiated", () => {
  it("lists the templates with their instances in the version", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const { a, b } = await proNetwork(p);
    const z1 = await buildZone(t.db, p, { name: "Logement 11" });
    const z2 = await buildZone(t.db, p, { name: "Logement 12" });
    const e1 = await buildEvent(t.db, p, { name: "Cloisons / doublages", zone_id: z1.id, event_template_pro_id: a.id });
    const e2 = await buildEvent(t.db, p, { name: "Cloisons / doublages", zone_id: z2.id, event_template_pro_id: a.id });
    const res = await req("GET", "/event-template-pro/instantiated", manager.token, undefined, {
      projectId: String(p.id),
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(1);
    expect(res.body.data[0]).toMatchObject({ id: a.id, instances: 2 });
    expect(res.body.data[0].instancesList.map((i: { id: number }) => i.id)).toEqual([e1.id, e2.id]);
    expect(res.body.data[0].instancesList[0]).toMatchObject({ zone: { id: z1.id, name: "Logement 11" } });
    expect(res.body.data.some((d: { id: number }) => d.id === b.id)).toBe(false);
    const forbidden = await req("GET", "/event-template-pro/instantiated", external.token, undefined, {
      projectId: String(p.id),
    });
    expect(forbidden.status).toBe(403);
    const foreign = await req("GET", "/event-template-pro/instantiated", outsider.token, undefined, {
      projectId: String(p.id),
    });
    expect(foreign.status).toBe(403);
  });
});
