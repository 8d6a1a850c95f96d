import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./knex.js";
import { openTestDb } from "../../test/helpers/db.js";
import { copyVersionRows } from "./versionCopy.js";

// The statement-level checks that replaced the per-row foreign keys of links and history (migration 007) keep
// what the keys guaranteed, on PGlite and PostgreSQL alike.
let db: Db;
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, close } = await openTestDb());
});

afterAll(async () => close?.());

async function version(projectId?: number) {
  const project = projectId ?? ((await db("projects").insert({ name: "Intégrité" }).returning("id"))[0].id as number);
  const [v] = await db("versions").insert({ project_id: project, name: "V" }).returning("id");
  const base = { project_id: project, version_id: v.id as number };
  const ev = await db("events")
    .insert([
      { ...base, name: "A", type: "task", number_of_days: 1, start_date: "2026-02-02", end_date: "2026-02-02" },
      { ...base, name: "B", type: "task", number_of_days: 1, start_date: "2026-02-03", end_date: "2026-02-03" },
      { ...base, name: "C", type: "task", number_of_days: 1, start_date: "2026-02-04", end_date: "2026-02-04" },
    ])
    .returning("id");
  return { base, ids: ev.map((e: { id: number }) => e.id) as number[] };
}

const fkViolation = { code: "23503" };

describe("links: events of the link's own version, checked per statement", () => {
  it("accepts links between events of one version, many in one statement", async () => {
    const v = await version();
    await db("event_links").insert([
      { ...v.base, parent_id: v.ids[0], child_id: v.ids[1] },
      { ...v.base, parent_id: v.ids[1], child_id: v.ids[2] },
    ]);
    expect(await db("event_links").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 2 }]);
  });

  it("refuses a missing event, an event of another version, or another project, and writes nothing", async () => {
    const v = await version();
    const other = await version(v.base.project_id);
    const stranger = await version();
    await expect(
      db("event_links").insert([
        { ...v.base, parent_id: v.ids[0], child_id: v.ids[1] },
        { ...v.base, parent_id: v.ids[1], child_id: 2_000_000_000 },
      ]),
    ).rejects.toMatchObject(fkViolation);
    await expect(
      db("event_links").insert({ ...v.base, parent_id: v.ids[0], child_id: other.ids[0] }),
    ).rejects.toMatchObject(fkViolation);
    await expect(
      db("event_links").insert({ ...v.base, parent_id: other.ids[0], child_id: v.ids[0] }),
    ).rejects.toMatchObject(fkViolation);
    await expect(
      db("event_links").insert({
        ...v.base,
        project_id: stranger.base.project_id,
        parent_id: v.ids[0],
        child_id: v.ids[1],
      }),
    ).rejects.toMatchObject(fkViolation);
    expect(await db("event_links").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 0 }]);
    const [link] = await db("event_links")
      .insert({ ...v.base, parent_id: v.ids[0], child_id: v.ids[1] })
      .returning("id");
    await expect(db("event_links").where({ id: link.id }).update({ child_id: other.ids[1] })).rejects.toMatchObject(
      fkViolation,
    );
  });

  it("deleting events deletes their links (either end), as ON DELETE CASCADE did", async () => {
    const v = await version();
    await db("event_links").insert([
      { ...v.base, parent_id: v.ids[0], child_id: v.ids[1] },
      { ...v.base, parent_id: v.ids[1], child_id: v.ids[2] },
      { ...v.base, parent_id: v.ids[0], child_id: v.ids[2] },
    ]);
    await db("events").where({ id: v.ids[1] }).delete();
    expect(await db("event_links").where({ version_id: v.base.version_id }).select("parent_id", "child_id")).toEqual([
      { parent_id: v.ids[0], child_id: v.ids[2] },
    ]);
    // Deleting the version deletes its events, and with them their links.
    await db("versions").where({ id: v.base.version_id }).delete();
    expect(await db("event_links").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 0 }]);
  });

  it("refuses moving a linked event to another version; an unlinked one may", async () => {
    const v = await version();
    const other = await version(v.base.project_id);
    await db("event_links").insert({ ...v.base, parent_id: v.ids[0], child_id: v.ids[1] });
    await expect(
      db("events").where({ id: v.ids[1] }).update({ version_id: other.base.version_id }),
    ).rejects.toMatchObject(fkViolation);
    await db("events").where({ id: v.ids[2] }).update({ version_id: other.base.version_id });
    // Naming the key columns with their own values is no change.
    await db("events").where({ id: v.ids[0] }).update({ version_id: v.base.version_id, name: "A2" });
  });
});

describe("history: a log that outlives its event and user, tied to its version", () => {
  it("refuses a row for a missing version or a version of another project", async () => {
    const v = await version();
    const stranger = await version();
    const row = { event_tracking_id: 1, field_name: "startDate", previous_value: null, new_value: "2026-02-02" };
    await expect(
      db("event_histories").insert({ ...row, project_id: v.base.project_id, version_id: 2_000_000_000 }),
    ).rejects.toMatchObject(fkViolation);
    await expect(
      db("event_histories").insert({ ...row, project_id: stranger.base.project_id, version_id: v.base.version_id }),
    ).rejects.toMatchObject(fkViolation);
    await db("event_histories").insert({ ...row, ...v.base, event_id: v.ids[0] });
  });

  it("keeps rows of a deleted event and user, and goes with its version", async () => {
    const v = await version();
    const [user] = await db("users")
      .insert({ email: `h${Math.random()}@x.fr`, firstname: "Lou", lastname: "Trace", type: "manager" })
      .returning("id");
    await db("event_histories").insert({
      ...v.base,
      event_id: v.ids[2],
      event_tracking_id: 1,
      field_name: "endDate",
      previous_value: "a",
      new_value: "b",
      user_id: user.id,
    });
    await db("events").where({ id: v.ids[2] }).delete();
    await db("users").where({ id: user.id }).delete();
    expect(await db("event_histories").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 1 }]);
    await db("versions").where({ id: v.base.version_id }).delete();
    expect(await db("event_histories").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 0 }]);
  });
});

describe("events: rows of an existing version of their project, checked per statement", () => {
  it("refuses an event of a missing version or of a version of another project, in a batch as alone", async () => {
    const v = await version();
    const stranger = await version();
    const row = { name: "X", type: "task", number_of_days: 1, start_date: "2026-02-02", end_date: "2026-02-02" };
    await expect(
      db("events").insert([
        { ...row, ...v.base },
        { ...row, project_id: v.base.project_id, version_id: 2_000_000_000 },
      ]),
    ).rejects.toMatchObject(fkViolation);
    await expect(
      db("events").insert({ ...row, project_id: stranger.base.project_id, version_id: v.base.version_id }),
    ).rejects.toMatchObject(fkViolation);
    expect(await db("events").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 3 }]);
    await expect(
      db("events").where({ id: v.ids[2] }).update({ version_id: stranger.base.version_id }),
    ).rejects.toMatchObject(fkViolation);
    await expect(
      db("versions").where({ id: v.base.version_id }).update({ project_id: stranger.base.project_id }),
    ).rejects.toMatchObject(fkViolation);
  });

  it("deleting a project deletes its versions with their zones, events, links and history", async () => {
    const v = await version();
    const [zone] = await db("zones")
      .insert({ ...v.base, name: "Bât A" })
      .returning("id");
    await db("events").whereIn("id", v.ids).update({ zone_id: zone.id });
    await db("event_links").insert({ ...v.base, parent_id: v.ids[0], child_id: v.ids[1] });
    await db("event_histories").insert({
      ...v.base,
      event_id: v.ids[0],
      event_tracking_id: 1,
      field_name: "name",
      previous_value: "a",
      new_value: "b",
    });
    await db("projects").where({ id: v.base.project_id }).delete();
    for (const table of ["versions", "zones", "events", "event_links", "event_histories"]) {
      const where = table === "versions" ? { project_id: v.base.project_id } : { version_id: v.base.version_id };
      expect(await db(table).where(where).count("* as c")).toEqual([{ c: 0 }]);
    }
  });
});

describe("events: zone and lot rows that exist, checked per statement", () => {
  it("refuses a missing zone or lot on insert (in a batch) and on a change, and accepts existing ones", async () => {
    const v = await version();
    const [zone] = await db("zones")
      .insert({ ...v.base, name: "Bât B" })
      .returning("id");
    const [lot] = await db("participant_group_pros")
      .insert({ ...v.base, name: `Lot ${Math.random()}` })
      .returning("id");
    const row = {
      ...v.base,
      name: "X",
      type: "task",
      number_of_days: 1,
      start_date: "2026-02-02",
      end_date: "2026-02-02",
    };
    await db("events").insert([
      { ...row, zone_id: zone.id, participant_group_pro_id: lot.id },
      { ...row, zone_id: zone.id },
    ]);
    await expect(
      db("events").insert([
        { ...row, zone_id: zone.id },
        { ...row, zone_id: 2_000_000_000 },
      ]),
    ).rejects.toMatchObject(fkViolation);
    await expect(db("events").insert({ ...row, participant_group_pro_id: 2_000_000_000 })).rejects.toMatchObject(
      fkViolation,
    );
    await expect(db("events").where({ id: v.ids[0] }).update({ zone_id: 2_000_000_000 })).rejects.toMatchObject(
      fkViolation,
    );
    await expect(
      db("events").where({ id: v.ids[0] }).update({ participant_group_pro_id: 2_000_000_000 }),
    ).rejects.toMatchObject(fkViolation);
    await db("events").where({ id: v.ids[0] }).update({ zone_id: zone.id, participant_group_pro_id: lot.id });
    expect(await db("events").where({ version_id: v.base.version_id, zone_id: zone.id }).count("* as c")).toEqual([
      { c: 3 },
    ]);
  });

  it("refuses deleting a zone or lot that events use, or changing its id; an unused one goes", async () => {
    const v = await version();
    const [used, unused] = await db("zones")
      .insert([
        { ...v.base, name: "Z1" },
        { ...v.base, name: "Z2" },
      ])
      .returning("id");
    const [lot] = await db("participant_group_pros")
      .insert({ ...v.base, name: `Lot ${Math.random()}` })
      .returning("id");
    await db("events").where({ id: v.ids[0] }).update({ zone_id: used.id, participant_group_pro_id: lot.id });
    await expect(db("zones").whereIn("id", [used.id, unused.id]).delete()).rejects.toMatchObject({
      ...fkViolation,
      detail: expect.stringContaining("still referenced"),
    });
    await expect(db("participant_group_pros").where({ id: lot.id }).delete()).rejects.toMatchObject(fkViolation);
    await expect(db("zones").where({ id: used.id }).update({ id: 2_000_000_001 })).rejects.toMatchObject(fkViolation);
    await db("zones").where({ id: unused.id }).delete();
    expect(await db("zones").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 1 }]);
  });
});

describe("events: macro-task, participant, speciality, sequence, template, instantiation and author, checked per statement", () => {
  /** One row of each table an event refers to, in the version of `v`. */
  async function referenced(v: Awaited<ReturnType<typeof version>>) {
    const one = async (table: string, row: Record<string, unknown>) =>
      ((await db(table).insert(row).returning("id"))[0] as { id: number }).id;
    return {
      macro_task_id: await one("macro_tasks", { ...v.base, name: "Cloisons" }),
      participant_id: await one("participants", { ...v.base, name: "Entreprise Martin" }),
      speciality_id: await one("specialities", { ...v.base, name: "Plâtrerie" }),
      sequence_id: await one("sequences", { ...v.base, name: "Séquence R+1" }),
      event_template_pro_id: await one("event_template_pros", { project_id: v.base.project_id, name: "Modèle" }),
      instantiation_config_id: await one("instantiation_configs", { ...v.base }),
      created_by: await one("users", { email: `auteur-${Math.random()}@jalon.test` }),
    };
  }
  const task = { name: "X", type: "task", number_of_days: 1, start_date: "2026-02-02", end_date: "2026-02-02" };

  it("accepts rows that exist and refuses a missing one, on insert (in a batch) and on a change", async () => {
    const v = await version();
    const refs = await referenced(v);
    await db("events").insert([
      { ...task, ...v.base, ...refs },
      { ...task, ...v.base },
    ]);
    for (const column of Object.keys(refs)) {
      await expect(
        db("events").insert([
          { ...task, ...v.base },
          { ...task, ...v.base, [column]: 2_000_000_000 },
        ]),
        column,
      ).rejects.toMatchObject({ ...fkViolation, constraint: `events_${column}_check` });
      await expect(
        db("events")
          .where({ id: v.ids[0] })
          .update({ [column]: 2_000_000_000 }),
        column,
      ).rejects.toMatchObject(fkViolation);
    }
    await db("events").where({ id: v.ids[0] }).update(refs);
    expect(
      await db("events").where({ version_id: v.base.version_id, macro_task_id: refs.macro_task_id }).count("* as c"),
    ).toEqual([{ c: 2 }]);
  });

  it("refuses deleting a used macro-task, participant or speciality; a sequence takes its events; the others leave NULL", async () => {
    const v = await version();
    const refs = await referenced(v);
    await db("events").where({ id: v.ids[0] }).update(refs);
    await db("event_links").insert({ ...v.base, parent_id: v.ids[0], child_id: v.ids[1] });
    for (const [column, table] of [
      ["macro_task_id", "macro_tasks"],
      ["participant_id", "participants"],
      ["speciality_id", "specialities"],
    ]) {
      await expect(
        db(table)
          .where({ id: refs[column as keyof typeof refs] })
          .delete(),
        table,
      ).rejects.toMatchObject({ ...fkViolation, detail: expect.stringContaining("still referenced") });
    }
    await expect(
      db("macro_tasks").where({ id: refs.macro_task_id }).update({ id: 2_000_000_002 }),
    ).rejects.toMatchObject(fkViolation);
    await db("event_template_pros").where({ id: refs.event_template_pro_id }).delete();
    await db("instantiation_configs").where({ id: refs.instantiation_config_id }).delete();
    await db("users").where({ id: refs.created_by }).delete();
    expect(
      await db("events")
        .where({ id: v.ids[0] })
        .first("event_template_pro_id", "instantiation_config_id", "created_by", "macro_task_id"),
    ).toEqual({
      event_template_pro_id: null,
      instantiation_config_id: null,
      created_by: null,
      macro_task_id: refs.macro_task_id,
    });
    await db("sequences").where({ id: refs.sequence_id }).delete();
    expect(await db("events").where({ id: v.ids[0] }).first()).toBeUndefined();
    expect(await db("event_links").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 0 }]);
    await db("macro_tasks").where({ id: refs.macro_task_id }).delete();
  });
});

describe("zones: rows of an existing version of their project, checked per statement", () => {
  it("refuses a zone of a missing version or of another project's version, alone or in a batch", async () => {
    const v = await version();
    const stranger = await version();
    await expect(
      db("zones").insert([
        { ...v.base, name: "Z" },
        { project_id: v.base.project_id, version_id: 2_000_000_000, name: "Z" },
      ]),
    ).rejects.toMatchObject(fkViolation);
    await expect(
      db("zones").insert({ project_id: stranger.base.project_id, version_id: v.base.version_id, name: "Z" }),
    ).rejects.toMatchObject(fkViolation);
    const [zone] = await db("zones")
      .insert({ ...v.base, name: "Z" })
      .returning("id");
    await expect(
      db("zones").where({ id: zone.id }).update({ version_id: stranger.base.version_id }),
    ).rejects.toMatchObject(fkViolation);
    await expect(
      db("versions").where({ id: v.base.version_id }).update({ project_id: stranger.base.project_id }),
    ).rejects.toMatchObject(fkViolation);
    expect(await db("zones").where({ version_id: v.base.version_id }).count("* as c")).toEqual([{ c: 1 }]);
  });
});

describe("version copy: the insert checks it skips are skipped only while it copies", () => {
  it("refuses a target version that does not exist or is of another project, before writing anything", async () => {
    const v = await version();
    const stranger = await version();
    for (const [toVersionId, toProjectId] of [
      [2_000_000_000, v.base.project_id],
      [stranger.base.version_id, v.base.project_id],
    ]) {
      await expect(
        db.transaction((trx) =>
          copyVersionRows(trx, {
            fromVersionId: v.base.version_id,
            toVersionId,
            fromProjectId: v.base.project_id,
            toProjectId,
          }),
        ),
      ).rejects.toThrow(/does not exist/);
    }
    expect(await db("events").where({ version_id: stranger.base.version_id }).count("* as c")).toEqual([{ c: 3 }]);
  });

  it("copies a version whole and checks the transaction's next writes again", async () => {
    const v = await version();
    const [zone] = await db("zones")
      .insert({ ...v.base, name: "Bât A" })
      .returning("id");
    await db("events").where({ id: v.ids[0] }).update({ zone_id: zone.id });
    await db("event_links").insert([
      { ...v.base, parent_id: v.ids[0], child_id: v.ids[1], type: "begin-begin", delay: 2 },
    ]);
    await db.transaction(async (trx) => {
      const [copy] = await trx("versions").insert({ project_id: v.base.project_id, name: "Copie" }).returning("id");
      await copyVersionRows(trx, {
        fromVersionId: v.base.version_id,
        toVersionId: copy.id,
        fromProjectId: v.base.project_id,
        toProjectId: v.base.project_id,
      });
      const [newZone] = await trx("zones").where({ version_id: copy.id }).pluck("id");
      const events = await trx("events").where({ version_id: copy.id }).orderBy("id").select("id", "zone_id");
      expect(events.map((e: { zone_id: number | null }) => e.zone_id)).toEqual([newZone, null, null]);
      expect(
        await trx("event_links").where({ version_id: copy.id }).select("parent_id", "child_id", "type", "delay"),
      ).toEqual([{ parent_id: events[0].id, child_id: events[1].id, type: "begin-begin", delay: 2 }]);
      // A link from the source version's event into the copy: refused once the copy is done.
      await expect(
        trx.transaction((sp) =>
          sp("event_links").insert({ ...v.base, version_id: copy.id, parent_id: v.ids[0], child_id: events[1].id }),
        ),
      ).rejects.toMatchObject(fkViolation);
      await expect(
        trx.transaction((sp) =>
          sp("events").insert({
            ...v.base,
            version_id: copy.id,
            name: "X",
            type: "task",
            number_of_days: 1,
            zone_id: 2_000_000_000,
          }),
        ),
      ).rejects.toMatchObject(fkViolation);
    });
  });
});

describe("events: a zone and a lot of the event's own version (migration 010)", () => {
  it("refuses another version's zone or lot on insert, on a change, and when the event changes version", async () => {
    const v = await version();
    const other = await version(v.base.project_id);
    const [zone] = await db("zones")
      .insert({ ...other.base, name: "Bât C" })
      .returning("id");
    const [lot] = await db("participant_group_pros")
      .insert({ ...other.base, name: `Lot ${Math.random()}` })
      .returning("id");
    const row = {
      ...v.base,
      name: "X",
      type: "task",
      number_of_days: 1,
      start_date: "2026-02-02",
      end_date: "2026-02-02",
    };
    await expect(db("events").insert({ ...row, zone_id: zone.id })).rejects.toMatchObject({
      ...fkViolation,
      constraint: "events_zone_check",
    });
    await expect(db("events").insert({ ...row, participant_group_pro_id: lot.id })).rejects.toMatchObject({
      ...fkViolation,
      constraint: "events_lot_check",
    });
    await expect(db("events").where({ id: v.ids[0] }).update({ zone_id: zone.id })).rejects.toMatchObject(fkViolation);
    await db("events").where({ id: other.ids[0] }).update({ zone_id: zone.id, participant_group_pro_id: lot.id });
    await expect(
      db("events").where({ id: other.ids[0] }).update({ version_id: v.base.version_id }),
    ).rejects.toMatchObject(fkViolation);
    // The zone and lot in use are found among their version's events.
    await expect(db("zones").where({ id: zone.id }).delete()).rejects.toMatchObject(fkViolation);
    await expect(db("participant_group_pros").where({ id: lot.id }).delete()).rejects.toMatchObject(fkViolation);
  });
});
