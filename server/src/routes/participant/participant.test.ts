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

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser;
beforeAll(async () => void ({ t, manager, external, outsider } = await startWithUsers()));
afterAll(async () => t?.close());

const create = (p: BuiltProject, body: Record<string, unknown>, token = manager.token) =>
  t.request("POST", "/participant", { token, body: { projectId: p.id, versionId: p.versionId, ...body } });

async function lotWithSpeciality(p: BuiltProject, name: string) {
  const lot = await buildLot(t.db, p, { name });
  const [spec] = await t
    .db("specialities")
    .insert({ project_id: p.id, version_id: p.versionId, name: `${name} spé`, participant_group_pro_id: lot.id })
    .returning("id");
  return { lot: lot.id as number, speciality: spec.id as number };
}

describe("participants", () => {
  it("creates a company with its lots, specialities, zones and project manager (white by default) and lists by name and lot", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const plumbing = await lotWithSpeciality(p, "Plomberie");
    const zone = await buildZone(t.db, p, { name: "Bâtiment A" });
    const res = await create(p, {
      name: "  Martin Plomberie ",
      companyName: "Martin SAS",
      participantsGroupPro: [plumbing.lot],
      specialityIds: [plumbing.speciality],
      zoneIds: [zone.id],
      projectManagerEmail: "J.Martin@Example.fr",
      projectManagerFirstName: "Jean",
      projectManagerLastName: "Martin",
      projectManagerPhoneNumber: "06 12 34 56 78",
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Martin Plomberie",
      color: "#FFFFFF",
      companyName: "Martin SAS",
      projectManagerEmail: "j.martin@example.fr",
      participantsGroupPro: [{ id: plumbing.lot, name: "Plomberie" }],
      specialities: [{ id: plumbing.speciality }],
      zones: [{ id: zone.id, name: "Bâtiment A" }],
    });
    await create(p, { name: "Atelier Bois" });
    const all = await t.request("GET", "/participant", {
      token: external.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    expect(all.body.data.map((x: { name: string }) => x.name)).toEqual(["Atelier Bois", "Martin Plomberie"]);
    const byLot = await t.request("GET", "/participant", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, `participantGroupProId||$eq||${plumbing.lot}`] },
    });
    expect(byLot.body.data.map((x: { id: number }) => x.id)).toEqual([res.body.id]);
    expect(
      (await t.request("GET", "/participant", { token: outsider.token, query: { filter: `projectId||$eq||${p.id}` } }))
        .status,
    ).toBe(403);
  });

  it("lists each participant's relations (lots, specialities with their lot, zones by position, tags in French order) and filters through its lots", async () => {
    const p = await buildProject(t, manager);
    const sols = await lotWithSpeciality(p, "Sols");
    const elec = await lotWithSpeciality(p, "Électricité");
    const second = await buildZone(t.db, p, { name: "Bâtiment B" });
    const first = await buildZone(t.db, p, { name: "Bâtiment A" });
    await t.db("zones").where({ id: first.id }).update({ position: 0 });
    await t.db("zones").where({ id: second.id }).update({ position: 1 });
    const tags = await t
      .db("tags")
      .insert(
        ["zinc", "Étanche"].map((name) => ({ project_id: p.id, version_id: p.versionId, name, color: "#112233" })),
      )
      .returning("id");
    const both = await create(p, {
      name: "Multi",
      participantsGroupPro: [sols.lot, elec.lot],
      specialityIds: [sols.speciality, elec.speciality],
      zoneIds: [second.id, first.id],
      tagIds: tags.map((x: { id: number }) => x.id),
    });
    expect(both.status).toBe(201);
    const onlySols = await create(p, { name: "Sols seuls", participantsGroupPro: [sols.lot] });
    const none = await create(p, { name: "Sans lot" });
    const list = await t.request("GET", "/participant", {
      token: manager.token,
      query: { filter: [`projectId||$eq||${p.id}`, "name||$eq||Multi"] },
    });
    expect(list.body.data[0]).toMatchObject({
      participantsGroupPro: [
        { id: elec.lot, name: "Électricité", color: "#FFFFFF" },
        { id: sols.lot, name: "Sols", color: "#FFFFFF" },
      ],
      specialities: [
        { id: elec.speciality, name: "Électricité spé", participantGroupProId: elec.lot },
        { id: sols.speciality, name: "Sols spé", participantGroupProId: sols.lot },
      ],
      zones: [
        { id: first.id, name: "Bâtiment A" },
        { id: second.id, name: "Bâtiment B" },
      ],
      tags: [
        { name: "Étanche", color: "#112233" },
        { name: "zinc", color: "#112233" },
      ],
    });
    const ids = async (filter: string) =>
      (
        await t.request("GET", "/participant", {
          token: manager.token,
          query: { filter: [`projectId||$eq||${p.id}`, filter] },
        })
      ).body.data.map((x: { id: number }) => x.id);
    expect(await ids(`participantGroupProId||$in||${elec.lot},${sols.lot}`)).toEqual([both.body.id, onlySols.body.id]);
    // ne: no link to that lot (not "a link to another lot").
    expect(await ids(`participantGroupProId||$ne||${elec.lot}`)).toEqual([none.body.id, onlySols.body.id]);
    expect(await ids("participantGroupProId||$isnull")).toEqual([none.body.id]);
    expect(await ids("participantGroupProId||$notnull")).toEqual([both.body.id, onlySols.body.id]);
  });

  it("answers E_INVALID_NEW_RECORD without a name and refuses a speciality of another lot", async () => {
    const p = await buildProject(t, manager);
    const nameless = await create(p, { companyName: "Sans nom" });
    expect(nameless.status).toBe(400);
    expect(nameless.body.code).toBe("E_INVALID_NEW_RECORD");
    expect((await create(p, { name: "   " })).body.code).toBe("E_INVALID_NEW_RECORD");
    const a = await lotWithSpeciality(p, "Peinture");
    const b = await lotWithSpeciality(p, "Sols");
    const wrong = await create(p, { name: "Dupont", participantsGroupPro: [a.lot], specialityIds: [b.speciality] });
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("speciality_participant_or_group_dont_match");
    expect(await countRows(t.db, "participants", { project_id: p.id })).toBe(0);
    expect((await create(p, { name: "X" }, external.token)).status).toBe(403);
  });

  it("updates changed fields, refuses leaving the lot of a chosen speciality, deletes unless tasks use it", async () => {
    const p = await buildProject(t, manager);
    const a = await lotWithSpeciality(p, "Menuiserie");
    const created = (
      await create(p, { name: "Bois & Co", participantsGroupPro: [a.lot], specialityIds: [a.speciality] })
    ).body;
    const patched = await t.request("PATCH", `/participant/${created.id}`, {
      token: manager.token,
      body: { color: "#AA0000", companyName: "Bois et Compagnie" },
    });
    expect(patched.body).toMatchObject({ color: "#AA0000", companyName: "Bois et Compagnie", name: "Bois & Co" });
    const leave = await t.request("PATCH", `/participant/${created.id}`, {
      token: manager.token,
      body: { participantsGroupPro: [] },
    });
    expect(leave.body.code).toBe("speciality_participant_or_group_dont_match");
    expect(
      (await t.request("PATCH", `/participant/${created.id}`, { token: manager.token, body: { name: "" } })).body.code,
    ).toBe("E_INVALID_NEW_RECORD");

    await buildEvent(t.db, p, { participant_id: created.id });
    const refused = await t.request("DELETE", "/participant/bulk-delete", {
      token: manager.token,
      body: { ids: [created.id] },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("ImplementationError");
    const other = (await create(p, { name: "Libre" })).body;
    expect(
      (await t.request("DELETE", "/participant/bulk-delete", { token: manager.token, body: { ids: [other.id] } }))
        .status,
    ).toBe(200);
    expect(await countRows(t.db, "participants", { project_id: p.id })).toBe(1);
  });

  it("gives a histogram and an .xlsx export with French headers", async () => {
    const p = await buildProject(t, manager);
    const busy = (await create(p, { name: "Électro Plus" })).body;
    await create(p, { name: "Alu Concept" });
    await buildEvent(t.db, p, { participant_id: busy.id });
    const h = await t.request("GET", "/participant/histogram", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    expect(h.body.data.map((x: { name: string; total: number }) => [x.name, x.total])).toEqual([
      ["Électro Plus", 1],
      ["Alu Concept", 0],
    ]);
    const file = await t.request("GET", "/participant/export", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).getCell(1).value).toBe("Nom");
    expect(ws.getRow(1).getCell(2).value).toBe("Entreprise");
    expect(ws.getRow(2).getCell(1).value).toBe("Alu Concept");
    expect(ws.getRow(3).getCell(12).value).toBe(1);
  });
});
