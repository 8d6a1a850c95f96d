import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import { buildProject, buildUser, countRows, unique, type BuiltUser } from "../../../test/helpers/factories.js";

let t: TestApp;
let admin: BuiltUser;
let manager: BuiltUser;
let external: BuiltUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t, { type: "admin" });
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
});
afterAll(async () => t?.close());

type Cell = string | ExcelJS.CellValue;
const HEADERS = ["Prénom", "Nom", "Adresse e-mail", "Type"];

async function xlsx(rows: Cell[][], headers: string[] = HEADERS): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Utilisateurs");
  ws.addRow(headers);
  for (const r of rows) ws.addRow(r);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

function upload(projectId: number, token: string, bytes: Buffer, name = "equipe.xlsx") {
  const form = new FormData();
  form.set(
    "data",
    new Blob([new Uint8Array(bytes)], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" }),
    name,
  );
  return t.request("PUT", `/project/${projectId}/start-student-project`, { token, rawBody: form });
}

const mail = () => `${unique("import")}@exemple.fr`;

describe("PUT /project/{id}/start-student-project", () => {
  it("creates the new users, links existing ones as they are, and answers the count added", async () => {
    const p = await buildProject(t, manager);
    const known = await buildUser(t, { type: "external", firstname: "Ancien", lastname: "Compte" });
    const [a, b] = [mail(), mail()];
    const file = await xlsx([
      ["Camille", "Durand", a, "Utilisateur externe"],
      [],
      ["  Léo ", "Martin", { text: b.toUpperCase(), hyperlink: `mailto:${b}` }, ""],
      ["Autre", "Prénom", known.email.toUpperCase(), "invité"],
    ]);
    const res = await upload(p.id, manager.token, file);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ count: 3, created: 2 });
    const camille = await t.db("users").where({ email: a }).first();
    expect(camille).toMatchObject({ firstname: "Camille", lastname: "Durand", type: "external", password_hash: null });
    expect(await t.db("users").where({ email: b }).first()).toMatchObject({ firstname: "Léo", type: "external" });
    // An existing account keeps its names and type.
    expect(await t.db("users").where({ id: known.id }).first()).toMatchObject({
      firstname: "Ancien",
      type: "external",
    });
    for (const id of [camille.id, known.id])
      expect(await countRows(t.db, "project_users", { project_id: p.id, user_id: id })).toBe(1);

    const members = await t.request("GET", "/user", {
      token: manager.token,
      query: { filter: `projectId||$eq||${p.id}` },
    });
    expect(members.body.data.map((u: { email: string }) => u.email)).toEqual(
      expect.arrayContaining([a, b, known.email]),
    );

    const again = await upload(p.id, manager.token, file);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Les utilisateurs renseignés ont déjà été affectés au projet");

    const oneMore = await upload(
      p.id,
      manager.token,
      await xlsx([
        ["Camille", "Durand", a],
        ["Nina", "Petit", mail(), "Externe"],
      ]),
    );
    expect(oneMore.body).toEqual({ count: 1, created: 1 });
  });

  it.each([
    ["a missing email", [["Camille", "Durand", "", ""]], "import_missing_email", 2],
    ["a malformed email", [["Camille", "Durand", "camille.durand@", ""]], "import_invalid_email", 2],
    [
      "an email twice in the file (any case)",
      [
        ["A", "B", "x@exemple.fr"],
        ["C", "D", "X@Exemple.fr"],
      ],
      "import_duplicate_email",
      3,
    ],
    ["a missing first name", [["", "Durand", "y@exemple.fr"]], "import_missing_name", 2],
    ["a missing last name", [["Camille", "", "z@exemple.fr"]], "import_missing_name", 2],
    ["an unknown type", [["Camille", "Durand", "w@exemple.fr", "Stagiaire"]], "errors.import_invalid", 2],
  ])("refuses %s with its code and row, writing nothing", async (_, rows, code, row) => {
    const p = await buildProject(t, manager);
    const good = mail();
    const users = await countRows(t.db, "users");
    const res = await upload(p.id, manager.token, await xlsx([["Bon", "Utilisateur", good], ...(rows as Cell[][])]));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe(code);
    expect(res.body.details.row).toBe((row as number) + 1);
    expect(await countRows(t.db, "users")).toBe(users);
    expect(await countRows(t.db, "users", { email: good })).toBe(0);
    expect(await countRows(t.db, "project_users", { project_id: p.id })).toBe(1);
  });

  it("refuses files of the wrong structure or kind", async () => {
    const p = await buildProject(t, manager);
    const wrongHeaders = await upload(
      p.id,
      manager.token,
      await xlsx([["A", "B", mail()]], ["Nom", "Prénom", "Courriel", "Type"]),
    );
    expect(wrongHeaders.status).toBe(400);
    expect(wrongHeaders.body.code).toBe("errors.import_format");
    expect(wrongHeaders.body.message).toContain("Prénom, Nom, Adresse e-mail, Type");
    const empty = await upload(p.id, manager.token, await xlsx([]));
    expect(empty.body.code).toBe("errors.import_invalid");
    const csv = await upload(p.id, manager.token, Buffer.from("Prénom;Nom;Adresse e-mail\nA;B;a@b.fr\n"), "equipe.csv");
    expect(csv.body.code).toBe("errors.xlsx_required");
    const renamed = await upload(p.id, manager.token, Buffer.from("pas un classeur"), "equipe.xlsx");
    expect(renamed.body.code).toBe("errors.xlsx_required");
    const brokenZip = await upload(
      p.id,
      manager.token,
      Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(64)]),
    );
    expect(brokenZip.status).toBe(400);
    expect(brokenZip.body.code).toBe("errors.import_format");
    const none = await t.request("PUT", `/project/${p.id}/start-student-project`, { token: manager.token, body: {} });
    expect(none.body.code).toBe("errors.missing_file");
    expect(await countRows(t.db, "project_users", { project_id: p.id })).toBe(1);
  });

  it("accepts the file as base64 JSON too", async () => {
    const p = await buildProject(t, manager);
    const bytes = await xlsx([["Jeanne", "Roux", mail()]]);
    const res = await t.request("PUT", `/project/${p.id}/start-student-project`, {
      token: manager.token,
      body: { data: bytes.toString("base64"), fileName: "x.xlsx" },
    });
    expect(res.body).toEqual({ count: 1, created: 1 });
  });

  it("is for managers of the project; managers create only external users and guests", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const file = await xlsx([["Chef", "Projet", mail(), "Gestionnaire"]]);
    expect((await upload(p.id, external.token, file)).status).toBe(403);
    const stranger = await buildUser(t, { type: "manager" });
    expect((await upload(p.id, stranger.token, file)).status).toBe(403);
    const byManager = await upload(p.id, manager.token, file);
    expect(byManager.status).toBe(403);
    expect(byManager.body.details.row).toBe(2);
    const byAdmin = await upload(p.id, admin.token, file);
    expect(byAdmin.body).toEqual({ count: 1, created: 1 });
    const archived = await buildProject(t, manager, { isArchived: true });
    expect((await upload(archived.id, manager.token, await xlsx([["A", "B", mail()]]))).body.code).toBe(
      "errors.project_archived",
    );
  });
});

describe("GET /project/users-import/template", () => {
  it("is an .xlsx whose first sheet has the headers the import expects, and that imports as it is", async () => {
    const res = await t.request("GET", "/project/users-import/template");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect(res.headers.get("content-disposition")).toContain("attachment");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.body as ArrayBuffer);
    expect((wb.worksheets[0].getRow(1).values as unknown[]).slice(1)).toEqual(HEADERS);
    const p = await buildProject(t, manager);
    const imported = await upload(p.id, manager.token, res.body as Buffer, "Modèle import utilisateurs.xlsx");
    expect(imported.body).toMatchObject({ count: 1 });
  });
});
