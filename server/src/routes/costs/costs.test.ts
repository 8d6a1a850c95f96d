import ExcelJS from "exceljs";
import { productivityColour, productivityRatio } from "@jalon/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildProject,
  buildUser,
  buildZone,
  type BuiltProject,
  type BuiltUser,
  startWithUsers,
} from "../../../test/helpers/factories.js";
import type { AuthUser } from "../../context.js";
import { clearCostsCache } from "./costs.cache.js";
import { isoWeek } from "./costs.presenter.js";
import { computeProductivity } from "./costs.routes.js";

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser, guest: BuiltUser;
beforeAll(async () => {
  ({ t, manager, external, outsider } = await startWithUsers());
  guest = await buildUser(t, { type: "guest" });
});
afterAll(async () => t?.close());

interface Site {
  p: BuiltProject;
  referent: number;
  macro: number;
  zone: number;
  otherZone: number;
}

/**
 * Current version: macro-task "Gros œuvre" in zone "Bâtiment A".
 * - task A Mon 2 - Fri 6 March 2026 (5 working days, 2 people); labour line "Béton" 100 €/m³, 10 m³ on A
 *   (1,000 €), counted 50 % on Wed 4 March;
 * - task B Thu 5 - Wed 11 March (5 working days, 3 people); supply line "Acier" 2 €/kg, 500 kg on B at its own
 *   price 3 €/kg (1,500 €: 2/5 in the week of 2 March, 3/5 in the week of 9 March), not ordered.
 * - a supply line "Coffrages" on the macro-task in zone A with no task (its start: the macro-task's first, 2 March).
 * Referent version (same tracking ids): task A' 5 days x 2 people, "Béton" 10 m³ at 100 €.
 */
async function site(members: BuiltUser[] = []): Promise<Site> {
  const p = await buildProject(t, manager, { members });
  await t.db("projects").where({ id: p.id }).update({ signed_version_id: p.versionId });
  const [macro] = await t
    .db("macro_tasks")
    .insert({ project_id: p.id, version_id: p.versionId, name: "Gros œuvre" })
    .returning(["id", "tracking_id"]);
  const zone = await buildZone(t.db, p, { name: "Bâtiment A" });
  const otherZone = await buildZone(t.db, p, { name: "Bâtiment B" });
  const a = await buildEvent(t.db, p, {
    name: "Voiles",
    start_date: "2026-03-02",
    end_date: "2026-03-06",
    number_of_days: 5,
    number_of_people: 2,
    macro_task_id: macro.id,
    zone_id: zone.id,
  });
  const b = await buildEvent(t.db, p, {
    name: "Dalle",
    start_date: "2026-03-05",
    end_date: "2026-03-11",
    number_of_days: 5,
    number_of_people: 3,
    macro_task_id: macro.id,
    zone_id: zone.id,
  });
  const line = async (v: number, values: Record<string, unknown>) =>
    (
      await t
        .db("order_lines")
        .insert({ project_id: p.id, version_id: v, ...values })
        .returning(["id", "tracking_id"])
    )[0];
  const task = (v: number, values: Record<string, unknown>) =>
    t.db("order_line_tasks").insert({ project_id: p.id, version_id: v, ...values });
  const beton = await line(p.versionId, {
    label: "Béton",
    type: "labor",
    unit: "m³",
    price: 100,
    macro_task_id: macro.id,
  });
  const acier = await line(p.versionId, {
    label: "Acier",
    type: "supply",
    unit: "kg",
    price: 2,
    macro_task_id: macro.id,
  });
  const coffrages = await line(p.versionId, {
    label: "Coffrages",
    type: "supply",
    unit: "U",
    price: 50,
    macro_task_id: macro.id,
  });
  await task(p.versionId, { order_line_id: beton.id, event_id: a.id, zone_id: zone.id, quantity: 10 });
  await task(p.versionId, { order_line_id: acier.id, event_id: b.id, zone_id: zone.id, quantity: 500, price: 3 });
  await task(p.versionId, { order_line_id: coffrages.id, zone_id: zone.id, quantity: 4, price_supply: 180 });
  await t.db("countings").insert({
    project_id: p.id,
    version_id: p.versionId,
    event_id: a.id,
    counting_date: "2026-03-04",
    percentage: 50,
  });

  const [ref] = await t
    .db("versions")
    .insert({ project_id: p.id, name: "Référence", is_referent_version: true })
    .returning("id");
  const r: BuiltProject = { id: p.id, versionId: ref.id as number };
  const [rm] = await t
    .db("macro_tasks")
    .insert({ project_id: p.id, version_id: r.versionId, name: "Gros œuvre", tracking_id: macro.tracking_id })
    .returning("id");
  const rz = await buildZone(t.db, r, { name: "Bâtiment A", tracking_id: zone.tracking_id });
  const ra = await buildEvent(t.db, r, {
    name: "Voiles",
    start_date: "2026-03-02",
    end_date: "2026-03-06",
    number_of_days: 5,
    number_of_people: 2,
    macro_task_id: rm.id,
    zone_id: rz.id,
    tracking_id: a.tracking_id,
  });
  const rb = await line(r.versionId, {
    label: "Béton",
    type: "labor",
    unit: "m³",
    price: 100,
    macro_task_id: rm.id,
    tracking_id: beton.tracking_id,
  });
  await task(r.versionId, { order_line_id: rb.id, event_id: ra.id, zone_id: rz.id, quantity: 10 });
  return { p, referent: r.versionId, macro: macro.id, zone: zone.id, otherZone: otherZone.id };
}

const get = (token: string, path: string) => t.request("GET", path, { token });

describe("the productivity rules", () => {
  it("colours a ratio: equal or missing neutral, above the referent a warning, below good", () => {
    expect(productivityColour(null, 2)).toBe("neutral");
    expect(productivityColour(2, null)).toBe("neutral");
    expect(productivityColour(null, null)).toBe("neutral");
    expect(productivityColour(Number.NaN, 1)).toBe("neutral");
    expect(productivityColour(1.5, 1.5)).toBe("neutral");
    expect(productivityColour(1.5, 1.51)).toBe("warning");
    expect(productivityColour(1.5, 1.49)).toBe("good");
  });

  it("divides hours by the value (per 1,000 € by price), rounded to 2 decimals, none without a value", () => {
    expect(productivityRatio(175, 500, "quantity")).toBe(0.35);
    expect(productivityRatio(10, 3, "quantity")).toBe(3.33);
    expect(productivityRatio(175, 2500, "price")).toBe(70);
    expect(productivityRatio(10, 0, "quantity")).toBeNull();
  });

  it("numbers weeks the ISO way", () => {
    expect(isoWeek("2026-03-02")).toBe(10);
    expect(isoWeek("2025-12-29")).toBe(1);
    expect(isoWeek("2027-01-04")).toBe(1);
  });
});

describe("GET /costs/finance", () => {
  it("answers the weekly planned and realized amounts and their sums, against the referent version", async () => {
    const s = await site();
    const res = await get(manager.token, `/costs/finance?projectId=${s.p.id}&versionId=${s.p.versionId}`);
    expect(res.status).toBe(200);
    expect(res.body.referentVersionId).toBe(s.referent);
    expect(res.body.versionList.map((v: { id: number }) => v.id)).toEqual([s.p.versionId, s.referent]);
    const weeks = res.body.weeks.map((w: Record<string, unknown>) => ({ ...w, versions: undefined }));
    expect(weeks).toEqual([
      {
        realWeek: 10,
        startDate: "2026-03-02",
        planned: 1600,
        realized: 500,
        planned_accumulated: 1600,
        realized_accumulated: 500,
        versions: undefined,
      },
      {
        realWeek: 11,
        startDate: "2026-03-09",
        planned: 900,
        realized: 0,
        planned_accumulated: 2500,
        realized_accumulated: 500,
        versions: undefined,
      },
    ]);
    expect(res.body.weeks[1].versions[String(s.referent)]).toEqual({ planned: 0, planned_accumulated: 1000 });
    expect(res.body.totals).toEqual({ planned: 2500, realized: 500 });
  });

  it("spreads a task over its working days: first week, full weeks, last week; a week-end task in its week", async () => {
    const p = await buildProject(t, manager);
    const long = await buildEvent(t.db, p, { start_date: "2026-03-12", end_date: "2026-03-24", number_of_days: 9 });
    const weekend = await buildEvent(t.db, p, { start_date: "2026-03-28", end_date: "2026-03-29", number_of_days: 1 });
    const [line] = await t
      .db("order_lines")
      .insert({ project_id: p.id, version_id: p.versionId, label: "Enduits", price: 10 })
      .returning("id");
    await t.db("order_line_tasks").insert([
      { project_id: p.id, version_id: p.versionId, order_line_id: line.id, event_id: long.id, quantity: 90 },
      { project_id: p.id, version_id: p.versionId, order_line_id: line.id, event_id: weekend.id, quantity: 7 },
    ]);
    const res = await get(manager.token, `/costs/finance?projectId=${p.id}&versionIds=${p.versionId}`);
    expect(res.body.weeks.map((w: { startDate: string; planned: number }) => [w.startDate, w.planned])).toEqual([
      ["2026-03-09", 200],
      ["2026-03-16", 500],
      ["2026-03-23", 270],
    ]);
  });

  it("filters by line type and zone, and compares the versions asked", async () => {
    const s = await site();
    const base = `/costs/finance?projectId=${s.p.id}&versionId=${s.p.versionId}`;
    const labor = await get(manager.token, `${base}&orderLineType=labor`);
    expect(labor.body.weeks.map((w: { planned: number }) => w.planned)).toEqual([1000]);
    const elsewhere = await get(manager.token, `${base}&zoneIds=${s.otherZone}`);
    expect(elsewhere.body.weeks).toEqual([]);
    const alone = await get(manager.token, `${base}&versionIds=${s.p.versionId}`);
    expect(alone.body.versionList).toHaveLength(1);
  });

  it("answers anew after a change of an order-line task, a counting or a task (the kept series are dropped)", async () => {
    const s = await site();
    const path = `/costs/finance?projectId=${s.p.id}&versionId=${s.p.versionId}`;
    expect((await get(manager.token, path)).body.totals).toEqual({ planned: 2500, realized: 500 });
    await t.db("order_line_tasks").where({ version_id: s.p.versionId, quantity: 10 }).update({ quantity: 20 });
    expect((await get(manager.token, path)).body.totals).toEqual({ planned: 3500, realized: 1000 });
    const [a] = await t.db("events").where({ version_id: s.p.versionId, name: "Voiles" }).select("id");
    await t.db("countings").insert({
      project_id: s.p.id,
      version_id: s.p.versionId,
      event_id: a.id,
      counting_date: "2026-03-10",
      percentage: 100,
    });
    expect((await get(manager.token, path)).body.totals).toEqual({ planned: 3500, realized: 2000 });
    await t.db("events").where({ id: a.id }).update({ start_date: "2026-03-09", end_date: "2026-03-13" });
    const moved = await get(manager.token, path);
    expect(moved.body.weeks.map((w: { planned: number }) => w.planned)).toEqual([600, 2900]);
  });

  it("reads the realized amounts of another version from the signed version's countings (tracking ids)", async () => {
    const s = await site();
    // The referent asked: its own "Béton" (1,000 €) realized by the 50 % counted on the signed version's task A.
    const res = await get(manager.token, `/costs/finance?projectId=${s.p.id}&versionId=${s.referent}`);
    expect(res.body.versionList.map((v: { id: number }) => v.id)).toEqual([s.referent]);
    expect(res.body.weeks.map((w: { startDate: string; planned: number; realized: number }) => w)).toMatchObject([
      { startDate: "2026-03-02", planned: 1000, realized: 500 },
    ]);
    expect(res.body.totals).toEqual({ planned: 1000, realized: 500 });
  });

  it("refuses more than 4 versions and a version of another project", async () => {
    const s = await site();
    const other = await buildProject(t, manager);
    const many = await get(manager.token, `/costs/finance?projectId=${s.p.id}&versionIds=1,2,3,4,5`);
    expect([many.status, many.body.code]).toEqual([400, "errors.compare_max_versions"]);
    const foreign = await get(manager.token, `/costs/finance?projectId=${s.p.id}&versionIds=${other.versionId}`);
    expect([foreign.status, foreign.body.code]).toEqual([400, "errors.version_not_in_project"]);
    const wrong = await get(manager.token, `/costs/finance?projectId=${s.p.id}&versionId=${other.versionId}`);
    expect([wrong.status, wrong.body.code]).toEqual([400, "errors.version_not_in_project"]);
    const none = await get(manager.token, `/costs/finance`);
    expect(none.status).toBe(400);
  });
});

describe("GET /costs/productivity/{orderBy}", () => {
  it("by quantity: hours, values and ratios per macro-task, zone and unit, against the referent", async () => {
    const s = await site();
    const res = await get(manager.token, `/costs/productivity/quantity?projectId=${s.p.id}&versionId=${s.p.versionId}`);
    expect(res.status).toBe(200);
    expect(res.body.referentVersionId).toBe(s.referent);
    expect(res.body.data).toEqual([
      {
        macroTaskId: s.macro,
        macroTask: "Gros œuvre",
        zoneId: s.zone,
        zone: "Bâtiment A",
        unit: "kg",
        referentHours: 70,
        currentHours: 175,
        referentValue: 0,
        currentValue: 500,
        referentRatio: null,
        currentRatio: 0.35,
        colour: "neutral",
      },
      {
        macroTaskId: s.macro,
        macroTask: "Gros œuvre",
        zoneId: s.zone,
        zone: "Bâtiment A",
        unit: "m³",
        referentHours: 70,
        currentHours: 175,
        referentValue: 10,
        currentValue: 10,
        referentRatio: 7,
        currentRatio: 17.5,
        colour: "warning",
      },
      {
        macroTaskId: s.macro,
        macroTask: "Gros œuvre",
        zoneId: s.zone,
        zone: "Bâtiment A",
        unit: "U",
        referentHours: 70,
        currentHours: 175,
        referentValue: 0,
        currentValue: 4,
        referentRatio: null,
        currentRatio: 43.75,
        colour: "neutral",
      },
    ]);
  });

  it("by price, and with the filters lineType, macro-tasks, tags and zones", async () => {
    const s = await site();
    const base = `/costs/productivity/price?projectId=${s.p.id}&versionId=${s.p.versionId}`;
    const price = await get(manager.token, base);
    expect(price.body.data).toHaveLength(1);
    expect(price.body.data[0]).toMatchObject({
      unit: null,
      currentHours: 175,
      currentValue: 2700,
      referentValue: 1000,
      referentRatio: 70,
      currentRatio: 64.81,
      colour: "good",
    });
    const labor = await get(manager.token, `${base}&orderLineType=labor`);
    expect(labor.body.data[0].currentValue).toBe(1000);
    expect((await get(manager.token, `${base}&macroTaskIds=${s.macro}`)).body.data).toHaveLength(1);
    expect((await get(manager.token, `${base}&zoneIds=${s.otherZone}`)).body.data).toEqual([]);
    const [tag] = await t
      .db("tags")
      .insert({ project_id: s.p.id, version_id: s.p.versionId, name: "Étage" })
      .returning("id");
    expect((await get(manager.token, `${base}&tagIds=${tag.id}`)).body.data).toEqual([]);
    await t.db("macro_task_tags").insert({ version_id: s.p.versionId, macro_task_id: s.macro, tag_id: tag.id });
    expect((await get(manager.token, `${base}&tagIds=${tag.id}`)).body.data).toHaveLength(1);
    const self = await get(manager.token, `${base}&referentVersionId=${s.p.versionId}`);
    expect(self.body.data[0].colour).toBe("neutral");
  });

  it("names a row held by the referent alone with the referent's macro-task and zone", async () => {
    const s = await site();
    const [charpente] = await t
      .db("macro_tasks")
      .insert({ project_id: s.p.id, version_id: s.referent, name: "Charpente" })
      .returning("id");
    const r: BuiltProject = { id: s.p.id, versionId: s.referent };
    const comble = await buildZone(t.db, r, { name: "Comble" });
    await buildEvent(t.db, r, {
      start_date: "2026-03-02",
      end_date: "2026-03-03",
      number_of_days: 2,
      number_of_people: 1,
      macro_task_id: charpente.id,
      zone_id: comble.id,
    });
    const res = await get(manager.token, `/costs/productivity/price?projectId=${s.p.id}&versionId=${s.p.versionId}`);
    // French order: "Charpente" before "Gros œuvre".
    expect(res.body.data.map((row: { macroTask: string }) => row.macroTask)).toEqual(["Charpente", "Gros œuvre"]);
    expect(res.body.data[0]).toMatchObject({
      macroTaskId: charpente.id,
      zoneId: comble.id,
      zone: "Comble",
      referentHours: 14,
      currentHours: 0,
    });
  });

  it("sums decimal people, quantities and prices exactly (0.1 + 0.2 m³ make 0.3)", async () => {
    const p = await buildProject(t, manager);
    const [macro] = await t
      .db("macro_tasks")
      .insert({ project_id: p.id, version_id: p.versionId, name: "Enduits" })
      .returning("id");
    const zone = await buildZone(t.db, p, { name: "Hall" });
    const task = (people: number) =>
      buildEvent(t.db, p, {
        start_date: "2026-03-02",
        end_date: "2026-03-04",
        number_of_days: 3,
        number_of_people: people,
        macro_task_id: macro.id,
        zone_id: zone.id,
      });
    const a = await task(1.1);
    const b = await task(2.2);
    const [line] = await t
      .db("order_lines")
      .insert({
        project_id: p.id,
        version_id: p.versionId,
        label: "Enduit",
        unit: "m³",
        price: 33.33,
        macro_task_id: macro.id,
      })
      .returning("id");
    await t.db("order_line_tasks").insert([
      { project_id: p.id, version_id: p.versionId, order_line_id: line.id, event_id: a.id, quantity: 0.1 },
      { project_id: p.id, version_id: p.versionId, order_line_id: line.id, event_id: b.id, quantity: 0.2, price: 0.07 },
    ]);
    const base = `/costs/productivity/%s?projectId=${p.id}&versionId=${p.versionId}&referentVersionId=${p.versionId}`;
    const quantity = await get(manager.token, base.replace("%s", "quantity"));
    // (1.1 + 2.2) people x 3 days x 7 h = 69.3 h; 0.3 m³.
    expect(quantity.body.data).toMatchObject([
      { unit: "m³", currentHours: 69.3, currentValue: 0.3, currentRatio: 231 },
    ]);
    const price = await get(manager.token, base.replace("%s", "price"));
    // 33.33 x 0.1 + 0.07 x 0.2 = 3.347 €.
    expect(price.body.data).toMatchObject([{ unit: null, currentHours: 69.3, currentValue: 3.35 }]);
  });

  it("answers a page of the table (50 rows by default, limit and offset), sorted on the column asked", async () => {
    const s = await site();
    const base = `/costs/productivity/quantity?projectId=${s.p.id}&versionId=${s.p.versionId}`;
    const first = await get(manager.token, base);
    expect([first.body.count, first.body.total]).toEqual([3, 3]);
    const page = await get(manager.token, `${base}&limit=2&offset=1`);
    expect([page.body.count, page.body.total]).toEqual([2, 3]);
    expect(page.body.data.map((r: { unit: string }) => r.unit)).toEqual(["m³", "U"]);
    const units = async (sort: string) =>
      (await get(manager.token, `${base}&sort=${sort}`)).body.data.map((r: { unit: string }) => r.unit);
    expect(await units("currentRatio,DESC")).toEqual(["U", "m³", "kg"]);
    // No referent ratio sorts last, whichever the direction; ties keep the default order.
    expect(await units("referentRatio,ASC")).toEqual(["m³", "kg", "U"]);
    expect(await units("referentRatio,DESC")).toEqual(["m³", "kg", "U"]);
    expect(await units("macroTask,DESC")).toEqual(["U", "m³", "kg"]);
    expect(await units("unit,DESC")).toEqual(["U", "m³", "kg"]);
    // A new line in another zone: a fourth row, kept tables dropped.
    await t.db("order_line_tasks").insert({
      project_id: s.p.id,
      version_id: s.p.versionId,
      order_line_id: (await t.db("order_lines").where({ version_id: s.p.versionId, label: "Béton" }).first("id")).id,
      zone_id: s.otherZone,
      quantity: 3,
    });
    const more = await get(manager.token, `${base}&sort=zone,DESC`);
    expect([more.body.total, more.body.data[0].zone]).toEqual([4, "Bâtiment B"]);
  });

  it("cuts the default order's pages in PostgreSQL exactly as the whole table would be sliced", async () => {
    const s = await site();
    const v: BuiltProject = { id: s.p.id, versionId: s.p.versionId };
    const r: BuiltProject = { id: s.p.id, versionId: s.referent };
    // Names the French order must rank (accents, case, digits), two macro-tasks of one name, a task without a zone,
    // lines without a unit or with an empty one, a row of the referent alone.
    const macro = async (b: BuiltProject, name: string) =>
      (await t.db("macro_tasks").insert({ project_id: b.id, version_id: b.versionId, name }).returning("*"))[0];
    const macros = [
      await macro(v, "Électricité"),
      await macro(v, "Gros œuvre"),
      await macro(v, "enduits"),
      await macro(v, "Zinguerie"),
      await macro(v, "Gros œuvre"),
    ];
    const zones = [
      await buildZone(t.db, v, { name: "Zone 10" }),
      await buildZone(t.db, v, { name: "Zone 9" }),
      await buildZone(t.db, v, { name: "bâtiment c" }),
      s.zone,
      null,
    ];
    const units = ["m²", null, "", "U"];
    let k = 0;
    for (const m of macros)
      for (const z of zones) {
        k++;
        const e = await buildEvent(t.db, v, {
          start_date: "2026-03-02",
          end_date: "2026-03-04",
          number_of_days: 3,
          number_of_people: 1 + (k % 3),
          macro_task_id: m.id,
          zone_id: typeof z === "number" ? z : (z?.id ?? null),
        });
        if (k % 4 === 0) continue;
        const [line] = await t
          .db("order_lines")
          .insert({
            project_id: s.p.id,
            version_id: s.p.versionId,
            label: `Ligne ${k}`,
            type: k % 2 ? "labor" : "supply",
            unit: units[k % units.length],
            price: 10 + k,
            macro_task_id: m.id,
          })
          .returning("id");
        const lineTask = { project_id: s.p.id, version_id: s.p.versionId, event_id: e.id, quantity: k };
        await t.db("order_line_tasks").insert({ ...lineTask, order_line_id: line.id });
        // An empty unit and no unit rank alike: the rows of one macro-task and zone then put no unit first.
        if (units[k % units.length] === "") {
          const [twin] = await t
            .db("order_lines")
            .insert({ project_id: s.p.id, version_id: s.p.versionId, label: `Ligne ${k} bis`, type: "labor", price: 3 })
            .returning("id");
          await t.db("order_line_tasks").insert({ ...lineTask, order_line_id: twin.id });
        }
      }
    const alone = await macro(r, "Charpente");
    await buildEvent(t.db, r, { number_of_days: 2, number_of_people: 1, macro_task_id: alone.id });
    const user = (await t
      .db("users")
      .where({ id: manager.id })
      .first("id", "email", "firstname", "lastname", "type")) as AuthUser;
    for (const orderBy of ["quantity", "price"] as const)
      for (const direction of ["ASC", "DESC"] as const) {
        const q = { projectId: s.p.id, versionId: s.p.versionId, sort: { field: "macroTask" as const, direction } };
        clearCostsCache();
        const whole = await computeProductivity(t.db, user, orderBy, { ...q, limit: 50, offset: 0 }, true);
        expect(whole.total).toBeGreaterThan(20);
        for (const [offset, limit] of [
          [0, 50],
          [0, 7],
          [5, 9],
          [whole.total - 3, 10],
          [whole.total + 2, 5],
        ]) {
          clearCostsCache();
          const page = await computeProductivity(t.db, user, orderBy, { ...q, limit, offset });
          expect(page.total).toBe(whole.total);
          expect(page.data).toEqual(whole.data.slice(offset, offset + limit));
        }
      }
  });

  it("refuses a bad page or an unknown sort, nothing answered", async () => {
    const s = await site();
    const base = `/costs/productivity/price?projectId=${s.p.id}`;
    const limit = await get(manager.token, `${base}&limit=many`);
    expect([limit.status, limit.body.code]).toEqual([400, "errors.invalid_pagination"]);
    const offset = await get(manager.token, `${base}&offset=-1`);
    expect([offset.status, offset.body.code]).toEqual([400, "errors.invalid_pagination"]);
    const sort = await get(manager.token, `${base}&sort=hours,ASC`);
    expect([sort.status, sort.body.code]).toEqual([400, "errors.unknown_sort_field"]);
  });

  it("exports both tables as .xlsx that a spreadsheet reads back", async () => {
    const s = await site();
    for (const orderBy of ["quantity", "price"]) {
      const res = await t.request(
        "GET",
        `/costs/productivity/${orderBy}/export?projectId=${s.p.id}&versionId=${s.p.versionId}`,
        { token: manager.token },
      );
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("spreadsheetml");
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load(res.body as unknown as ArrayBuffer);
      const ws = wb.worksheets[0];
      const header = (ws.getRow(1).values as unknown[]).slice(1);
      expect(header[0]).toBe("Macro-tâche");
      expect(header).toContain("Écart");
      if (orderBy === "quantity") {
        expect(ws.rowCount).toBe(4);
        expect((ws.getRow(3).values as unknown[]).slice(1)).toEqual([
          "Gros œuvre",
          "Bâtiment A",
          "m³",
          70,
          175,
          10,
          10,
          7,
          17.5,
          "Moins productif",
        ]);
      } else {
        expect(ws.rowCount).toBe(2);
        expect(ws.getRow(2).getCell(9).value).toBe("Plus productif");
      }
    }
  });

  it("refuses an unknown order and a bad line type", async () => {
    const s = await site();
    const bad = await get(manager.token, `/costs/productivity/hours?projectId=${s.p.id}`);
    expect(bad.status).toBe(400);
    const type = await get(manager.token, `/costs/productivity/price?projectId=${s.p.id}&orderLineType=wood`);
    expect(type.status).toBe(400);
    const other = await buildProject(t, manager);
    const ref = await get(
      manager.token,
      `/costs/productivity/price?projectId=${s.p.id}&referentVersionId=${other.versionId}`,
    );
    expect([ref.status, ref.body.code]).toEqual([400, "errors.version_not_in_project"]);
  });
});

describe("GET /costs/supply", () => {
  it("lists supply lines with their start date from the tasks, late when not ordered by then", async () => {
    const s = await site();
    const res = await get(
      manager.token,
      `/costs/supply?projectId=${s.p.id}&versionId=${s.p.versionId}&date=2026-03-04`,
    );
    expect(res.status).toBe(200);
    expect(
      res.body.data.map((l: Record<string, unknown>) => [
        l.label,
        l.startDate,
        l.isOrdered,
        l.isLate,
        l.amount,
        l.priceSupply,
      ]),
    ).toEqual([
      ["Coffrages", "2026-03-02", false, true, 200, 180],
      ["Acier", "2026-03-05", false, false, 1500, null],
    ]);
    await t.db("order_line_tasks").where({ version_id: s.p.versionId, price_supply: 180 }).update({ is_ordered: true });
    const later = await get(
      manager.token,
      `/costs/supply?projectId=${s.p.id}&versionId=${s.p.versionId}&date=2026-03-05`,
    );
    expect(later.body.data.map((l: { isLate: boolean }) => l.isLate)).toEqual([false, true]);
    const bad = await get(manager.token, `/costs/supply?projectId=${s.p.id}&date=2026-02-30`);
    expect(bad.status).toBe(400);
  });
});

describe("permissions", () => {
  it("refuses a manager of another project, an external member and a guest member", async () => {
    const s = await site([external, guest]);
    for (const u of [outsider, external, guest]) {
      for (const path of [
        `/costs/supply?projectId=${s.p.id}`,
        `/costs/finance?projectId=${s.p.id}`,
        `/costs/productivity/quantity?projectId=${s.p.id}`,
        `/costs/productivity/price/export?projectId=${s.p.id}`,
      ]) {
        const res = await get(u.token, path);
        expect(res.status, `${u.type} ${path}`).toBe(403);
      }
    }
    const anonymous = await t.request("GET", `/costs/supply?projectId=${s.p.id}`);
    expect(anonymous.status).toBe(401);
  });
});
