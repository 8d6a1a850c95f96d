import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCalendar, formatDay, parseDay } from "@jalon/engine";
import { readVersionGraph } from "../../planning/versionGraph.js";
import { startTestApp, type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildLot,
  buildProject,
  buildUser,
  buildZone,
  countRows,
  type BuiltProject,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

/**
 * Instantiation of sequence templates on zones over HTTP (issue 16): POST /sequence with instantiationConfig,
 * PATCH /event/recurring/{id}, overrides through PATCH /event/{id}, POST /sequence-template-pro/{id}/synchronize.
 * Templates are inserted as rows (their CRUD routes are tested with them).
 */

let t: TestApp;
let manager: BuiltUser;
let external: BuiltUser;
let outsider: BuiltUser;
let guestToken: string;

const calendar = createCalendar();
/** Day 1 of the worked example: Monday 7 January 2030 (in the future: nothing has started). */
const DAY1 = "2030-01-07";
const d = (n: number) => formatDay(calendar.dayAt(calendar.rank(parseDay(DAY1)) + n - 1));

interface Fixture {
  p: BuiltProject;
  zones: { id: number; name: string }[];
  template: number;
  tasks: { A: number; B: number; C: number };
}

/** A(5) -> B(3) -> C(4) finish-to-start, for typology "logement", and four "logement" zones. */
async function fixture(opts: { typologies?: string[]; members?: BuiltUser[] } = {}): Promise<Fixture> {
  const p = await buildProject(t, manager, { members: opts.members ?? [external] });
  const zones = [];
  for (let k = 1; k <= 4; k++)
    zones.push(await buildZone(t.db, p, { name: `Z${k}`, typology: "logement", position: k }));
  const [st] = await t
    .db("sequence_template_pros")
    .insert({
      project_id: p.id,
      name: "Second œuvre",
      color: "#336699",
      typologies: JSON.stringify(opts.typologies ?? ["logement"]),
    })
    .returning("id");
  const task = async (name: string, days: number, typology: string[] = []) =>
    (
      await t
        .db("event_template_pros")
        .insert({
          project_id: p.id,
          sequence_template_pro_id: st.id,
          name,
          number_of_days: days,
          typology: JSON.stringify(typology),
        })
        .returning("id")
    )[0].id as number;
  const A = await task("Cloisons", 5);
  const B = await task("Électricité", 3);
  const C = await task("Peinture", 4);
  await t.db("event_template_pro_links").insert([
    { project_id: p.id, parent_id: A, child_id: B, type: "end-begin", delay: 0 },
    { project_id: p.id, parent_id: B, child_id: C, type: "end-begin", delay: 0 },
  ]);
  return { p, zones, template: st.id, tasks: { A, B, C } };
}

function body(f: Fixture, config: Record<string, unknown> = {}, zoneIds = f.zones.map((z) => z.id)) {
  return {
    projectId: f.p.id,
    versionId: f.p.versionId,
    name: "Train R+1",
    zoneIds,
    instantiationConfig: { type: "recurring", sequenceTemplateProId: f.template, takt: 5, startDate: DAY1, ...config },
  };
}

interface Ev {
  id: number;
  name: string;
  zoneId: number | null;
  eventTemplateProId: number | null;
  startDate: string;
  endDate: string;
  type: string;
}

/** zone -> task template -> [start, end] of the answer's tasks. */
function table(events: Ev[]) {
  const out: Record<number, Record<number, [string, string]>> = {};
  for (const e of events)
    if (e.type === "task") (out[e.zoneId!] ??= {})[e.eventTemplateProId!] = [e.startDate, e.endDate];
  return out;
}

async function instantiate(f: Fixture, config: Record<string, unknown> = {}, zoneIds?: number[]) {
  const res = await t.request("POST", "/sequence", { token: manager.token, body: body(f, config, zoneIds) });
  return res;
}

const written = async (p: BuiltProject) => ({
  events: await countRows(t.db, "events", { project_id: p.id }),
  links: await countRows(t.db, "event_links", { project_id: p.id }),
  sequences: await countRows(t.db, "sequences", { project_id: p.id }),
  configs: await countRows(t.db, "instantiation_configs", { project_id: p.id }),
});

beforeAll(async () => {
  t = await startTestApp();
  manager = await buildUser(t, { type: "manager" });
  external = await buildUser(t, { type: "external" });
  outsider = await buildUser(t, { type: "manager" });
  const guest = await buildUser(t, { type: "guest" });
  guestToken = guest.token;
});
afterAll(async () => t?.close());

describe("POST /sequence with instantiationConfig", () => {
  it("lays the worked example: A(5) -> B(3) -> C(4) over Z1..Z4, takt 5 from day 1", async () => {
    const f = await fixture();
    const res = await instantiate(f);
    expect(res.status).toBe(201);
    expect(Object.keys(res.body).sort()).toEqual(["events", "id", "instantiationConfigId", "warnings"]);
    const { A, B, C } = f.tasks;
    const [z1, z2, z3, z4] = f.zones.map((z) => z.id);
    const tab = table(res.body.events);
    expect(tab[z1]).toEqual({ [A]: [d(1), d(5)], [B]: [d(6), d(8)], [C]: [d(9), d(12)] });
    expect(tab[z2]).toEqual({ [A]: [d(6), d(10)], [B]: [d(11), d(13)], [C]: [d(14), d(17)] });
    expect(tab[z3]).toEqual({ [A]: [d(11), d(15)], [B]: [d(16), d(18)], [C]: [d(19), d(22)] });
    expect(tab[z4]).toEqual({ [A]: [d(16), d(20)], [B]: [d(21), d(23)], [C]: [d(24), d(27)] });
    expect(res.body.warnings).toEqual([]);
    // 12 tasks, the train's start and end, each instance's start and end.
    const milestones = (res.body.events as Ev[]).filter((e) => e.type === "milestone");
    expect(milestones).toHaveLength(10);
    expect(milestones.find((m) => m.name === "Début Train R+1")?.startDate).toBe(d(1));
    expect(await countRows(t.db, "events", { project_id: f.p.id })).toBe(22);
    // The stored dates are the version scheduler's (the links alone give them), and the header's end follows.
    expect((await readVersionGraph(t.db, f.p.versionId, 0)).stale).toHaveLength(0);
    expect((await t.db("projects").where({ id: f.p.id }).first()).projected_end_date).toBe(d(28));

    // GET /event lists them with zone, task template, days and dates.
    const list = await t.request("GET", "/event", {
      token: external.token,
      query: { filter: [`projectId||$eq||${f.p.id}`, `zoneId||$eq||${z4}`, "type||$eq||task"], limit: 100 },
    });
    expect(list.status).toBe(200);
    const c4 = list.body.data.find((e: { eventTemplateProId: number }) => e.eventTemplateProId === C);
    expect(c4).toMatchObject({ zoneId: z4, numberOfDays: 4, startDate: d(24), endDate: d(27) });

    // GET /sequence/{id}?join=events: the train with its instances' events, instances in train order.
    const seq = await t.request("GET", `/sequence/${res.body.id}`, {
      token: external.token,
      query: { join: "events" },
    });
    expect(seq.status).toBe(200);
    expect(seq.body.events).toHaveLength(22);
    expect(seq.body.subsequences.map((s: { zoneId: number }) => s.zoneId)).toEqual([z1, z2, z3, z4]);
    expect(seq.body.instantiationConfig).toMatchObject({ takt: 5, zoneIds: [z1, z2, z3, z4], type: "recurring" });
    expect(seq.body.endDate).toBe(d(28));
  });

  it("lays a template written through the template routes (parentsET, sequenceTemplateId, the task's lot)", async () => {
    const p = await buildProject(t, manager);
    const z1 = await buildZone(t.db, p, { name: "Lgt 1", typology: "T3", position: 1 });
    const z2 = await buildZone(t.db, p, { name: "Lgt 2", typology: "T3", position: 2 });
    const lot = await buildLot(t.db, p, { name: "Plâtrerie" });
    const st = await t.request("POST", "/sequence-template-pro", {
      token: manager.token,
      body: { projectId: p.id, name: "Cloisons", typology: ["T3"] },
    });
    expect(st.status).toBe(201);
    const task = async (name: string, numberOfDays: number, parentsET: unknown[], extra = {}) => {
      const res = await t.request("POST", "/event-template-pro", {
        token: manager.token,
        body: { projectId: p.id, name, numberOfDays, sequenceTemplateId: st.body.id, parentsET, ...extra },
      });
      expect(res.status).toBe(201);
      return res.body.id as number;
    };
    const A = await task("Rails", 2, [], { participantGroupProId: lot.id });
    const B = await task("Plaques", 3, [A]);
    const C = await task("Bandes", 1, [{ id: B, type: "begin-begin", delay: 1 }]);
    const res = await t.request("POST", "/sequence", {
      token: manager.token,
      body: {
        projectId: p.id,
        versionId: p.versionId,
        name: "Cloisons R+1",
        zoneIds: [z1.id, z2.id],
        instantiationConfig: { type: "recurring", sequenceTemplateProId: st.body.id, takt: 2, startDate: DAY1 },
      },
    });
    expect(res.status).toBe(201);
    const tab = table(res.body.events);
    expect(tab[z1.id]).toEqual({ [A]: [d(1), d(2)], [B]: [d(3), d(5)], [C]: [d(4), d(4)] });
    expect(tab[z2.id]).toEqual({ [A]: [d(3), d(4)], [B]: [d(5), d(7)], [C]: [d(6), d(6)] });
    const rails = await t.db("events").where({ zone_id: z2.id, event_template_pro_id: A }).first();
    expect(rails.participant_group_pro_id).toBe(lot.id);
  });

  it("follows the calendar of a task's lot when the lot has holidays of its own", async () => {
    const f = await fixture();
    const lot = await buildLot(t.db, f.p, { name: "Cloisons sèches" });
    await t
      .db("event_template_pros")
      .where({ id: f.tasks.A })
      .update({ participant_group_pro_tracking_id: lot.tracking_id });
    const [h] = await t
      .db("holidays")
      .insert({ project_id: f.p.id, version_id: f.p.versionId, name: "Fermeture", start_date: d(2), end_date: d(2) })
      .returning("id");
    await t
      .db("holiday_lots")
      .insert({ version_id: f.p.versionId, holiday_id: h.id, participant_group_pro_id: lot.id });
    const res = await instantiate(f, {}, [f.zones[0].id]);
    expect(res.status).toBe(201);
    // A skips the lot's closed day (d1, d3-d6); B, of no lot, follows it.
    expect(table(res.body.events)[f.zones[0].id][f.tasks.A]).toEqual([d(1), d(6)]);
    expect(table(res.body.events)[f.zones[0].id][f.tasks.B]).toEqual([d(7), d(9)]);
    expect((await readVersionGraph(t.db, f.p.versionId, 0)).stale).toHaveLength(0);
  });

  it("lays every zone in parallel with takt 0 and warns when a task is longer than the takt", async () => {
    const f = await fixture();
    const res = await instantiate(f, { takt: 0 });
    expect(res.status).toBe(201);
    const tab = table(res.body.events);
    for (const z of f.zones) expect(tab[z.id][f.tasks.C]).toEqual([d(9), d(12)]);
    expect(res.body.warnings).toEqual([]);

    const g = await fixture();
    const short = await instantiate(g, { takt: 3 });
    expect(short.status).toBe(201);
    expect(short.body.warnings.map((w: { code: string; eventTemplateProId: number }) => w.eventTemplateProId)).toEqual([
      g.tasks.A,
      g.tasks.C,
    ]);
    expect(short.body.warnings[0]).toMatchObject({ code: "task_overlaps_next_instance", days: 2, count: 3 });
  });

  it("lays an individual sequence on one zone, with its milestones hidden as asked", async () => {
    const f = await fixture();
    const res = await instantiate(f, { type: "individual", showStartMilestone: false }, [f.zones[2].id]);
    expect(res.status).toBe(201);
    expect(table(res.body.events)[f.zones[2].id][f.tasks.C]).toEqual([d(9), d(12)]);
    const rows = await t
      .db("events")
      .where({ instantiation_config_id: res.body.instantiationConfigId, type: "milestone" })
      .select("instance_role", "milestone_to_hide", "sequence_type");
    expect(rows).toHaveLength(4);
    for (const r of rows) {
      expect(r.milestone_to_hide).toBe(r.instance_role === 0 || r.instance_role === 2);
      expect(r.sequence_type).toBe("individual");
    }
    // A takt sent with an individual sequence is ignored (one zone, nothing to pace).
    const seq = await t.request("GET", `/sequence/${res.body.id}`, { token: manager.token });
    expect(seq.body.instantiationConfig).toMatchObject({ type: "individual", takt: 0, zoneIds: [f.zones[2].id] });
  });

  it("starts after a reference event shifted by delayWithReferenceEvent", async () => {
    const f = await fixture();
    const ref = await buildEvent(t.db, f.p, {
      name: "Clos couvert",
      type: "milestone",
      number_of_days: 0,
      start_date: d(3),
      end_date: d(3),
    });
    const res = await instantiate(f, { startDate: undefined, referenceEventId: ref.id, delayWithReferenceEvent: 2 });
    expect(res.status).toBe(201);
    expect(table(res.body.events)[f.zones[0].id][f.tasks.A]).toEqual([d(5), d(9)]);
    expect((await readVersionGraph(t.db, f.p.versionId, 0)).stale).toHaveLength(0);
    // Moving the reference moves the train (the train's start hangs from it by a link).
    const moved = await t.request("PATCH", `/event/${ref.id}`, { token: manager.token, body: { startDate: d(4) } });
    expect(moved.status).toBe(200);
    const a1 = (res.body.events as Ev[]).find((e) => e.zoneId === f.zones[0].id && e.eventTemplateProId === f.tasks.A)!;
    expect(await t.db("events").where({ id: a1.id }).first("start_date")).toEqual({ start_date: d(6) });
  });

  it("filters tasks by their typology and expands a container zone to its sub-zones, reporting the skipped ones", async () => {
    const f = await fixture({ typologies: ["logement", "commerce"] });
    await t
      .db("event_template_pros")
      .where({ id: f.tasks.B })
      .update({ typology: JSON.stringify(["logement"]) });
    const building = await buildZone(t.db, f.p, { name: "Bâtiment A", position: 0 });
    const shop = await buildZone(t.db, f.p, { name: "Boutique", typology: "commerce", parent_id: building.id });
    const flat = await buildZone(t.db, f.p, { name: "Logement 1", typology: "logement", parent_id: building.id });
    const cellar = await buildZone(t.db, f.p, { name: "Cave", typology: "cave", parent_id: building.id });
    await t.db("zones").where({ id: shop.id }).update({ position: 1 });
    await t.db("zones").where({ id: flat.id }).update({ position: 2 });
    const res = await instantiate(f, { takt: 0 }, [building.id]);
    expect(res.status).toBe(201);
    const tab = table(res.body.events);
    // The shop has no B: A -> C reconnected; the flat has all three.
    expect(Object.keys(tab[shop.id]).map(Number).sort()).toEqual([f.tasks.A, f.tasks.C].sort());
    expect(tab[shop.id][f.tasks.C]).toEqual([d(6), d(9)]);
    expect(Object.keys(tab[flat.id])).toHaveLength(3);
    expect(res.body.warnings).toEqual([expect.objectContaining({ code: "zone_skipped_typology", zoneId: cellar.id })]);
  });

  it("refuses a zone listed explicitly with another typology, and a template whose typologies are not available; nothing written", async () => {
    const f = await fixture();
    const office = await buildZone(t.db, f.p, { name: "Bureau", typology: "bureau" });
    const before = await written(f.p);
    const wrong = await instantiate(f, {}, [f.zones[0].id, office.id]);
    expect(wrong.status).toBe(400);
    expect(wrong.body.code).toBe("cannot_instantiate_on_that_zone_typology");
    expect(wrong.body.message).toBe("Impossible d'instancier sur cette typologie de zone.");

    const g = await fixture({ typologies: ["duplex"] });
    const unavailable = await instantiate(g);
    expect(unavailable.status).toBe(400);
    expect(unavailable.body.code).toBe("zone_typology_not_available");
    const none = await fixture({ typologies: [] });
    expect((await instantiate(none)).body.code).toBe("zone_typology_not_available");
    expect(await written(f.p)).toEqual(before);
    expect((await written(g.p)).events).toBe(0);
  });

  it("answers bad input with a clear 4xx and writes nothing", async () => {
    const f = await fixture();
    const other = await fixture();
    const before = await written(f.p);
    const cases: [Record<string, unknown>, number, string][] = [
      [body(f, { sequenceTemplateProId: 2_000_000_000 }), 404, "errors.not_found"],
      [body(f, { sequenceTemplateProId: other.template }), 404, "errors.not_found"],
      [body(f, {}, [other.zones[0].id]), 400, "errors.validation"],
      [body(f, { takt: -1 }), 400, "errors.validation"],
      [body(f, { startDate: undefined }), 400, "errors.validation"],
      [body(f, { referenceEventId: 2_000_000_000, startDate: undefined }), 404, "errors.event_not_found"],
      [body(f, { type: "individual" }), 400, "errors.validation"],
      [{ ...body(f), projectId: "undefined" }, 400, "errors.no_project"],
      [{ ...body(f), zoneIds: [] }, 400, "errors.validation"],
    ];
    for (const [b, status, code] of cases) {
      const res = await t.request("POST", "/sequence", { token: manager.token, body: b });
      expect([res.status, res.body.code]).toEqual([status, code]);
    }
    // A cycle in the template.
    await t
      .db("event_template_pro_links")
      .insert({ project_id: f.p.id, parent_id: f.tasks.C, child_id: f.tasks.A, type: "end-begin", delay: 0 });
    const cycle = await instantiate(f);
    expect(cycle.status).toBe(400);
    expect(cycle.body.code).toBe("errors.cycle");
    expect(cycle.body.details.ids).toEqual([f.tasks.A, f.tasks.B, f.tasks.C]);
    expect(await written(f.p)).toEqual(before);
  });

  it("refuses a member of another project, an external user and a guest", async () => {
    const f = await fixture();
    const before = await written(f.p);
    for (const token of [outsider.token, external.token, guestToken]) {
      const res = await t.request("POST", "/sequence", { token, body: body(f) });
      expect([401, 403]).toContain(res.status);
    }
    expect(await written(f.p)).toEqual(before);
  });
});

describe("PATCH /event/recurring/{instantiationConfigId}", () => {
  it("re-dates the instances with a new takt, keeping instance 1 where it is, and keeps overrides", async () => {
    const f = await fixture();
    const res = await instantiate(f);
    const cfg = res.body.instantiationConfigId;
    const [z1, z2] = f.zones.map((z) => z.id);
    // Override: B of Z2 lasts 6 days; its successor C moves at once.
    const b2 = (res.body.events as Ev[]).find((e) => e.zoneId === z2 && e.eventTemplateProId === f.tasks.B)!;
    const patched = await t.request("PATCH", `/event/${b2.id}`, { token: manager.token, body: { numberOfDays: 6 } });
    expect(patched.status).toBe(200);
    const c2 = (res.body.events as Ev[]).find((e) => e.zoneId === z2 && e.eventTemplateProId === f.tasks.C)!;
    expect(await t.db("events").where({ id: c2.id }).first("start_date")).toEqual({ start_date: d(17) });
    const stored = await t.db("instantiation_configs").where({ id: cfg }).first("event_template_overrides");
    expect(Object.values(stored.event_template_overrides)).toEqual([
      expect.objectContaining({ [String(await trackingOf("event_template_pros", f.tasks.B))]: { numberOfDays: 6 } }),
    ]);

    // A move of C in Z3 by two working days (d19 -> d21) is kept as a shift of that instance's C.
    const c3 = (res.body.events as Ev[]).find((e) => e.zoneId === f.zones[2].id && e.eventTemplateProId === f.tasks.C)!;
    expect(
      (await t.request("PATCH", `/event/${c3.id}`, { token: manager.token, body: { startDate: d(21) } })).status,
    ).toBe(200);

    const up = await t.request("PATCH", `/event/recurring/${cfg}`, { token: manager.token, body: { takt: 2 } });
    expect(up.status).toBe(200);
    const tab = table(up.body.events);
    // Z3 now starts on d5: A d5-d9, B d10-d12, and C two days later than its link alone gives (d13 + 2).
    expect(tab[f.zones[2].id][f.tasks.C]).toEqual([d(15), d(18)]);
    expect(tab[z1][f.tasks.A]).toEqual([d(1), d(5)]);
    expect(tab[z2][f.tasks.A]).toEqual([d(3), d(7)]);
    // The override survives: B of Z2 still 6 days (d8..d13), C after it.
    expect(tab[z2][f.tasks.B]).toEqual([d(8), d(13)]);
    expect(tab[z2][f.tasks.C]).toEqual([d(14), d(17)]);
    expect(up.body.events.find((e: Ev) => e.id === b2.id)).toBeTruthy();
    expect(up.body.warnings.length).toBeGreaterThan(0);

    // A new start date moves the whole train.
    const later = await t.request("PATCH", `/event/recurring/${cfg}`, {
      token: manager.token,
      body: { startDate: d(3) },
    });
    expect(later.status).toBe(200);
    expect(table(later.body.events)[z1][f.tasks.A]).toEqual([d(3), d(7)]);
    expect(table(later.body.events)[z2][f.tasks.B]).toEqual([d(10), d(15)]);

    // Fewer zones: the instances of the zones left out go.
    const less = await t.request("PATCH", `/event/recurring/${cfg}`, {
      token: manager.token,
      body: { zoneIds: [z1, z2] },
    });
    expect(less.status).toBe(200);
    expect(await countRows(t.db, "events", { instantiation_config_id: cfg })).toBe(2 + 2 * 5);
  });

  it("refuses an unknown train, a negative takt, another project's manager; nothing written", async () => {
    const f = await fixture();
    const res = await instantiate(f);
    const cfg = res.body.instantiationConfigId;
    const before = await written(f.p);
    const missing = await t.request("PATCH", "/event/recurring/2000000000", {
      token: manager.token,
      body: { takt: 1 },
    });
    expect(missing.status).toBe(404);
    const negative = await t.request("PATCH", `/event/recurring/${cfg}`, { token: manager.token, body: { takt: -2 } });
    expect([negative.status, negative.body.code]).toEqual([400, "errors.validation"]);
    for (const token of [outsider.token, external.token, guestToken]) {
      const r = await t.request("PATCH", `/event/recurring/${cfg}`, { token, body: { takt: 1 } });
      expect([401, 403]).toContain(r.status);
    }
    expect(await written(f.p)).toEqual(before);
  });

  it("answers errors.cant_update_task when the train's template is gone", async () => {
    const f = await fixture();
    const res = await instantiate(f);
    await t
      .db("instantiation_configs")
      .where({ id: res.body.instantiationConfigId })
      .update({ sequence_template_pro_id: null });
    const up = await t.request("PATCH", `/event/recurring/${res.body.instantiationConfigId}`, {
      token: manager.token,
      body: { takt: 1 },
    });
    expect([up.status, up.body.code]).toEqual([400, "errors.cant_update_task"]);
  });
});

async function trackingOf(table: string, id: number): Promise<number> {
  return (await t.db(table).where({ id }).first("tracking_id")).tracking_id as number;
}

describe("POST /sequence-template-pro/{id}/synchronize", () => {
  it("adds new tasks to every instance, updates fields not overridden, deletes removed ones, keeps overrides", async () => {
    const f = await fixture();
    const res = await instantiate(f);
    const cfg = res.body.instantiationConfigId;
    const [z1] = f.zones.map((z) => z.id);
    const a1 = (res.body.events as Ev[]).find((e) => e.zoneId === z1 && e.eventTemplateProId === f.tasks.A)!;
    const c1 = (res.body.events as Ev[]).find((e) => e.zoneId === z1 && e.eventTemplateProId === f.tasks.C)!;
    // Overrides on Z1: A renamed and 7 days long.
    expect(
      (
        await t.request("PATCH", `/event/${a1.id}`, {
          token: manager.token,
          body: { name: "Cloisons lot 2", numberOfDays: 7 },
        })
      ).status,
    ).toBe(200);
    // The template changes: A renamed, C removed, D (2 days) added after B.
    await t.db("event_template_pros").where({ id: f.tasks.A }).update({ name: "Cloisons placo", number_of_days: 4 });
    await t.db("event_template_pros").where({ id: f.tasks.C }).delete();
    const [dRow] = await t
      .db("event_template_pros")
      .insert({ project_id: f.p.id, sequence_template_pro_id: f.template, name: "Sols", number_of_days: 2 })
      .returning("id");
    await t
      .db("event_template_pro_links")
      .insert({ project_id: f.p.id, parent_id: f.tasks.B, child_id: dRow.id, type: "end-begin", delay: 0 });
    // A one-off extra event in instance Z1, after A: the sync leaves it and its link alone.
    const instance1 = await t.db("sequences").where({ instantiation_config_id: cfg, zone_id: z1 }).first("id");
    const extra = await buildEvent(t.db, f.p, { name: "Reprise enduit", sequence_id: instance1.id, zone_id: z1 });
    await t.db("event_links").insert({
      project_id: f.p.id,
      version_id: f.p.versionId,
      parent_id: a1.id,
      child_id: extra.id,
      type: "end-begin",
      delay: 0,
    });
    t.emitted.length = 0;
    const sync = await t.request("POST", `/sequence-template-pro/${f.template}/synchronize`, {
      token: manager.token,
      body: {},
    });
    expect(sync.status).toBe(200);
    expect(sync.body).toMatchObject({ status: "ok", reasons: [], added: 4 });
    expect(await t.db("events").where({ id: c1.id }).first()).toBeUndefined();
    const a1Row = await t.db("events").where({ id: a1.id }).first("name", "number_of_days");
    expect(a1Row).toEqual({ name: "Cloisons lot 2", number_of_days: 7 });
    const a2 = await t
      .db("events")
      .where({ instantiation_config_id: cfg, zone_id: f.zones[1].id, event_template_pro_id: f.tasks.A })
      .first("name", "number_of_days", "start_date");
    expect(a2).toEqual({ name: "Cloisons placo", number_of_days: 4, start_date: d(6) });
    expect(await countRows(t.db, "events", { instantiation_config_id: cfg, event_template_pro_id: dRow.id })).toBe(4);
    expect((await t.db("sequence_template_pros").where({ id: f.template }).first()).synchronizable_status).toBe("ok");
    expect(await countRows(t.db, "event_links", { parent_id: a1.id, child_id: extra.id })).toBe(1);
    expect((await t.db("events").where({ id: extra.id }).first("sequence_id")).sequence_id).toBe(instance1.id);
    expect(t.emitted.some((e) => e.event === "sequenceTemplate:endSync" && e.initiatorId === manager.id)).toBe(true);
  });

  it("keeps removed tasks that have started and ends partial", async () => {
    const f = await fixture();
    const res = await instantiate(f, { startDate: "2024-01-08" });
    expect(res.status).toBe(201);
    await t.db("event_template_pros").where({ id: f.tasks.C }).delete();
    const sync = await t.request("POST", `/sequence-template-pro/${f.template}/synchronize`, {
      token: manager.token,
      body: { projectId: f.p.id },
    });
    expect(sync.status).toBe(200);
    expect(sync.body.status).toBe("partial");
    expect(sync.body.reasons).toHaveLength(4);
    expect(sync.body.reasons[0].code).toBe("task_started_kept");
    expect((await t.db("sequence_template_pros").where({ id: f.template }).first()).synchronizable_status).toBe(
      "partial",
    );
  });

  it("shows partial from the start, committed before the sync runs, and ok at its end", async () => {
    const f = await fixture();
    const res = await instantiate(f);
    const train = res.body.id as number;
    await t.db("sequence_template_pros").where({ id: f.template }).update({ synchronizable_status: "ok" });
    await t.db("event_template_pros").where({ id: f.tasks.B }).update({ name: "Électricité CFO" });
    t.emitted.length = 0;
    const sync = await t.request("POST", `/sequence-template-pro/${f.template}/synchronize`, {
      token: manager.token,
      body: {},
    });
    expect(sync.status).toBe(200);
    expect(sync.body.status).toBe("ok");
    const statuses = t.emitted
      .filter((e) => e.event === "reference:update" && e.data?.resource === "sequenceTemplatePro")
      .map((e) => [e.ids, e.data?.synchronizableStatus]);
    expect(statuses).toEqual([
      [[f.template], "partial"],
      [[f.template], "ok"],
    ]);
    const names = t.emitted.map((e) => e.event);
    // The start is announced before any of the sync's own events (it is committed on its own).
    expect(names[0]).toBe("reference:update");
    expect(names.indexOf("sequenceTemplate:endSync")).toBeGreaterThan(names.indexOf("sequence:bulk_update"));
    expect(names.filter((n) => n.endsWith(":error"))).toEqual([]);
    const end = t.emitted.find((e) => e.event === "sequenceTemplate:endSync")!;
    expect(end).toMatchObject({ ids: [f.template], initiatorId: manager.id, data: { status: "ok", reasons: 0 } });
    expect((await t.db("sequence_template_pros").where({ id: f.template }).first()).synchronizable_status).toBe("ok");
    expect((await t.db("sequences").where({ id: train }).first()).synchronizable_status).toBe("ok");
  });

  it("leaves the template and its train partial when the sync fails, writes nothing else, and sends the error twin", async () => {
    const f = await fixture();
    const res = await instantiate(f);
    const train = res.body.id as number;
    await t.db("sequence_template_pros").where({ id: f.template }).update({ synchronizable_status: "ok" });
    await t.db("sequences").where({ id: train }).update({ synchronizable_status: "ok" });
    // A template the sync refuses to lay: C -> A closes a cycle (the template routes refuse it; rows allow it),
    // and a renamed task that must not reach the instances.
    await t
      .db("event_template_pro_links")
      .insert({ project_id: f.p.id, parent_id: f.tasks.C, child_id: f.tasks.A, type: "end-begin", delay: 0 });
    await t.db("event_template_pros").where({ id: f.tasks.B }).update({ name: "Électricité CFO" });
    const snapshot = async () => ({
      ...(await written(f.p)),
      rows: await t
        .db("events")
        .where({ project_id: f.p.id })
        .orderBy("id")
        .select("id", "name", "start_date", "end_date", "number_of_days"),
      writeCounter: (await t.db("versions").where({ id: f.p.versionId }).first("write_counter")).write_counter,
    });
    const before = await snapshot();
    t.emitted.length = 0;
    const sync = await t.request("POST", `/sequence-template-pro/${f.template}/synchronize`, {
      token: manager.token,
      body: {},
    });
    expect(sync.status).toBe(400);
    expect(sync.body.code).toBe("errors.cycle");
    expect((await t.db("sequence_template_pros").where({ id: f.template }).first()).synchronizable_status).toBe(
      "partial",
    );
    expect((await t.db("sequences").where({ id: train }).first()).synchronizable_status).toBe("partial");
    expect(await snapshot()).toEqual(before);
    expect(t.emitted.map((e) => e.event)).toEqual([
      "reference:update",
      "reference:update:error",
      "sequenceTemplate:endSync:error",
    ]);
    expect(t.emitted[0].data).toEqual({ resource: "sequenceTemplatePro", synchronizableStatus: "partial" });
    expect(t.emitted[2]).toMatchObject({ ids: [f.template], initiatorId: manager.id, code: "errors.cycle" });
  });

  it("refuses an unknown template and other users; nothing written", async () => {
    const f = await fixture();
    await instantiate(f);
    await t.db("sequence_template_pros").where({ id: f.template }).update({ synchronizable_status: "ok" });
    const status = "ok";
    const before = await written(f.p);
    const missing = await t.request("POST", "/sequence-template-pro/2000000000/synchronize", {
      token: manager.token,
      body: {},
    });
    expect(missing.status).toBe(404);
    for (const token of [outsider.token, external.token, guestToken]) {
      const r = await t.request("POST", `/sequence-template-pro/${f.template}/synchronize`, { token, body: {} });
      expect([401, 403]).toContain(r.status);
    }
    expect(await written(f.p)).toEqual(before);
    // Refused before the start: the status is not touched either.
    expect((await t.db("sequence_template_pros").where({ id: f.template }).first()).synchronizable_status).toBe(status);
  });
});

describe("version copy", () => {
  it("copies a train with its instances, roles and overrides, and the copy can be laid again", async () => {
    const f = await fixture();
    const res = await instantiate(f);
    const b2 = (res.body.events as Ev[]).find((e) => e.zoneId === f.zones[1].id && e.eventTemplateProId === f.tasks.B)!;
    await t.request("PATCH", `/event/${b2.id}`, { token: manager.token, body: { numberOfDays: 6 } });
    const v = await t.request("POST", "/version", { token: manager.token, body: { name: "V2", projectId: f.p.id } });
    expect(v.status).toBe(201);
    const v2 = v.body.id as number;
    const cfg2 = await t.db("instantiation_configs").where({ version_id: v2 }).first();
    expect(cfg2.event_template_overrides).toEqual(
      (await t.db("instantiation_configs").where({ id: res.body.instantiationConfigId }).first())
        .event_template_overrides,
    );
    const instances = await t
      .db("sequences")
      .where({ version_id: v2 })
      .whereNotNull("instance_index")
      .orderBy("instance_index");
    expect(instances.map((s) => s.instance_index)).toEqual([1, 2, 3, 4]);
    expect(await countRows(t.db, "events", { version_id: v2, instance_role: 4 })).toBe(12);
    const up = await t.request("PATCH", `/event/recurring/${cfg2.id}`, { token: manager.token, body: { takt: 2 } });
    expect(up.status).toBe(200);
    const zone2 = await t.db("zones").where({ version_id: v2, name: "Z2" }).first("id");
    expect(table(up.body.events)[zone2.id][f.tasks.B]).toEqual([d(8), d(13)]);
    // The first version is untouched.
    expect(await t.db("instantiation_configs").where({ id: res.body.instantiationConfigId }).first("takt")).toEqual({
      takt: 5,
    });
  });
});

describe("zones holding instances", () => {
  it("refuses to change the typology or unity of a zone that holds instances", async () => {
    const f = await fixture();
    await instantiate(f);
    const z = f.zones[0].id;
    const res = await t.request("PATCH", `/zone/${z}`, { token: manager.token, body: { typology: "bureau" } });
    expect([res.status, res.body.code]).toEqual([409, "cant_change_unity_zone_with_events"]);
    const unity = await t.request("PATCH", `/zone/${z}`, { token: manager.token, body: { unity: "micro" } });
    expect(unity.body.code).toBe("cant_change_unity_zone_with_events");
    expect((await t.db("zones").where({ id: z }).first()).typology).toBe("logement");
  });
});
