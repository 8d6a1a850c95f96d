import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { QUALITY_CONTROL_INDICATORS, qualityControlIndicator } from "@jalon/shared";
import { fromWire } from "@jalon/shared/planning";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLink,
  buildProject,
  buildUser,
  countRows,
  startWithUsers,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser, guest: BuiltUser, stranger: BuiltUser;
beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  guest = await buildUser(t, { type: "guest" });
  stranger = await buildUser(t, { type: "external" });
});
afterAll(async () => t?.close());

interface Site {
  p: BuiltProject;
  /** Mon 9 - Wed 11 March 2026, prerequisites 2 working days before, finishes 1 after. */
  a: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  /** After `a` (end-begin): Thu 12 March 2026, one day. */
  b: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
}

async function site(): Promise<Site> {
  const p = await buildProject(t, manager, { members: [external] });
  const a = await buildEvent(t.db, p, {
    name: "Cloisons",
    number_of_days: 3,
    start_date: "2026-03-09",
    end_date: "2026-03-11",
    prerequisites_delay: 2,
    finishes_delay: 1,
  });
  const b = await buildEvent(t.db, p, { name: "Peinture", start_date: "2026-03-12", end_date: "2026-03-12" });
  await buildLink(t.db, p, a.id, b.id);
  return { p, a, b };
}

const create = (s: Site, body: Record<string, unknown>, token = manager.token) =>
  t.request("POST", "/quality-control", { token, body: { projectId: s.p.id, ...body } });

const list = (s: Site, filters: string[] = [], extra: Record<string, string> = {}, token = manager.token) =>
  t.request("GET", "/quality-control", {
    token,
    query: { filter: [`projectId||$eq||${s.p.id}`, ...filters], ...extra },
  });

describe("POST /quality-control", () => {
  it("creates a prerequisite with the derived due date, delay 0 by default and the indicator", async () => {
    const s = await site();
    const res = await create(s, { type: "prerequisites", name: "Plans visés", eventId: s.a.id, category: "study" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: "Plans visés",
      type: "prerequisites",
      category: "study",
      status: "unrealized",
      delay: 0,
      // Unrealized with a delay value (the default 0): not grey, which is for no delay value (spec 001 section 4).
      indicator: "orange",
      // Mon 9 March minus 2 working days.
      dueDate: "2026-03-05",
      startDate: "2026-03-09",
      endDate: "2026-03-11",
      eventName: "Cloisons",
      isArchived: false,
      color: expect.stringMatching(/^#/),
    });
    expect(res.body.deliverables).toEqual([{ kind: "event", id: s.a.id, name: "Cloisons" }]);
    expect(t.emitted.some((e) => e.event === "reference:update" && e.data?.resource === "qualityControl")).toBe(true);
  });

  it("derives a finish from the task's last day plus its finishes delay, and keeps a null delay", async () => {
    const s = await site();
    const res = await create(s, { type: "finishes", name: "Réception", eventId: s.a.id, delay: null });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ delay: null, dueDate: "2026-03-12", indicator: "grey" });
    const negative = await create(s, { type: "finishes", name: "Autocontrôle", eventId: s.a.id, delay: -2 });
    expect(negative.body).toMatchObject({ delay: -2, indicator: "orange" });
  });

  it("refuses the same task, type and name (409, nothing written) but takes another name", async () => {
    const s = await site();
    await create(s, { type: "prerequisites", name: "Plans visés", eventId: s.a.id });
    const before = await countRows(t.db, "quality_controls", { version_id: s.p.versionId });
    const again = await create(s, { type: "prerequisites", name: "plans visés", eventId: s.a.id });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe("quality_control_already_exists");
    expect(again.body.message).toBe("Ce contrôle qualité existe déjà pour cette tâche.");
    expect(await countRows(t.db, "quality_controls", { version_id: s.p.versionId })).toBe(before);
    const other = await create(s, { type: "prerequisites", name: "Supports reçus", eventId: s.a.id });
    expect(other.status).toBe(201);
    const finish = await create(s, { type: "finishes", name: "Plans visés", eventId: s.a.id });
    expect(finish.status).toBe(201);
  });

  it("refuses unknown category, status, type and a missing attachment with errors.validation, nothing written", async () => {
    const s = await site();
    for (const body of [
      { type: "prerequisites", name: "X", eventId: s.a.id, category: "other" },
      { type: "prerequisites", name: "X", eventId: s.a.id, status: "done" },
      { type: "checks", name: "X", eventId: s.a.id },
      { type: "prerequisites", name: "X" },
      { type: "prerequisites", name: "X", eventId: s.a.id, delay: 1.5 },
    ]) {
      const res = await create(s, body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe("errors.validation");
    }
    expect(await countRows(t.db, "quality_controls", { version_id: s.p.versionId })).toBe(0);
  });

  it("refuses a task of another version (404) and a project outside the user's (403), nothing written", async () => {
    const s = await site();
    const other = await site();
    const res = await create(s, { type: "prerequisites", name: "X", eventId: other.a.id });
    expect(res.status).toBe(404);
    const forbidden = await create(s, { type: "prerequisites", name: "X", eventId: s.a.id }, outsider.token);
    expect(forbidden.status).toBe(403);
    const ext = await create(s, { type: "prerequisites", name: "X", eventId: s.a.id }, external.token);
    expect(ext.status).toBe(403);
    expect(await countRows(t.db, "quality_controls", { version_id: s.p.versionId })).toBe(0);
  });
});

describe("the indicator", () => {
  it("is the same rule in the list's filter (SQL) as in the answer (qualityControlIndicator), every branch", async () => {
    const s = await site();
    const statuses = ["compliant", "non-complying", "partial", "unrealized", null] as const;
    const delays = [null, -1, 0, 1, 3] as const;
    const rows = statuses.flatMap((status, i) =>
      delays.map((delay, k) => ({
        project_id: s.p.id,
        version_id: s.p.versionId,
        event_id: s.a.id,
        type: "prerequisites",
        name: `Contrôle ${i}-${k}`,
        status,
        delay,
      })),
    );
    await t.db("quality_controls").insert(rows);
    const all = await list(s);
    expect(all.body.total).toBe(rows.length);
    const expected = new Map<string, string>();
    for (const r of rows) expected.set(r.name, qualityControlIndicator(r.status, r.delay));
    // The answer's indicator is the rule's.
    for (const q of all.body.data as { name: string; indicator: string }[])
      expect(q.indicator, q.name).toBe(expected.get(q.name));
    // Each colour's filter keeps exactly the controls the rule gives that colour.
    for (const colour of QUALITY_CONTROL_INDICATORS) {
      const filtered = await list(s, [`indicator||$eq||${colour}`]);
      const names = (filtered.body.data as { name: string }[]).map((q) => q.name).sort();
      const wanted = [...expected]
        .filter(([, c]) => c === colour)
        .map(([n]) => n)
        .sort();
      expect(names, colour).toEqual(wanted);
      expect(wanted.length, colour).toBeGreaterThan(0);
    }
    expect(expected.get("Contrôle 3-0")).toBe("grey");
    expect(expected.get("Contrôle 3-2")).toBe("orange");
  });
});

describe("POST /quality-control/bulk and DELETE /quality-control/bulk-delete", () => {
  it("creates several controls at once, all or nothing, and deletes them", async () => {
    const s = await site();
    const rows = [
      { projectId: s.p.id, type: "prerequisites", name: "Plans", eventId: s.a.id },
      { projectId: s.p.id, type: "finishes", name: "Nettoyage", eventId: s.b.id, status: "compliant" },
    ];
    const res = await t.request("POST", "/quality-control/bulk", { token: manager.token, body: rows });
    expect(res.status).toBe(201);
    expect(res.body.data.map((q: { name: string }) => q.name)).toEqual(["Plans", "Nettoyage"]);
    expect(res.body.data[1].indicator).toBe("green");
    const dup = await t.request("POST", "/quality-control/bulk", {
      token: manager.token,
      body: [
        { projectId: s.p.id, type: "prerequisites", name: "Échafaudage", eventId: s.b.id },
        { projectId: s.p.id, type: "prerequisites", name: "échafaudage", eventId: s.b.id },
      ],
    });
    expect(dup.status).toBe(409);
    expect(await countRows(t.db, "quality_controls", { version_id: s.p.versionId })).toBe(2);
    const ids = res.body.data.map((q: { id: number }) => q.id);
    const ext = await t.request("DELETE", "/quality-control/bulk-delete", { token: external.token, body: { ids } });
    expect(ext.status).toBe(403);
    const del = await t.request("DELETE", "/quality-control/bulk-delete", { token: manager.token, body: { ids } });
    expect(del.status).toBe(200);
    expect(await countRows(t.db, "quality_controls", { version_id: s.p.versionId })).toBe(0);
  });
});

describe("frozen versions", () => {
  it("refuses every write on a frozen version, nothing written", async () => {
    const s = await site();
    const created = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    await t.db("versions").where({ id: s.p.versionId }).update({ is_archived: true });
    const res = await t.request("POST", "/quality-control/bulk", {
      token: manager.token,
      body: { data: [{ projectId: s.p.id, versionId: s.p.versionId, type: "finishes", name: "X", eventId: s.a.id }] },
    });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe("errors.version_frozen");
    const patch = await t.request("PATCH", `/quality-control/${created.body.id}`, {
      token: external.token,
      body: { status: "compliant" },
    });
    expect(patch.status).toBe(409);
    expect(await countRows(t.db, "quality_controls", { version_id: s.p.versionId })).toBe(1);
    expect(await countRows(t.db, "quality_control_histories", { quality_control_id: created.body.id })).toBe(0);
  });
});

describe("GET /quality-control", () => {
  it("lists the version's controls by task name, leaves archived ones out unless asked, filters by type and indicator", async () => {
    const s = await site();
    await create(s, { type: "finishes", name: "Z finition", eventId: s.b.id });
    await create(s, { type: "prerequisites", name: "A prérequis", eventId: s.a.id, status: "compliant" });
    const archived = await create(s, { type: "prerequisites", name: "Archivé", eventId: s.b.id, isArchived: true });
    const all = await list(s);
    expect(all.status).toBe(200);
    expect(all.body.total).toBe(2);
    // Cloisons before Peinture.
    expect(all.body.data.map((q: { eventName: string }) => q.eventName)).toEqual(["Cloisons", "Peinture"]);
    const withArchived = await list(s, ["isArchived||$eq||true"]);
    expect(withArchived.body.data.map((q: { id: number }) => q.id)).toEqual([archived.body.id]);
    const finishes = await list(s, ["type||$eq||finishes"]);
    expect(finishes.body.data.map((q: { name: string }) => q.name)).toEqual(["Z finition"]);
    const green = await list(s, ["indicator||$eq||green"]);
    expect(green.body.data.map((q: { name: string }) => q.name)).toEqual(["A prérequis"]);
    const byEventVersion = await t.request("GET", "/quality-control", {
      token: manager.token,
      query: { filter: [`events.versionId||$eq||${s.p.versionId}`], join: "events" },
    });
    expect(byEventVersion.body.total).toBe(2);
    const noScope = await t.request("GET", "/quality-control", { token: manager.token });
    expect(noScope.status).toBe(400);
    expect(noScope.body.code).toBe("errors.no_project");
    const tooMany = await list(s, [], { limit: "100000" });
    expect(tooMany.status).toBe(400);
  });

  it("answers the project's external members and refuses others with 403", async () => {
    const s = await site();
    const created = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    expect((await list(s, [], {}, external.token)).body.total).toBe(1);
    for (const who of [stranger, outsider]) {
      expect((await list(s, [], {}, who.token)).status).toBe(403);
      const one = await t.request("GET", `/quality-control/${created.body.id}`, { token: who.token });
      expect(one.status).toBe(403);
      expect(one.body.code).toBe("errors.forbidden");
    }
    expect((await list(s, [], {}, guest.token)).status).toBe(403);
    const mine = await t.request("GET", `/quality-control/${created.body.id}`, { token: external.token });
    expect(mine.status).toBe(200);
    expect(mine.body.name).toBe("Plans");
    expect((await t.request("GET", "/quality-control/999999", { token: manager.token })).status).toBe(404);
  });
});

describe("PATCH /quality-control/{id}, /multiple and history", () => {
  it("writes one history row per changed field and answers them newest first", async () => {
    const s = await site();
    const created = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    const id = created.body.id;
    const res = await t.request("PATCH", `/quality-control/${id}`, {
      token: manager.token,
      body: { status: "non-complying", delay: 3, name: "Plans", comment: "Manque le carnet" },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "non-complying", delay: 3, indicator: "red" });
    const history = await t.request("GET", `/quality-control/${id}/history`, { token: manager.token });
    expect(history.status).toBe(200);
    const fields = history.body.data.map((h: { fieldName: string }) => h.fieldName).sort();
    // The name did not change: no row for it.
    expect(fields).toEqual(["comment", "delay", "status"]);
    const status = history.body.data.find((h: { fieldName: string }) => h.fieldName === "status");
    expect(status).toMatchObject({ previousValue: "unrealized", newValue: "non-complying" });
    expect(status.createdBy).toMatchObject({ id: manager.id });
    expect(status.updatedAt).toMatch(/T/);
  });

  it("archives: the list leaves the control out", async () => {
    const s = await site();
    const created = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    await t.request("PATCH", `/quality-control/${created.body.id}`, {
      token: manager.token,
      body: { isArchived: true },
    });
    expect((await list(s)).body.total).toBe(0);
    expect((await list(s, ["isArchived||$eq||true"])).body.total).toBe(1);
  });

  it("refuses a rename onto another control of the task (409) and bad values (400), nothing written", async () => {
    const s = await site();
    await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    const second = await create(s, { type: "prerequisites", name: "Supports", eventId: s.a.id });
    const clash = await t.request("PATCH", `/quality-control/${second.body.id}`, {
      token: manager.token,
      body: { name: "PLANS" },
    });
    expect(clash.status).toBe(409);
    expect(clash.body.code).toBe("quality_control_already_exists");
    const bad = await t.request("PATCH", `/quality-control/${second.body.id}`, {
      token: manager.token,
      body: { status: "finished" },
    });
    expect(bad.status).toBe(400);
    expect(await countRows(t.db, "quality_control_histories", { quality_control_id: second.body.id })).toBe(0);
    const still = await t.request("GET", `/quality-control/${second.body.id}`, { token: manager.token });
    expect(still.body.name).toBe("Supports");
  });

  it("lets an external member change the status of their project's controls only", async () => {
    const s = await site();
    const created = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    const id = created.body.id;
    const ok = await t.request("PATCH", `/quality-control/${id}`, {
      token: external.token,
      body: { status: "compliant" },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.indicator).toBe("green");
    const rename = await t.request("PATCH", `/quality-control/${id}`, { token: external.token, body: { name: "X" } });
    expect(rename.status).toBe(403);
    for (const who of [stranger, outsider]) {
      const res = await t.request("PATCH", `/quality-control/${id}`, { token: who.token, body: { status: "partial" } });
      expect(res.status).toBe(403);
      expect(res.body.code).toBe("errors.forbidden");
    }
    const guestRes = await t.request("PATCH", `/quality-control/${id}`, {
      token: guest.token,
      body: { status: "partial" },
    });
    expect(guestRes.status).toBe(403);
    expect(await countRows(t.db, "quality_control_histories", { quality_control_id: id })).toBe(1);
    const after = await t.request("GET", `/quality-control/${id}`, { token: manager.token });
    expect(after.body).toMatchObject({ name: "Plans", status: "compliant" });
  });

  it("changes several controls at once (the bulk status change)", async () => {
    const s = await site();
    const a = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    const b = await create(s, { type: "finishes", name: "Nettoyage", eventId: s.b.id });
    const res = await t.request("PATCH", "/quality-control/multiple", {
      token: external.token,
      body: { ids: [a.body.id, b.body.id], data: { status: "partial" } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.map((q: { status: string }) => q.status)).toEqual(["partial", "partial"]);
    expect(await countRows(t.db, "quality_control_histories", { field_name: "status" })).toBeGreaterThanOrEqual(2);
    const other = await site();
    const foreign = await create(other, { type: "prerequisites", name: "Plans", eventId: other.a.id });
    const mixed = await t.request("PATCH", "/quality-control/multiple", {
      token: manager.token,
      body: { ids: [a.body.id, foreign.body.id], data: { status: "compliant" } },
    });
    expect(mixed.status).toBe(400);
    const missing = await t.request("PATCH", "/quality-control/multiple", {
      token: manager.token,
      body: { ids: [a.body.id, 999999], data: { status: "compliant" } },
    });
    expect(missing.status).toBe(404);
  });
});

describe("due dates follow the planning", () => {
  it("re-derives every shifted task's controls after a move, successors included, with a history row", async () => {
    const s = await site();
    const pre = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    const fin = await create(s, { type: "finishes", name: "Nettoyage", eventId: s.b.id });
    expect(fin.body.dueDate).toBe("2026-03-12");
    const move = await t.request("PATCH", "/event/bulk-update", {
      token: manager.token,
      body: {
        projectId: s.p.id,
        versionId: s.p.versionId,
        events: [{ id: s.a.id }],
        anchorId: s.a.id,
        startDate: "2026-03-16",
      },
    });
    expect(move.status).toBe(200);
    const a = await t.request("GET", `/quality-control/${pre.body.id}`, { token: manager.token });
    // Mon 16 March minus 2 working days.
    expect(a.body).toMatchObject({ dueDate: "2026-03-12", startDate: "2026-03-16", endDate: "2026-03-18" });
    const b = await t.request("GET", `/quality-control/${fin.body.id}`, { token: manager.token });
    expect(b.body).toMatchObject({ dueDate: "2026-03-19", startDate: "2026-03-19" });
    const history = await t.request("GET", `/quality-control/${fin.body.id}/history`, { token: manager.token });
    expect(history.body.data[0]).toMatchObject({
      fieldName: "dueDate",
      previousValue: "2026-03-12",
      newValue: "2026-03-19",
    });
  });

  it("follows a change of the task's prerequisites delay", async () => {
    const s = await site();
    const pre = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    const res = await t.request("PATCH", `/event/${s.a.id}`, {
      token: manager.token,
      body: { projectId: s.p.id, versionId: s.p.versionId, prerequisitesDelay: 5 },
    });
    expect(res.status).toBe(200);
    const a = await t.request("GET", `/quality-control/${pre.body.id}`, { token: manager.token });
    expect(a.body.dueDate).toBe("2026-03-02");
  });
});

describe("categories, linked, export, event-affix", () => {
  it("answers the four categories with their counts and what carries controls", async () => {
    const s = await site();
    await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id, category: "study" });
    const cats = await t.request("GET", "/quality-control/categories", {
      token: external.token,
      query: { versionId: s.p.versionId },
    });
    expect(cats.status).toBe(200);
    expect(cats.body.data.map((c: { id: string }) => c.id)).toEqual([
      "reception-support",
      "study",
      "supply",
      "auto-control",
    ]);
    expect(cats.body.data[1]).toMatchObject({ name: "Études", count: 1 });
    const linked = await t.request("GET", "/quality-control/linked", {
      token: manager.token,
      query: { versionId: s.p.versionId },
    });
    expect(linked.body).toEqual({ events: [{ id: s.a.id, name: "Cloisons" }], sequences: [], macroTasks: [] });
    expect(
      (await t.request("GET", "/quality-control/categories", { token: outsider.token, query: { projectId: s.p.id } }))
        .status,
    ).toBe(403);
  });

  it("exports the filtered list as .xlsx", async () => {
    const s = await site();
    await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    const res = await t.request("GET", "/quality-control/export", {
      token: manager.token,
      query: { projectId: s.p.id, type: "prerequisites", name: "pla", eventIds: String(s.a.id) },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("spreadsheetml");
    expect((res.body as Buffer).length).toBeGreaterThan(1000);
    const bad = await t.request("GET", "/quality-control/export", {
      token: manager.token,
      query: { projectId: s.p.id, category: "other" },
    });
    expect(bad.status).toBe(400);
  });

  it("adds and changes a control of a task through /event-affix", async () => {
    const s = await site();
    const res = await t.request("POST", "/event-affix", {
      token: manager.token,
      body: { projectId: s.p.id, eventId: s.b.id, type: "finishes", name: "Nettoyage", category: "auto-control" },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ eventId: s.b.id, dueDate: "2026-03-12", category: "auto-control" });
    const patch = await t.request("PATCH", `/event-affix/${res.body.id}`, {
      token: manager.token,
      body: { status: "compliant", completionDate: "2026-03-12" },
    });
    expect(patch.status).toBe(200);
    expect(patch.body).toMatchObject({ status: "compliant", completionDate: "2026-03-12", indicator: "green" });
    const dup = await t.request("POST", "/event-affix", {
      token: manager.token,
      body: { projectId: s.p.id, eventId: s.b.id, type: "finishes", name: "Nettoyage" },
    });
    expect(dup.status).toBe(409);
    expect(await countRows(t.db, "quality_controls", { version_id: s.p.versionId })).toBe(1);
  });
});

describe("the planning's marker", () => {
  it("marks a task whose prerequisites are not all compliant, and clears it once they are", async () => {
    const s = await site();
    const planning = async () => {
      const res = await t.request("GET", "/planning/data", {
        token: manager.token,
        query: { projectId: s.p.id, versionId: s.p.versionId, startDate: "2026-03", endDate: "2026-03" },
      });
      expect(res.status).toBe(200);
      const events = fromWire(res.body).events;
      return Object.fromEntries(events.map((e) => [e.name, e.qualityLate === true]));
    };
    expect(await planning()).toEqual({ Cloisons: false, Peinture: false });
    const pre = await create(s, { type: "prerequisites", name: "Plans", eventId: s.a.id });
    // A finish does not mark the task.
    await create(s, { type: "finishes", name: "Nettoyage", eventId: s.b.id });
    expect(await planning()).toEqual({ Cloisons: true, Peinture: false });
    await t.request("PATCH", `/quality-control/${pre.body.id}`, {
      token: external.token,
      body: { status: "compliant", completionDate: "2026-03-06" },
    });
    expect(await planning()).toEqual({ Cloisons: false, Peinture: false });
    // Compliant, but only after the task started.
    await t.request("PATCH", `/quality-control/${pre.body.id}`, {
      token: manager.token,
      body: { completionDate: "2026-03-10" },
    });
    expect(await planning()).toEqual({ Cloisons: true, Peinture: false });
  });
});
