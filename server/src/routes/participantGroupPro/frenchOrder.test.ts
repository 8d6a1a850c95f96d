import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { buildProject, buildUser, type BuiltProject, type BuiltUser } from "../../../test/helpers/factories.js";

// Names in French order on the reference lists: "Électricité" sorts with the E (not after Z as the bytes
// would), case is ignored, and the order is the same on PGlite (no ICU collation) and PostgreSQL.
let t: TestApp;
let manager: BuiltUser;
let p: BuiltProject;

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  p = await buildProject(t, manager);
});
afterAll(async () => t?.close());

const NAMES = ["Zinguerie", "Électricité", "etanchéité", "Charpente", "Eclairage"];
const FRENCH = ["Charpente", "Eclairage", "Électricité", "etanchéité", "Zinguerie"];
const scope = () => [`projectId||$eq||${p.id}`, `versionId||$eq||${p.versionId}`];
const names = (body: { data: { name: string }[] }) => body.data.map((x) => x.name);

describe("French order of names", () => {
  it("lots, their specialities and participants, the library, specialities and participants", async () => {
    const lots: number[] = [];
    for (const name of NAMES) {
      const res = await t.request("POST", "/participant-group-pro", {
        token: manager.token,
        body: {
          projectId: p.id,
          versionId: p.versionId,
          name,
          specialities: NAMES.map((s) => ({ name: `${s} ${name}` })),
        },
      });
      expect(res.status).toBe(201);
      lots.push(res.body.id);
    }
    const lotList = await t.request("GET", "/participant-group-pro", {
      token: manager.token,
      query: { filter: scope(), sort: "name,ASC" },
    });
    expect(names(lotList.body)).toEqual(FRENCH);
    const desc = await t.request("GET", "/participant-group-pro", {
      token: manager.token,
      query: { filter: scope(), sort: "name,DESC" },
    });
    expect(names(desc.body)).toEqual([...FRENCH].reverse());
    const paged = await t.request("GET", "/participant-group-pro", {
      token: manager.token,
      query: { filter: scope(), sort: "name,ASC", limit: "2", offset: "2" },
    });
    expect(names(paged.body)).toEqual(["Électricité", "etanchéité"]);
    expect(lotList.body.data[0].specialities.map((s: { name: string }) => s.name)).toEqual(
      FRENCH.map((s) => `${s} Charpente`),
    );

    for (const name of NAMES) {
      const res = await t.request("POST", "/participant", {
        token: manager.token,
        body: { projectId: p.id, versionId: p.versionId, name, participantsGroupPro: lots },
      });
      expect(res.status).toBe(201);
      expect(res.body.participantsGroupPro.map((l: { name: string }) => l.name)).toEqual(FRENCH);
    }
    const participants = await t.request("GET", "/participant", {
      token: manager.token,
      query: { filter: scope(), sort: "name,ASC" },
    });
    expect(names(participants.body)).toEqual(FRENCH);
    const withParticipants = await t.request("GET", `/participant-group-pro/${lots[0]}`, { token: manager.token });
    expect(withParticipants.body.participants.map((x: { name: string }) => x.name)).toEqual(FRENCH);

    const specialities = await t.request("GET", "/speciality", {
      token: manager.token,
      query: { filter: [...scope(), `participantGroupProId||$eq||${lots[0]}`] },
    });
    expect(names(specialities.body)).toEqual(FRENCH.map((s) => `${s} Zinguerie`));

    const admin = await buildUser(t, { type: "admin" });
    for (const name of NAMES)
      expect(
        (await t.request("POST", "/participant-group", { token: admin.token, body: { name: `${name} (biblio)` } }))
          .status,
      ).toBe(201);
    const library = await t.request("GET", "/participant-group", {
      token: admin.token,
      query: { filter: ["name||$contL||(biblio)"], sort: "name,ASC" },
    });
    expect(names(library.body)).toEqual(FRENCH.map((s) => `${s} (biblio)`));
  });
});
