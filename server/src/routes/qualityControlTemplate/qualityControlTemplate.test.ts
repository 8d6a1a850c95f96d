import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildProject,
  buildZone,
  countRows,
  startWithUsers,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
});
afterAll(async () => t?.close());

interface Fixture {
  p: BuiltProject;
  template: number;
  /** Task templates: Cloisons (prerequisites 2 days before), then Peinture. */
  A: number;
  B: number;
  tag: number;
  zones: number[];
}

async function fixture(): Promise<Fixture> {
  const p = await buildProject(t, manager, { members: [external] });
  const zones = [];
  for (let k = 1; k <= 2; k++)
    zones.push((await buildZone(t.db, p, { name: `Z${k}`, typology: "logement", position: k })).id as number);
  const [st] = await t
    .db("sequence_template_pros")
    .insert({ project_id: p.id, name: "Second œuvre", color: "#336699", typologies: JSON.stringify(["logement"]) })
    .returning("id");
  const task = async (name: string, extra: Record<string, unknown> = {}) =>
    (
      await t
        .db("event_template_pros")
        .insert({ project_id: p.id, sequence_template_pro_id: st.id, name, number_of_days: 2, ...extra })
        .returning("id")
    )[0].id as number;
  const A = await task("Cloisons", { prerequisites_delay: 2, prerequisites_document_name: "Plans de cloisons" });
  const B = await task("Peinture");
  await t
    .db("event_template_pro_links")
    .insert({ project_id: p.id, parent_id: A, child_id: B, type: "end-begin", delay: 0 });
  const [tag] = await t
    .db("tags")
    .insert({ project_id: p.id, version_id: p.versionId, name: "Sécurité", color: "#FF0000" })
    .returning("id");
  return { p, template: st.id, A, B, tag: tag.id, zones };
}

const create = (f: Fixture, body: Record<string, unknown>, token = manager.token) =>
  t.request("POST", "/quality-control-template", { token, body: { projectId: f.p.id, ...body } });

describe("quality-control templates", () => {
  it("creates, lists by type, reads, changes and deletes templates", async () => {
    const f = await fixture();
    const res = await create(f, {
      name: "Plans visés",
      type: "prerequisites",
      category: "study",
      tagIds: [f.tag],
      deliverables: [{ kind: "eventTemplate", id: f.A }],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Plans visés",
      type: "prerequisites",
      delay: 0,
      tags: [{ id: f.tag, name: "Sécurité" }],
      deliverables: [{ kind: "eventTemplate", id: f.A, name: "Cloisons" }],
    });
    await create(f, { name: "Nettoyage", type: "finishes", delay: null });
    const prerequisites = await t.request("GET", "/quality-control-template", {
      token: manager.token,
      query: { projectId: f.p.id, type: "prerequisites" },
    });
    expect(prerequisites.status).toBe(200);
    expect(prerequisites.body.data.map((x: { name: string }) => x.name)).toEqual(["Plans visés"]);
    const triples = await t.request("GET", "/quality-control-template", {
      token: manager.token,
      query: { filter: [`versionId||$eq||${f.p.versionId}`, "type||$eq||finishes"] },
    });
    expect(triples.body.data.map((x: { delay: number | null }) => x.delay)).toEqual([null]);
    const patch = await t.request("PATCH", `/quality-control-template/${res.body.id}`, {
      token: manager.token,
      body: { name: "Plans approuvés", deliverables: [{ kind: "sequenceTemplate", id: f.template }] },
    });
    expect(patch.status).toBe(200);
    expect(patch.body.deliverables).toEqual([{ kind: "sequenceTemplate", id: f.template, name: "Second œuvre" }]);
    const one = await t.request("GET", `/quality-control-template/${res.body.id}`, { token: manager.token });
    expect(one.body.name).toBe("Plans approuvés");
    const linked = await t.request("GET", "/quality-control-template/linked", {
      token: manager.token,
      query: { projectId: f.p.id },
    });
    expect(linked.body).toEqual({
      eventTemplates: [],
      sequenceTemplates: [{ id: f.template, name: "Second œuvre" }],
      macroTasks: [],
    });
    const file = await t.request("GET", "/quality-control-template/export", {
      token: manager.token,
      query: { projectId: f.p.id },
    });
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toContain("spreadsheetml");
    const del = await t.request("DELETE", "/quality-control-template/bulk-delete", {
      token: manager.token,
      body: { ids: [res.body.id] },
    });
    expect(del.status).toBe(200);
    expect(await countRows(t.db, "quality_control_templates", { project_id: f.p.id })).toBe(1);
  });

  it("refuses bad input, unknown deliverables and other projects, nothing written", async () => {
    const f = await fixture();
    const other = await fixture();
    for (const body of [
      { name: "X", type: "other" },
      { name: "X", type: "finishes", category: "unknown" },
      { name: "", type: "finishes" },
      { name: "X", type: "finishes", deliverables: [{ kind: "zone", id: 1 }] },
    ]) {
      const res = await create(f, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("errors.validation");
    }
    const foreign = await create(f, {
      name: "X",
      type: "finishes",
      deliverables: [{ kind: "eventTemplate", id: other.A }],
    });
    expect(foreign.status).toBe(404);
    expect((await create(f, { name: "X", type: "finishes" }, outsider.token)).status).toBe(403);
    expect((await create(f, { name: "X", type: "finishes" }, external.token)).status).toBe(403);
    expect(await countRows(t.db, "quality_control_templates", { project_id: f.p.id })).toBe(0);
    const list = await t.request("GET", "/quality-control-template", {
      token: outsider.token,
      query: { projectId: f.p.id },
    });
    expect(list.status).toBe(403);
  });

  it("gives the tasks an instantiation lays the controls of their task templates", async () => {
    const f = await fixture();
    await create(f, {
      name: "Plans visés",
      type: "prerequisites",
      category: "study",
      tagIds: [f.tag],
      deliverables: [{ kind: "eventTemplate", id: f.A }],
    });
    await create(f, {
      name: "Réception",
      type: "finishes",
      deliverables: [{ kind: "sequenceTemplate", id: f.template }],
    });
    const res = await t.request("POST", "/sequence", {
      token: manager.token,
      body: {
        projectId: f.p.id,
        versionId: f.p.versionId,
        name: "Train",
        zoneIds: f.zones,
        instantiationConfig: {
          type: "recurring",
          sequenceTemplateProId: f.template,
          takt: 2,
          startDate: "2030-01-07",
        },
      },
    });
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(300);
    const list = await t.request("GET", "/quality-control", {
      token: manager.token,
      query: { filter: [`versionId||$eq||${f.p.versionId}`, "type||$eq||prerequisites"] },
    });
    expect(list.body.total).toBe(2);
    const first = list.body.data.find((q: { startDate: string }) => q.startDate === "2030-01-07");
    // Monday 7 January 2030 minus 2 working days; the task template's document name.
    expect(first).toMatchObject({
      name: "Plans visés",
      category: "study",
      dueDate: "2030-01-03",
      documentName: "Plans de cloisons",
      eventName: "Cloisons",
    });
    expect(first.tags.map((x: { name: string }) => x.name)).toEqual(["Sécurité"]);
    const finishes = await t.request("GET", "/quality-control", {
      token: manager.token,
      query: { filter: [`versionId||$eq||${f.p.versionId}`, "type||$eq||finishes"] },
    });
    // One per instance (zone) of the sequence template.
    expect(finishes.body.total).toBe(2);
    expect(finishes.body.data.every((q: { sequenceId: number | null }) => q.sequenceId !== null)).toBe(true);
  });
});
