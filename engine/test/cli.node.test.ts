import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { psplibMissing, psplibRoot, psplibSkipReason } from "../../scripts/testing/psplibData.js";

const repo = resolve(__dirname, "../..");
const dir = mkdtempSync(join(tmpdir(), "jalon-cli-"));

function run(file: string) {
  return spawnSync("npm", ["run", "-s", "schedule", "--", file], { cwd: repo, encoding: "utf8" });
}

describe("CLI: npm run -s schedule -- FILE", () => {
  it("prints the schedule of a JSON document", () => {
    const file = join(dir, "plan.json");
    writeFileSync(
      file,
      JSON.stringify({
        calendar: { holidays: ["2026-05-01"] },
        events: [
          { id: 1, type: "task", numberOfDays: 3, startDate: "2026-04-29" },
          { id: 2, type: "milestone" },
        ],
        links: [{ parentId: 1, childId: 2, type: "end-begin", delay: 0 }],
      }),
    );
    const r = run(file);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      events: [
        { id: 1, startDate: "2026-04-29", endDate: "2026-05-04", totalFloat: 0, critical: true },
        { id: 2, startDate: "2026-05-05", endDate: "2026-05-05", totalFloat: 0, critical: true },
      ],
      projectedEndDate: "2026-05-05",
    });
  });
  it("reads the optional inputs: vacations, holidays limited to a lot (lotId), locked events and their violations", () => {
    const file = join(dir, "options.json");
    writeFileSync(
      file,
      JSON.stringify({
        calendar: {
          holidays: ["2026-05-01"],
          vacations: [{ startDate: "2026-08-03", endDate: "2026-08-21" }],
          lotHolidays: { "3": ["2026-06-05"] },
        },
        events: [
          { id: 1, type: "task", numberOfDays: 3, startDate: "2026-07-30" },
          { id: 2, type: "task", numberOfDays: 2, startDate: "2026-06-04", lotId: 3 },
          { id: 3, type: "task", numberOfDays: 2, startDate: "2026-06-04" },
          { id: 4, type: "task", numberOfDays: 1, startDate: "2026-06-01", locked: true },
        ],
        links: [{ parentId: 3, childId: 4, type: "end-begin", delay: 0 }],
      }),
    );
    const r = run(file);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      events: { id: number; startDate: string; endDate: string }[];
      violations?: unknown[];
    };
    const days = Object.fromEntries(out.events.map((e) => [e.id, [e.startDate, e.endDate]]));
    expect(days).toEqual({
      1: ["2026-07-30", "2026-08-24"], // Thu, Fri, then the summer closure is skipped up to Monday 24
      2: ["2026-06-04", "2026-06-08"], // lot 3 does not work on Friday 5
      3: ["2026-06-04", "2026-06-05"], // the same task without the lot does
      4: ["2026-06-01", "2026-06-01"], // locked: keeps its day although its parent ends later
    });
    expect(out.violations).toEqual([{ parentId: 3, childId: 4, type: "end-begin", requiredDate: "2026-06-08" }]);
  });
  it("refuses a cycle: message on stderr, exit 1, nothing on stdout", () => {
    const file = join(dir, "cycle.json");
    writeFileSync(
      file,
      JSON.stringify({
        events: [
          { id: 1, type: "task", startDate: "2026-02-02" },
          { id: 2, type: "task" },
        ],
        links: [
          { parentId: 1, childId: 2, type: "end-begin" },
          { parentId: 2, childId: 1, type: "end-begin" },
        ],
      }),
    );
    const r = run(file);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    expect(r.stderr).toContain("cycle");
    expect(r.stderr).toContain("1 → 2");
  });
  it("refuses bad input: invalid JSON, bad dates, missing file", () => {
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{ not json");
    const date = join(dir, "date.json");
    writeFileSync(date, JSON.stringify({ events: [{ id: 1, type: "task", startDate: "2026-02-30" }] }));
    for (const f of [bad, date, join(dir, "missing.json")]) {
      const r = run(f);
      expect(r.status).toBe(1);
      expect(r.stdout).toBe("");
      expect(r.stderr.length).toBeGreaterThan(0);
    }
  });
  it.skipIf(psplibMissing)(`prints the project length of a PSPLIB instance${psplibSkipReason}`, () => {
    const out = execFileSync("npm", ["run", "-s", "schedule", "--", resolve(psplibRoot, "j30/j3010_1.sm")], {
      cwd: repo,
      encoding: "utf8",
    });
    expect(out.trim()).toBe("41");
  });
});
