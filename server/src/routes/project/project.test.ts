import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildLot,
  buildProject,
  buildUser,
  buildZone,
  countRows,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

let t: TestApp;
let admin: BuiltUser;
let manager: BuiltUser;
let external: BuiltUser;
let guest: BuiltUser;
let outsider: BuiltUser;

beforeAll(async () => {
  t = await startTestApp();
  admin = await buildUser(t, { type: "admin" });
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
  guest = await buildUser(t, { type: "guest" });
  outsider = await buildUser(t, { type: "manager" });
});
afterAll(async () => t?.close());

const PNG = Buffer.from("89504e470d0a1a0a0000000d4948445200000001000000010806000000", "hex");

describe("POST /project", () => {
  it("creates the project with defaults, a first current version and the creator as member", async () => {
    const res = await t.request("POST", "/project", {
      token: manager.token,
      body: { name: "  Résidence Les Tilleuls  " },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Résidence Les Tilleuls",
      floorArea: 0,
      isArchived: false,
      isPublic: false,
      shareToken: null,
      undoRemaining: 0,
      signedVersionId: null,
    });
    expect(res.body.currentVersion).toMatchObject({ name: "Version 1", isActiveVersion: true, projectId: res.body.id });
    expect(await countRows(t.db, "project_users", { project_id: res.body.id, user_id: manager.id })).toBe(1);
  });

  it("refuses bad input with a catalogue code and writes nothing", async () => {
    const before = await countRows(t.db, "projects");
    for (const body of [
      {},
      { name: "" },
      { name: "x".repeat(201) },
      { name: "A", floorArea: "beaucoup" },
      { name: "A", expectedStartDate: "demain" },
      { name: "A", countingMode: "autre" },
    ]) {
      const res = await t.request("POST", "/project", { token: manager.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBe("errors.validation");
    }
    const numeric = await t.request("POST", "/project", {
      token: manager.token,
      body: { name: "Surface", floorArea: "1250.5" },
    });
    expect(numeric.body.floorArea).toBe(1250.5);
    expect(await countRows(t.db, "projects")).toBe(before + 1);
  });

  it("is for managers", async () => {
    expect((await t.request("POST", "/project", { token: external.token, body: { name: "X" } })).status).toBe(403);
    expect((await t.request("POST", "/project", { body: { name: "X" } })).status).toBe(401);
  });
});

describe("GET /project and /project/{id}", () => {
  it("lists only the user's projects (admins all), with join=signedVersion, filters and paging", async () => {
    const mine = await buildProject(t, manager, { name: "Liste A", members: [external] });
    const other = await buildProject(t, outsider, { name: "Liste B" });
    await t.db("projects").where({ id: mine.id }).update({ signed_version_id: mine.versionId });
    const res = await t.request("GET", "/project", {
      token: manager.token,
      query: { join: "signedVersion", limit: 10000 },
    });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((p: { id: number }) => p.id);
    expect(ids).toContain(mine.id);
    expect(ids).not.toContain(other.id);
    expect(res.body.count).toBe(res.body.data.length);
    const p = res.body.data.find((x: { id: number }) => x.id === mine.id);
    expect(p.signedVersion).toMatchObject({ id: mine.versionId });
    const all = await t.request("GET", "/project", {
      token: admin.token,
      query: { filter: "name||contL||liste", sort: "name,DESC" },
    });
    expect(all.body.data.map((x: { name: string }) => x.name)).toEqual(["Liste B", "Liste A"]);
    expect(all.body.total).toBe(2);
    const page = await t.request("GET", "/project", {
      token: admin.token,
      query: { filter: "name||contL||liste", sort: "name,ASC", limit: 1, offset: 1 },
    });
    expect(page.body).toMatchObject({ count: 1, total: 2 });
    expect(page.body.data[0].name).toBe("Liste B");
  });

  it("refuses unknown filter fields and conditions with 400", async () => {
    const a = await t.request("GET", "/project", { token: manager.token, query: { filter: "password||$eq||x" } });
    expect(a.status).toBe(400);
    expect(a.body.code).toBe("errors.unknown_filter_field");
    const b = await t.request("GET", "/project", { token: manager.token, query: { filter: "name||$regex||x" } });
    expect(b.body.code).toBe("errors.unknown_filter_condition");
    const c = await t.request("GET", "/project", { token: manager.token, query: { join: "users" } });
    expect(c.body.code).toBe("errors.unknown_join");
  });

  it("a member of project A cannot read project B; 'undefined' is errors.no_project; unknown is 404", async () => {
    const a = await buildProject(t, manager);
    const b = await buildProject(t, outsider);
    expect((await t.request("GET", `/project/${a.id}`, { token: manager.token })).status).toBe(200);
    const denied = await t.request("GET", `/project/${b.id}`, { token: manager.token });
    expect(denied.status).toBe(403);
    expect(denied.body.code).toBe("errors.forbidden");
    const undef = await t.request("GET", "/project/undefined", { token: manager.token });
    expect(undef.status).toBe(400);
    expect(undef.body.code).toBe("errors.no_project");
    expect((await t.request("GET", "/project/999999", { token: manager.token })).body.code).toBe(
      "errors.project_not_found",
    );
    expect((await t.request("GET", "/project/abc", { token: manager.token })).status).toBe(400);
  });

  it("closes an archived project to external users", async () => {
    const p = await buildProject(t, manager, { members: [external], isArchived: true });
    const res = await t.request("GET", `/project/${p.id}`, { token: external.token });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe("errors.project_archived");
    const list = await t.request("GET", "/project", { token: external.token });
    expect(list.body.data.map((x: { id: number }) => x.id)).not.toContain(p.id);
    expect((await t.request("GET", `/project/${p.id}`, { token: manager.token })).status).toBe(200);
  });

  it("is not for guest users", async () => {
    expect((await t.request("GET", "/project", { token: guest.token })).status).toBe(403);
  });
});

describe("PATCH /project/{id}", () => {
  it("changes only the fields sent", async () => {
    const p = await buildProject(t, manager);
    await t.request("PATCH", `/project/${p.id}`, {
      token: manager.token,
      body: { projectOwner: "Habitat 44", typology: "Logements" },
    });
    const res = await t.request("PATCH", `/project/${p.id}`, { token: manager.token, body: { floorArea: 3200 } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ floorArea: 3200, projectOwner: "Habitat 44", typology: "Logements" });
  });

  it("archives with {isArchived: true}, then refuses changes until un-archived", async () => {
    const p = await buildProject(t, manager);
    expect(
      (await t.request("PATCH", `/project/${p.id}`, { token: manager.token, body: { isArchived: true } })).body
        .isArchived,
    ).toBe(true);
    const refused = await t.request("PATCH", `/project/${p.id}`, { token: manager.token, body: { name: "Nouveau" } });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe("errors.project_archived");
    expect(
      (await t.request("PATCH", `/project/${p.id}`, { token: manager.token, body: { isArchived: false } })).body
        .isArchived,
    ).toBe(false);
  });

  it("signs once with {id, signedVersionId}", async () => {
    const p = await buildProject(t, manager);
    const signed = await t.request("PATCH", `/project/${p.id}`, {
      token: manager.token,
      body: { id: p.id, signedVersionId: p.versionId },
    });
    expect(signed.status).toBe(200);
    expect(signed.body.signedVersionId).toBe(p.versionId);
    const again = await t.request("PATCH", `/project/${p.id}`, {
      token: manager.token,
      body: { id: p.id, signedVersionId: p.versionId },
    });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("errors.project_already_signed");
    const q = await buildProject(t, manager);
    const foreign = await t.request("PATCH", `/project/${q.id}`, {
      token: manager.token,
      body: { id: q.id, signedVersionId: p.versionId },
    });
    expect(foreign.body.code).toBe("errors.version_not_in_project");
  });

  it("makes a project public with a long random share token", async () => {
    const p = await buildProject(t, manager);
    const res = await t.request("PATCH", `/project/${p.id}`, { token: manager.token, body: { isPublic: true } });
    expect(res.body.isPublic).toBe(true);
    expect(res.body.shareToken).toMatch(/^[A-Za-z0-9_-]{40,}$/);
  });

  it("is refused to a manager who is not a member and to external users", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    expect((await t.request("PATCH", `/project/${p.id}`, { token: outsider.token, body: { name: "x" } })).status).toBe(
      403,
    );
    expect((await t.request("PATCH", `/project/${p.id}`, { token: external.token, body: { name: "x" } })).status).toBe(
      403,
    );
    expect((await t.db("projects").where({ id: p.id }).first()).name).not.toBe("x");
  });
});

describe("POST /project/upload-picture", () => {
  it("stores a PNG given as multipart and serves it by an unguessable url", async () => {
    const p = await buildProject(t, manager);
    const form = new FormData();
    form.set("projectId", String(p.id));
    form.set("file", new Blob([PNG], { type: "image/png" }), "logo.png");
    const res = await t.request("POST", "/project/upload-picture", { token: manager.token, rawBody: form });
    expect(res.status).toBe(200);
    expect(res.body.image).toBe("logo.png");
    const img = await fetch(`${t.url}${res.body.imageUrl}`);
    expect(img.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await img.arrayBuffer()).equals(PNG)).toBe(true);
  });

  it("refuses a file that is not an image, a lying type and a picture too large", async () => {
    const p = await buildProject(t, manager);
    const text = await t.request("POST", "/project/upload-picture", {
      token: manager.token,
      body: { projectId: p.id, file: Buffer.from("bonjour").toString("base64") },
    });
    expect(text.body.code).toBe("errors.invalid_image_type");
    const lying = await t.request("POST", "/project/upload-picture", {
      token: manager.token,
      body: { projectId: p.id, file: `data:image/jpeg;base64,${PNG.toString("base64")}` },
    });
    expect(lying.body.code).toBe("errors.invalid_image_type");
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024 + 1)]);
    const tooLarge = await t.request("POST", "/project/upload-picture", {
      token: manager.token,
      body: { projectId: p.id, file: big.toString("base64") },
    });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.code).toBe("errors.image_too_large");
    const missing = await t.request("POST", "/project/upload-picture", {
      token: manager.token,
      body: { projectId: p.id },
    });
    expect(missing.body.code).toBe("errors.missing_file");
    expect(await countRows(t.db, "project_pictures", { project_id: p.id })).toBe(0);
  });
});

describe("membership", () => {
  it("assigns and removes a user; refuses a second assignment with the catalogued message", async () => {
    const p = await buildProject(t, manager);
    const u = await buildUser(t, { type: "external" });
    expect(
      (
        await t.request("PATCH", "/project/assign-user", {
          token: manager.token,
          body: { projectId: p.id, userId: u.id },
        })
      ).status,
    ).toBe(200);
    expect((await t.request("GET", `/project/${p.id}`, { token: u.token })).status).toBe(200);
    const again = await t.request("PATCH", "/project/assign-user", {
      token: manager.token,
      body: { projectId: p.id, userId: u.id },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("Les utilisateurs renseignés ont déjà été affectés au projet");
    expect(
      (
        await t.request("PATCH", "/project/remove-user", {
          token: manager.token,
          body: { projectId: p.id, userId: u.id },
        })
      ).status,
    ).toBe(200);
    expect((await t.request("GET", `/project/${p.id}`, { token: u.token })).status).toBe(403);
    const noProject = await t.request("PATCH", "/project/assign-user", {
      token: manager.token,
      body: { projectId: "null", userId: u.id },
    });
    expect(noProject.body.code).toBe("errors.no_project");
  });
});

describe("PUT /project/{id}/clone", () => {
  it("copies the selected versions with their rows and links, keeping tracking ids", async () => {
    const p = await buildProject(t, manager);
    const zone = await buildZone(t.db, p, { name: "Bâtiment A" });
    const lot = await buildLot(t.db, p, { name: "Gros œuvre" });
    const a = await buildEvent(t.db, p, { zone_id: zone.id, participant_group_pro_id: lot.id });
    const b = await buildEvent(t.db, p, { zone_id: zone.id, start_date: "2026-03-03", end_date: "2026-03-03" });
    await buildLink(t.db, p, a.id, b.id, { delay: 2 });
    const res = await t.request("PUT", `/project/${p.id}/clone`, {
      token: manager.token,
      body: { versionIds: [p.versionId], name: "Copie" },
    });
    expect(res.status).toBe(201);
    expect(res.body.name).toBe("Copie");
    const cv = res.body.currentVersionId;
    const events = await t.db("events").where({ version_id: cv }).orderBy("tracking_id");
    expect(events.map((e) => e.tracking_id)).toEqual([a.tracking_id, b.tracking_id]);
    const newZone = await t.db("zones").where({ version_id: cv }).first();
    expect(newZone.project_id).toBe(res.body.id);
    expect(events[0].zone_id).toBe(newZone.id);
    const link = await t.db("event_links").where({ version_id: cv }).first();
    expect([link.parent_id, link.child_id, link.delay]).toEqual([events[0].id, events[1].id, 2]);
    expect(t.emitted.map((e) => e.event)).toEqual(expect.arrayContaining(["project:startClone", "project:endClone"]));
  });

  it("needs at least one version of the project", async () => {
    const p = await buildProject(t, manager);
    const none = await t.request("PUT", `/project/${p.id}/clone`, { token: manager.token, body: { versionIds: [] } });
    expect(none.status).toBe(400);
    expect(none.body.code).toBe("errors.clone_without_version");
    const q = await buildProject(t, manager);
    const before = await countRows(t.db, "projects");
    const foreign = await t.request("PUT", `/project/${p.id}/clone`, {
      token: manager.token,
      body: { versionIds: [q.versionId] },
    });
    expect(foreign.body.code).toBe("errors.version_not_in_project");
    expect(await countRows(t.db, "projects")).toBe(before);
  });
});
