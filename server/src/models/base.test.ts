import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp } from "../../test/helpers/app.js";
import { buildLot, buildProject, startWithUsers, type BuiltUser } from "../../test/helpers/factories.js";
import { presentHolidays, type HolidayDbRow } from "../routes/holiday/holiday.presenter.js";

let t: TestApp, manager: BuiltUser;
beforeAll(async () => void ({ t, manager } = await startWithUsers()));
afterAll(async () => t?.close());

describe("loadGraph", () => {
  // One fetchGraph over 70,000 rows asks for 70,000 parameters; PostgreSQL refuses past 65,535.
  it("loads a relation for more rows than one statement takes, in the rows' order", async () => {
    const p = await buildProject(t, manager);
    const lot = await buildLot(t.db, p, { name: "Gros œuvre" });
    await t.db.raw(
      `insert into holidays (project_id, version_id, name, start_date, end_date)
       select ?::int, ?::int, 'Férié ' || n, date '2030-01-01' + n, date '2030-01-01' + n
         from generate_series(1, 70000) n`,
      [p.id, p.versionId],
    );
    const last = await t.db("holidays").where({ version_id: p.versionId }).max("id as id").first();
    await t.db("holiday_lots").insert({
      version_id: p.versionId,
      holiday_id: last!.id,
      participant_group_pro_id: lot.id,
    });
    const rows = (await t
      .db("holidays")
      .where({ version_id: p.versionId })
      .orderBy("id", "desc")
      .select("*")) as HolidayDbRow[];
    const holidays = await presentHolidays(t.db, rows);
    expect(holidays.map((h) => h.id)).toEqual(rows.map((r) => r.id));
    expect(holidays[0].participantsGroupPro.map((l) => l.name)).toEqual(["Gros œuvre"]);
    expect(holidays[1].participantsGroupPro).toEqual([]);
  }, 120_000);
});
