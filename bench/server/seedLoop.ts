/**
 * The demo seed (which copies a version) on a fresh on-disk PGlite, N times in a row (default 20): proof
 * that the version copy is safe on on-disk PGlite, where a form using temporary tables failed about one
 * run in two. Prints one JSON line per run and a summary; exits 1 on any failure.
 *   npx tsx bench/server/seedLoop.ts [N]
 */
import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import os from "node:os";
import path from "node:path";
import { createDb } from "../../server/src/db/knex.js";
import { migrate } from "../../server/src/db/migrate.js";
import { seedDemo } from "../../server/src/db/seeds/demo.js";

const runs = Number(process.argv[2] ?? 20);
// initdb once (about 20 s on a loaded machine, past knex's connection timeout), then each run starts from a
// copy of that empty cluster: the same as a first start, without paying initdb 20 times.
const template = fs.mkdtempSync(path.join(os.tmpdir(), "jalon-seed-template-"));
const init = new PGlite({ dataDir: template });
await init.query("select 1");
await init.close();
let failures = 0;
let current = 0;
// An error PGlite raises outside the awaited calls (its file system) is a failure of the run, not a crash.
process.on("unhandledRejection", (reason) => {
  failures++;
  console.log(
    JSON.stringify({
      run: current,
      ok: false,
      unhandled: String(reason),
      detail: (reason as { code?: unknown; errno?: unknown }) ?? null,
    }),
  );
});
const dirs: string[] = [];
for (let i = 0; i < runs; i++) {
  current = i + 1;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "jalon-seed-"));
  dirs.push(dir);
  fs.cpSync(template, dir, { recursive: true });
  const t0 = performance.now();
  const db = createDb({ kind: "pglite", dataDir: dir });
  try {
    await migrate(db);
    const { versionIds } = await seedDemo(db);
    const [a, b] = await Promise.all(
      versionIds.map(async (v) => Number((await db("events").where({ version_id: v }).count({ c: "*" }))[0].c)),
    );
    const [la, links] = await Promise.all(
      versionIds.map(async (v) => Number((await db("event_links").where({ version_id: v }).count({ c: "*" }))[0].c)),
    );
    if (a !== b || a < 700 || la !== links || links < a)
      throw new Error(`copy incomplete: ${a} / ${b} events, ${la} / ${links} links`);
    // Every copied link joins the copies of its events (same tracking ids on both sides).
    const wrong = await db.raw(
      `select count(*) as c from event_links l2
         join events p2 on p2.id = l2.parent_id join events c2 on c2.id = l2.child_id
         left join event_links l1 on l1.version_id = ? and l1.tracking_id = l2.tracking_id
         left join events p1 on p1.id = l1.parent_id left join events c1 on c1.id = l1.child_id
        where l2.version_id = ? and (p2.version_id <> l2.version_id or c2.version_id <> l2.version_id
              or p1.tracking_id is distinct from p2.tracking_id or c1.tracking_id is distinct from c2.tracking_id)`,
      versionIds,
    );
    if (Number(wrong.rows[0].c) !== 0) throw new Error(`${wrong.rows[0].c} links remapped wrongly`);
    console.log(JSON.stringify({ run: i + 1, ok: true, events: b, links, ms: Math.round(performance.now() - t0) }));
  } catch (e) {
    failures++;
    console.log(JSON.stringify({ run: i + 1, ok: false, error: String(e) }));
  } finally {
    await db.destroy();
  }
}
// Removed only at the end: a data folder must never vanish under a PGlite still closing.
await new Promise((r) => setTimeout(r, 1000));
for (const dir of [template, ...dirs]) fs.rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify({ runs, failures }));
process.exit(failures === 0 ? 0 : 1);
