import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "./knex.js";
import { openTestDb } from "../../test/helpers/db.js";
import { takeIdBlocks } from "./idBlocks.js";
import { copyVersionRows } from "./versionCopy.js";

let db: Db;
let kind: "pglite" | "postgres";
let close: () => Promise<void>;

beforeAll(async () => {
  ({ db, kind, close } = await openTestDb());
});

afterAll(async () => close?.());

const sequenceOf = async (table: string) =>
  ((await db.raw("SELECT pg_get_serial_sequence(?, 'id') AS s", [table])).rows[0] as { s: string }).s;
const nextval = async (seq: string) =>
  Number(((await db.raw("SELECT nextval(?::regclass) AS v", [seq])).rows[0] as { v: unknown }).v);

describe("blocks of ids", () => {
  it("takes n consecutive ids that nextval() then never hands out, one block per sequence", async () => {
    const events = await sequenceOf("events");
    const zones = await sequenceOf("zones");
    const before = await nextval(events);
    const blocks = await db.transaction((trx) =>
      takeIdBlocks(
        trx,
        db,
        new Map([
          [events, 500],
          [zones, 3],
        ]),
      ),
    );
    expect(blocks).not.toBeNull();
    const start = blocks!.get(events)!;
    expect(start).toBeGreaterThan(before);
    expect(await nextval(events)).toBe(start + 500);
    expect(await nextval(zones)).toBe(blocks!.get(zones)! + 3);
  });

  it("refuses a bad size or an unexpected sequence name", async () => {
    const events = await sequenceOf("events");
    await expect(db.transaction((trx) => takeIdBlocks(trx, db, new Map([[events, 0]])))).rejects.toThrow(
      /bad block size/,
    );
    await expect(
      db.transaction((trx) => takeIdBlocks(trx, db, new Map([["events_id_seq; drop table events", 2]]))),
    ).rejects.toThrow(/unexpected sequence/);
  });

  // PGlite has one connection: nobody can draw in between, and there is no second transaction to wait for.
  it.skipIf(!process.env.DATABASE_URL)(
    "on PostgreSQL, gives up within its lock timeout while another transaction holds the sequence",
    async () => {
      expect(kind).toBe("postgres");
      const events = await sequenceOf("events");
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      let drawn!: () => void;
      const hasDrawn = new Promise<void>((r) => (drawn = r));
      const holder = db.transaction(async (trx) => {
        await trx.raw("SELECT nextval(?::regclass)", [events]);
        drawn();
        await held;
      });
      await hasDrawn;
      const t = performance.now();
      const blocks = await db.transaction((trx) => takeIdBlocks(trx, db, new Map([[events, 10]])));
      expect(blocks).toBeNull();
      expect(performance.now() - t).toBeLessThan(5_000);
      release();
      await holder;
      // The sequence still counts one by one.
      const a = await nextval(events);
      expect(await nextval(events)).toBe(a + 1);
    },
  );
});

describe("a version copy", () => {
  async function source(holes: boolean) {
    const [project] = await db("projects").insert({ name: "Copie" }).returning("id");
    const [v] = await db("versions").insert({ project_id: project.id, name: "V1" }).returning("id");
    const base = { project_id: project.id as number, version_id: v.id as number };
    const zones = await db("zones")
      .insert([
        { ...base, name: "Bât A" },
        { ...base, name: "Bât B" },
      ])
      .returning("id");
    const rows = Array.from({ length: 6 }, (_, k) => ({
      ...base,
      name: `T${k}`,
      type: "task",
      number_of_days: 1,
      start_date: "2026-03-02",
      end_date: "2026-03-02",
      zone_id: zones[k % 2].id,
    }));
    const events = (await db("events").insert(rows).returning("id")).map((e: { id: number }) => e.id);
    await db("event_links").insert(
      events.slice(1).map((child, k) => ({ ...base, parent_id: events[k], child_id: child, delay: k })),
    );
    if (holes) await db("events").whereIn("id", [events[2]]).delete();
    return { base, events: holes ? events.filter((_, k) => k !== 2) : events };
  }

  /** The source's events, zones and links as names, for comparing a copy with it. */
  async function shape(versionId: number) {
    const events = await db("events as e")
      .leftJoin("zones as z", "z.id", "e.zone_id")
      .where("e.version_id", versionId)
      .orderBy("e.name")
      .select("e.name", "z.name as zone", "z.version_id as zoneVersion");
    const links = await db("event_links as l")
      .join("events as p", "p.id", "l.parent_id")
      .join("events as c", "c.id", "l.child_id")
      .where("l.version_id", versionId)
      .orderBy("p.name")
      .select("p.name as parent", "c.name as child", "l.delay", "p.version_id as pv", "c.version_id as cv");
    return { events, links };
  }

  for (const holes of [false, true]) {
    it(`maps every key onto the copy (${holes ? "ids with holes: drawn in order" : "dense ids: a block by offset"})`, async () => {
      const s = await source(holes);
      const [copy] = await db("versions").insert({ project_id: s.base.project_id, name: "V2" }).returning("id");
      await db.transaction((trx) =>
        copyVersionRows(trx, {
          fromVersionId: s.base.version_id,
          toVersionId: copy.id,
          fromProjectId: s.base.project_id,
          toProjectId: s.base.project_id,
          pool: db,
        }),
      );
      const from = await shape(s.base.version_id);
      const to = await shape(copy.id);
      expect(to.events.map((e) => [e.name, e.zone])).toEqual(from.events.map((e) => [e.name, e.zone]));
      expect(to.events.every((e) => e.zoneVersion === copy.id)).toBe(true);
      expect(to.links.map((l) => [l.parent, l.child, l.delay])).toEqual(
        from.links.map((l) => [l.parent, l.child, l.delay]),
      );
      expect(to.links.every((l) => l.pv === copy.id && l.cv === copy.id)).toBe(true);
      expect(from.links).toHaveLength(holes ? 3 : 5);
    });
  }
});
