import { existsSync, readdirSync, readFileSync } from "node:fs";
import http from "node:http";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { XMLParser } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ScheduleImportAnswer } from "@jalon/shared";
import { type TestApp } from "../../../test/helpers/app.js";
import {
  buildEvent,
  buildProject,
  countRows,
  startWithUsers,
  type BuiltUser,
} from "../../../test/helpers/factories.js";

/**
 * POST /project/import-schedule over HTTP (issue 21). The real files of ../shared/data/interchange are
 * imported and compared with their own values, read here with a plain XML parse (not the importer's code):
 * leaf task count, milestones, Start/Finish of day-aligned tasks, link types and lags.
 */

const here = dirname(fileURLToPath(import.meta.url));
const DATA = process.env.JALON_INTERCHANGE_DIR ?? join(here, "../../../../../shared/data/interchange");
// Data beside the repository, not a Debian tool: absent, the file tests skip with their reason (issue 21).
const haveData = existsSync(DATA);
if (!haveData) console.warn(`scheduleImport.test: the real files' tests are skipped, ${DATA} is missing`);

let t: TestApp, manager: BuiltUser, external: BuiltUser, outsider: BuiltUser, guest: BuiltUser, admin: BuiltUser;
beforeAll(async () => void ({ t, manager, external, outsider, guest, admin } = await startWithUsers()));
afterAll(async () => t?.close());

/**
 * The multipart request on a connection of its own (no keep-alive: a reused socket that the server closes while
 * idle fails the next request on a loaded machine), read while it is written (the 50 MB case is answered before
 * its body is sent).
 */
function importFile(
  bytes: Uint8Array | string,
  name: string,
  fields: Record<string, string | number> = {},
  token: string | null = manager.token,
): Promise<{ status: number; body: ScheduleImportAnswer & { code?: string; message?: string } }> {
  const boundary = `----jalon${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields))
    parts.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  parts.push(
    Buffer.from(
      `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${name}"\r\ncontent-type: application/octet-stream\r\n\r\n`,
    ),
    typeof bytes === "string" ? Buffer.from(bytes) : Buffer.from(bytes),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  const body = Buffer.concat(parts);
  const url = new URL(`${t.url}/api/project/import-schedule`);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        method: "POST",
        hostname: url.hostname,
        port: url.port,
        path: url.pathname,
        agent: false,
        headers: {
          "content-type": `multipart/form-data; boundary=${boundary}`,
          "content-length": String(body.length),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : {} }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const MINI = (tasks: string, extra = "") => `<?xml version="1.0" encoding="UTF-8"?>
<Project xmlns="http://schemas.microsoft.com/project"><Title>Chantier test</Title><MinutesPerDay>480</MinutesPerDay>${extra}
<Tasks>${tasks}</Tasks></Project>`;
const task = (uid: number, name: string, start: string, finish: string, hours: number, preds = "", level = 1) =>
  `<Task><UID>${uid}</UID><Name>${name}</Name><OutlineLevel>${level}</OutlineLevel><Start>${start}</Start>` +
  `<Finish>${finish}</Finish><Duration>PT${hours}H0M0S</Duration>${preds}</Task>`;
const pred = (uid: number, type = 1, lag = 0) =>
  `<PredecessorLink><PredecessorUID>${uid}</PredecessorUID><Type>${type}</Type><LinkLag>${lag}</LinkLag></PredecessorLink>`;

async function eventsOf(versionId: number) {
  return (await t
    .db("events")
    .where({ version_id: versionId })
    .orderBy("id")
    .select("id", "name", "type", "start_date", "end_date", "number_of_days", "locked", "sequence_id")) as {
    id: number;
    name: string;
    type: string;
    start_date: string;
    end_date: string;
    number_of_days: number;
    locked: boolean;
    sequence_id: number | null;
  }[];
}

const dayOf = (iso: string) => Date.UTC(+iso.slice(0, 4), +iso.slice(5, 7) - 1, +iso.slice(8, 10)) / 86_400_000;
const isoOf = (d: number) => new Date(d * 86_400_000).toISOString().slice(0, 10);
const nextWorking = (iso: string, holidays: Set<string>) => {
  let d = dayOf(iso) + 1;
  while ((((d + 3) % 7) + 7) % 7 >= 5 || holidays.has(isoOf(d))) d++;
  return isoOf(d);
};

describe("POST /project/import-schedule: the interchange files", () => {
  const mspdi = haveData ? readdirSync(join(DATA, "mspdi")).filter((f) => f.endsWith(".xml")) : [];
  const xer = haveData ? readdirSync(join(DATA, "xer")).filter((f) => f.endsWith(".xer")) : [];

  it.skipIf(!haveData)(`reads ../shared/data/interchange (${DATA})`, () => {
    expect(mspdi.length).toBeGreaterThanOrEqual(12);
    expect(xer.length).toBeGreaterThanOrEqual(6);
  });

  for (const file of mspdi) {
    it(`imports ${file} with the file's leaf tasks, milestones, days and links`, async () => {
      const bytes = readFileSync(join(DATA, "mspdi", file));
      const res = await importFile(bytes, file);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const doc = new XMLParser({
        processEntities: false,
        parseTagValue: false,
        isArray: (n) => n === "Task" || n === "PredecessorLink",
      }).parse(bytes.toString("utf8"));
      const project = doc.Project;
      const mpd = Number(project.MinutesPerDay ?? 480);
      const rows = ((project.Tasks?.Task ?? []) as Record<string, unknown>[]).filter((r) => r.IsNull !== "1");
      const level = (r: Record<string, unknown>) => Number(r.OutlineLevel ?? 1);
      const leaves = rows.filter(
        (r, i) => !(i + 1 < rows.length && level(rows[i + 1]) > level(r)) && !(level(r) === 0 && r.UID === "0"),
      );
      const leafUids = new Set(leaves.map((r) => String(r.UID)));
      const hours = (r: Record<string, unknown>) => {
        const m = /PT(\d+)H(\d+)M/.exec(String(r.Duration ?? ""));
        return m ? Number(m[1]) + Number(m[2]) / 60 : null;
      };
      const milestones = leaves.filter((r) => r.Milestone === "1" || hours(r) === 0);
      expect(res.body.events).toBe(leaves.length);
      const events = await eventsOf(res.body.versionId);
      expect(events).toHaveLength(leaves.length);
      expect(events.filter((e) => e.type === "milestone")).toHaveLength(milestones.length);
      const holidays = new Set(
        (
          (await t.db("holidays").where({ version_id: res.body.versionId }).select("start_date")) as {
            start_date: string;
          }[]
        ).map((h) => h.start_date),
      );
      // Rows come back in file order (ids drawn in that order).
      const byUid = new Map(leaves.map((r, i) => [String(r.UID), events[i]]));
      for (const r of leaves) {
        const e = byUid.get(String(r.UID))!;
        const start = String(r.Start);
        const finish = String(r.Finish);
        if (e.type === "milestone") {
          if (start.endsWith("T08:00:00")) expect(e.start_date, `${file} ${r.UID}`).toBe(start.slice(0, 10));
          if (start.endsWith("T17:00:00"))
            expect(e.start_date, `${file} ${r.UID}`).toBe(nextWorking(start.slice(0, 10), holidays));
        } else if (start.endsWith("T08:00:00") && finish.endsWith("T17:00:00")) {
          expect(e.start_date, `${file} ${r.UID}`).toBe(start.slice(0, 10));
          expect(e.end_date, `${file} ${r.UID}`).toBe(finish.slice(0, 10));
        }
      }
      const links = (await t
        .db("event_links")
        .where({ version_id: res.body.versionId })
        .select("parent_id", "child_id", "type", "delay")) as {
        parent_id: number;
        child_id: number;
        type: string;
        delay: number;
      }[];
      const expected: string[] = [];
      for (const r of leaves)
        for (const l of (r.PredecessorLink ?? []) as Record<string, unknown>[]) {
          if (!leafUids.has(String(l.PredecessorUID))) continue;
          const type = { "0": "end-end", "1": "end-begin", "2": "begin-end", "3": "begin-begin" }[
            String(l.Type ?? "1")
          ]!;
          const lag = Math.round(Number(l.LinkLag ?? 0) / 10 / mpd);
          const p = byUid.get(String(l.PredecessorUID))!.id;
          expected.push(`${p}>${byUid.get(String(r.UID))!.id} ${type} ${type === "begin-end" ? lag - 1 : lag}`);
        }
      expect(links.map((l) => `${l.parent_id}>${l.child_id} ${l.type} ${l.delay}`).sort()).toEqual(expected.sort());
      expect(res.body.links).toBe(expected.length);
      // A new project named after the file, the caller its member.
      const p = await t.db("projects").where({ id: res.body.projectId }).first("name", "current_version_id");
      expect(p.current_version_id).toBe(res.body.versionId);
      expect(await countRows(t.db, "project_users", { project_id: res.body.projectId, user_id: manager.id })).toBe(1);
    });
  }

  for (const file of xer) {
    it(`imports ${file}: every activity but WBS and level-of-effort ones, P6's dates, its code page`, async () => {
      const bytes = readFileSync(join(DATA, "xer", file));
      const res = await importFile(bytes, file);
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      const text = new TextDecoder(
        file.includes("1251") || file.startsWith("Multi") ? "windows-1251" : "windows-1252",
      ).decode(bytes);
      const lines = text.split(/\r?\n/);
      let fields: string[] = [];
      let table = "";
      const tasks: Record<string, string>[] = [];
      for (const line of lines) {
        const c = line.split("\t");
        if (c[0] === "%T") table = c[1];
        else if (c[0] === "%F") fields = c.slice(1);
        else if (c[0] === "%R" && table === "TASK")
          tasks.push(Object.fromEntries(fields.map((f, i) => [f, c[i + 1] ?? ""])));
      }
      const leaves = tasks.filter((r) => r.task_type !== "TT_WBS" && r.task_type !== "TT_LOE");
      expect(res.body.events).toBe(leaves.length);
      const events = await eventsOf(res.body.versionId);
      expect(events.map((e) => e.name)).toEqual(leaves.map((r) => r.task_name));
      for (let i = 0; i < leaves.length; i++) {
        const r = leaves[i];
        const start = r.act_start_date || r.restart_date || r.early_start_date || r.target_start_date;
        if (start.endsWith("08:00")) expect(events[i].start_date, `${file} ${r.task_id}`).toBe(start.slice(0, 10));
      }
    });
  }

  it.skipIf(!haveData)("decodes the cp1251 text and drops the cross-project link with a warning", async () => {
    const res = await importFile(readFileSync(join(DATA, "xer", "MultiprojectWithExternal.xer")), "multi.xer");
    expect(res.status).toBe(201);
    expect(res.body.links).toBe(0);
    expect(res.body.warnings.map((w) => w.code)).toEqual(
      expect.arrayContaining(["projects_merged", "link_external_dropped"]),
    );
    expect((await eventsOf(res.body.versionId)).map((e) => e.name)).toContain("Задача 1");
  });

  it.skipIf(!haveData)("nests New Product's tasks in sequences and drops the links of summaries", async () => {
    const res = await importFile(readFileSync(join(DATA, "mspdi", "New Product.xml")), "New Product.xml");
    expect(res.status).toBe(201);
    expect(res.body.warnings.filter((w) => w.code === "link_summary_dropped")).toHaveLength(3);
    const seqs = await t.db("sequences").where({ version_id: res.body.versionId }).select("id", "name");
    expect(seqs.map((s) => s.name)).toEqual(expect.arrayContaining(["Design Phase", "Finance Phase"]));
    const events = await eventsOf(res.body.versionId);
    const design = seqs.find((s) => s.name === "Design Phase")!;
    expect(events.filter((e) => e.sequence_id === design.id).map((e) => e.name)).toEqual([
      "Prototype design",
      "Test prototype",
      "Prototype completed",
    ]);
  });
});

describe("POST /project/import-schedule: mapping rules", () => {
  it("maps SF with lag L to begin-end L-1, keeps a task later than its links on its dates, locks one the file leaves in violation", async () => {
    const xml = MINI(
      task(1, "Gros œuvre &amp; VRD", "2025-03-03T08:00:00", "2025-03-07T17:00:00", 40) +
        // SF lag 1 day: finish >= the parent's start + 1 day.
        task(2, "Étanchéité", "2025-03-03T08:00:00", "2025-03-03T17:00:00", 8, pred(1, 2, 4800)) +
        // FS with 2 days of slack in the file.
        task(3, "Cloisons", "2025-03-12T08:00:00", "2025-03-13T17:00:00", 16, pred(1, 1, 0)) +
        // FS violated in the file: starts before its parent ends.
        task(4, "Peinture", "2025-03-05T08:00:00", "2025-03-05T17:00:00", 8, pred(1, 1, 0)) +
        // A milestone at Friday 17:00 is Monday.
        task(5, "", "2025-03-07T17:00:00", "2025-03-07T17:00:00", 0, pred(1, 1, 0)),
    );
    const res = await importFile(xml, "mapping.xml");
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const events = await eventsOf(res.body.versionId);
    expect(events.map((e) => [e.name, e.start_date, e.end_date, e.number_of_days, e.locked])).toEqual([
      ["Gros œuvre & VRD", "2025-03-03", "2025-03-07", 5, false],
      ["Étanchéité", "2025-03-03", "2025-03-03", 1, false],
      ["Cloisons", "2025-03-12", "2025-03-13", 2, false],
      ["Peinture", "2025-03-05", "2025-03-05", 1, true],
      ["Tâche sans nom 1 (5)", "2025-03-10", "2025-03-10", 0, false],
    ]);
    const links = await t
      .db("event_links")
      .where({ version_id: res.body.versionId })
      .orderBy("child_id")
      .select("type", "delay");
    expect(links).toEqual([
      { type: "begin-end", delay: 0 },
      { type: "end-begin", delay: 2 },
      { type: "end-begin", delay: 0 },
      { type: "end-begin", delay: 0 },
    ]);
    expect(res.body.warnings.map((w) => w.code).sort()).toEqual([
      "link_delay_adjusted",
      "link_violated",
      "task_unnamed",
    ]);
    expect(res.body.warnings.find((w) => w.code === "link_violated")?.task).toBe("Peinture");
    expect((await t.db("projects").where({ id: res.body.projectId }).first("name")).name).toBe("Chantier test");
  });

  it("rounds a lag that is not whole days, with a warning, and imports into an existing version", async () => {
    const p = await buildProject(t, manager);
    await buildEvent(t.db, p, { name: "Existante", start_date: "2025-03-03", end_date: "2025-03-03" });
    const xml = MINI(
      task(1, "A", "2025-03-03T08:00:00", "2025-03-03T17:00:00", 8) +
        task(2, "B", "2025-03-04T12:00:00", "2025-03-04T17:00:00", 4, pred(1, 1, 2400)),
    );
    const res = await importFile(xml, "lag.xml", { projectId: p.id, versionId: p.versionId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body).toMatchObject({ projectId: p.id, versionId: p.versionId, events: 2, links: 1 });
    expect(res.body.warnings.map((w) => w.code)).toContain("link_lag_rounded");
    expect(await countRows(t.db, "events", { version_id: p.versionId })).toBe(3);
  });

  it("moves an existing version's tasks off the file's holidays, and their quality controls follow", async () => {
    const p = await buildProject(t, manager);
    const existing = await buildEvent(t.db, p, { name: "Existante", start_date: "2025-03-03", end_date: "2025-03-03" });
    const control = await t.request("POST", "/quality-control", {
      token: manager.token,
      body: { projectId: p.id, type: "finishes", name: "Réception", eventId: existing.id },
    });
    expect(control.body.dueDate).toBe("2025-03-03");
    // The file's calendar closes Monday 3 March 2025.
    const calendar =
      "<CalendarUID>1</CalendarUID><Calendars><Calendar><UID>1</UID><Exceptions><Exception><Name>Pont</Name>" +
      "<TimePeriod><FromDate>2025-03-03T00:00:00</FromDate><ToDate>2025-03-03T23:59:00</ToDate></TimePeriod>" +
      "<DayWorking>0</DayWorking></Exception></Exceptions></Calendar></Calendars>";
    const xml = MINI(task(1, "A", "2025-03-04T08:00:00", "2025-03-04T17:00:00", 8), calendar);
    const res = await importFile(xml, "pont.xml", { projectId: p.id, versionId: p.versionId });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const moved = await t.db("events").where({ id: existing.id }).first();
    expect(moved.start_date).toBe("2025-03-04");
    const after = await t.request("GET", `/quality-control/${control.body.id}`, { token: manager.token });
    expect(after.body).toMatchObject({ dueDate: "2025-03-04", startDate: "2025-03-04", endDate: "2025-03-04" });
  });
});

describe("POST /project/import-schedule: refusals write nothing", () => {
  const refusals: [string, string | Uint8Array, string, string][] = [
    ["an empty file", "", "vide.xml", "errors.import_format"],
    ["a file that is neither XML nor XER", "%PDF-1.4 garbage", "plan.pdf", "errors.import_format"],
    [
      "an XML document that is not MSPDI",
      "<?xml version='1.0'?><html><body/></html>",
      "page.xml",
      "errors.import_format",
    ],
    [
      "a truncated MSPDI",
      MINI(task(1, "A", "2025-03-03T08:00:00", "2025-03-03T17:00:00", 8)).slice(0, 200),
      "cut.xml",
      "errors.import_format",
    ],
    [
      "a billion-laughs XML",
      `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">` +
        `<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]><Project><Title>&lol3;</Title></Project>`,
      "lol.xml",
      "errors.import_unsafe_xml",
    ],
    [
      "an external-entity XML",
      `<?xml version="1.0"?><!DOCTYPE p [<!ENTITY xxe SYSTEM "file:///etc/passwd">]><Project><Title>&xxe;</Title></Project>`,
      "xxe.xml",
      "errors.import_unsafe_xml",
    ],
    ["a truncated XER", "ERMHDR\t8.4\n%T\tTASK\n%F\ttask_id\n%R\t1\n", "cut.xer", "errors.import_format"],
    [
      "a cycle in the links",
      MINI(
        task(1, "A", "2025-03-03T08:00:00", "2025-03-03T17:00:00", 8, pred(2)) +
          task(2, "B", "2025-03-04T08:00:00", "2025-03-04T17:00:00", 8, pred(1)),
      ),
      "cycle.xml",
      "errors.cycle",
    ],
  ];
  for (const [what, bytes, name, code] of refusals) {
    it(`refuses ${what} (${code}), 400 with a French message`, async () => {
      const before = [
        await countRows(t.db, "projects"),
        await countRows(t.db, "events"),
        await countRows(t.db, "event_links"),
      ];
      const started = Date.now();
      const res = await importFile(bytes, name);
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(code);
      expect(res.body.message).toMatch(/[a-zé]/);
      expect([
        await countRows(t.db, "projects"),
        await countRows(t.db, "events"),
        await countRows(t.db, "event_links"),
      ]).toEqual(before);
    });
  }

  it("refuses a file over 50 MB with errors.import_too_large and keeps serving", async () => {
    const before = await countRows(t.db, "projects");
    const big = new Uint8Array(50 * 1024 * 1024 + 1024).fill(0x20);
    const res = await importFile(big, "gros.xml");
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("errors.import_too_large");
    expect(await countRows(t.db, "projects")).toBe(before);
    const ok = await importFile(MINI(task(1, "A", "2025-03-03T08:00:00", "2025-03-03T17:00:00", 8)), "ok.xml");
    expect(ok.status).toBe(201);
  });

  it("refuses a request without a file", async () => {
    const f = new FormData();
    f.set("projectId", "1");
    const res = await t.request("POST", "/project/import-schedule", { token: manager.token, rawBody: f });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe("errors.missing_file");
  });
});

describe("POST /project/import-schedule: permissions", () => {
  const xml = MINI(task(1, "A", "2025-03-03T08:00:00", "2025-03-03T17:00:00", 8));
  it("refuses a manager of another project, an external user and a guest; an admin may import anywhere", async () => {
    const p = await buildProject(t, manager, { members: [external] });
    const before = await countRows(t.db, "events", { version_id: p.versionId });
    const other = await importFile(xml, "a.xml", { projectId: p.id, versionId: p.versionId }, outsider.token);
    expect(other.status).toBe(403);
    const ext = await importFile(xml, "a.xml", { projectId: p.id, versionId: p.versionId }, external.token);
    expect(ext.status).toBe(403);
    const extNew = await importFile(xml, "a.xml", {}, external.token);
    expect(extNew.status).toBe(403);
    const g = await importFile(xml, "a.xml", {}, guest.token);
    expect(g.status).toBe(403);
    const anon = await importFile(xml, "a.xml", {}, null);
    expect(anon.status).toBe(401);
    expect(await countRows(t.db, "events", { version_id: p.versionId })).toBe(before);
    const byAdmin = await importFile(xml, "a.xml", { projectId: p.id, versionId: p.versionId }, admin.token);
    expect(byAdmin.status).toBe(201);
  });

  it("refuses a version of another project and a frozen version", async () => {
    const p = await buildProject(t, manager);
    const q = await buildProject(t, manager);
    const mixed = await importFile(xml, "a.xml", { projectId: p.id, versionId: q.versionId });
    expect(mixed.status).toBe(400);
    expect(mixed.body.code).toBe("errors.version_not_in_project");
    await t.db("versions").where({ id: q.versionId }).update({ is_archived: true });
    const frozen = await importFile(xml, "a.xml", { projectId: q.id, versionId: q.versionId });
    expect(frozen.status).toBe(409);
    expect(await countRows(t.db, "events", { version_id: q.versionId })).toBe(0);
  });
});
