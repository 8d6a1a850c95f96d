// `npm test`: every check of the repository, then one closing line "tests: N passed, N failed, N skipped".
// Server tests run on embedded PGlite, then again on a real PostgreSQL: DATABASE_URL if set, else a throwaway
// Debian cluster on loopback when its binaries are installed. A missing tool skips with a reason, except
// under CI=true where it fails the run.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startPostgres } from "./postgres.js";
import { CHROMIUM_PATH } from "./testing/chromium.js";

const ci = process.env.CI === "true";

interface PlaywrightSpec {
  title: string;
  file: string;
  line: number;
  ok: boolean;
}
interface PlaywrightSuite {
  specs?: PlaywrightSpec[];
  suites?: PlaywrightSuite[];
}
function playwrightSpecs(suites: PlaywrightSuite[]): PlaywrightSpec[] {
  return suites.flatMap((s) => [...(s.specs ?? []), ...playwrightSpecs(s.suites ?? [])]);
}
const totals = { passed: 0, failed: 0, skipped: 0 };
const problems: string[] = [];
// Named again at the very end, so that a CI log cut to its last lines still says which test failed and why.
const failures: string[] = [];

/** The first line of a failure message, shortened: enough to find the test and its assertion. */
function firstLine(message: string | undefined): string {
  const line = (message ?? "").split("\n").find((l) => l.trim() !== "") ?? "";
  return line.length > 300 ? `${line.slice(0, 300)}...` : line;
}

// Each step's wall time, printed before the closing line: CI has a 30-minute budget and its log shows the tail.
const times: string[] = [];

function step(name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): boolean {
  process.stdout.write(`\n=== ${name} ===\n`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: "inherit", env });
  times.push(`${name} ${Math.round((Date.now() - started) / 1000)} s`);
  if (r.status !== 0) problems.push(`${name} (exit ${r.status})`);
  return r.status === 0;
}

function vitest(name: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const dir = mkdtempSync(join(tmpdir(), "jalon-vitest-"));
  const out = join(dir, "report.json");
  step(
    name,
    "npx",
    ["vitest", "run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}`, ...args],
    env,
  );
  if (!existsSync(out)) {
    problems.push(`${name}: no report`);
    return;
  }
  const report = JSON.parse(readFileSync(out, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numTotalTests: number;
    testResults?: {
      name: string;
      message?: string;
      assertionResults?: { status: string; fullName: string; failureMessages?: string[] }[];
    }[];
  };
  for (const file of report.testResults ?? []) {
    const failed = (file.assertionResults ?? []).filter((a) => a.status === "failed");
    for (const a of failed)
      failures.push(`${name}: ${file.name} > ${a.fullName}: ${firstLine(a.failureMessages?.[0])}`);
    // A file that fails before its tests run (import error, hook timeout) has no failed assertion of its own.
    if (failed.length === 0 && file.message) failures.push(`${name}: ${file.name}: ${firstLine(file.message)}`);
  }
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  // Skipped, pending and planned-only tests: whatever neither passed nor failed.
  totals.skipped += report.numTotalTests - report.numPassedTests - report.numFailedTests;
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Steps that only read the tree, run at once (each is mostly one process on one core: CI's two cores did them one
 * after the other); their outputs are printed one step after the other when all are done.
 */
async function stepsAtOnce(steps: { name: string; cmd: string; args: string[] }[]): Promise<void> {
  const started = Date.now();
  const results = await Promise.all(
    steps.map(
      (s) =>
        new Promise<{ name: string; status: number | null; output: string; seconds: number }>((resolve) => {
          const chunks: Buffer[] = [];
          const child = spawn(s.cmd, s.args, { stdio: ["ignore", "pipe", "pipe"] });
          child.stdout.on("data", (c: Buffer) => chunks.push(c));
          child.stderr.on("data", (c: Buffer) => chunks.push(c));
          child.on("error", (e) => chunks.push(Buffer.from(String(e))));
          child.on("close", (status) =>
            resolve({
              name: s.name,
              status,
              output: Buffer.concat(chunks).toString("utf8"),
              seconds: Math.round((Date.now() - started) / 1000),
            }),
          );
        }),
    ),
  );
  for (const r of results) {
    process.stdout.write(`\n=== ${r.name} ===\n${r.output}`);
    times.push(`${r.name} ${r.seconds} s`);
    if (r.status !== 0) problems.push(`${r.name} (exit ${r.status})`);
  }
}

await stepsAtOnce([
  { name: "lint", cmd: "npx", args: ["eslint", "."] },
  {
    name: "format (Prettier, 120 columns)",
    cmd: "npx",
    args: ["prettier", "--check", "--log-level", "warn", "**/*.{ts,tsx,js}"],
  },
  { name: "typecheck", cmd: "npm", args: ["run", "-s", "typecheck"] },
]);
vitest("unit and server tests (PGlite)", []);

const pg = process.env.DATABASE_URL ? { url: process.env.DATABASE_URL, stop: () => {} } : startPostgres();
if ("skip" in pg) {
  const why = `server tests on real PostgreSQL skipped: ${pg.skip}`;
  if (ci) problems.push(why);
  else process.stdout.write(`\n(${why})\n`);
} else {
  try {
    vitest("server tests (PostgreSQL)", ["--project", "server"], { ...process.env, DATABASE_URL: pg.url });
  } finally {
    pg.stop();
  }
}

// Browser flows: Playwright with Debian's Chromium (never a downloaded browser).
const chromium = CHROMIUM_PATH;
if (!existsSync(chromium)) {
  const why = `browser tests skipped: ${chromium} is missing (apt-get install -y chromium)`;
  if (ci) problems.push(why);
  else process.stdout.write(`\n(${why})\n`);
} else {
  rmSync("artifacts/e2e/report.json", { force: true });
  step("browser tests (Playwright, Chromium)", "npx", ["playwright", "test"], {
    ...process.env,
    PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: "1",
  });
  const report = "artifacts/e2e/report.json";
  if (existsSync(report)) {
    const r = JSON.parse(readFileSync(report, "utf8")) as {
      stats: { expected: number; unexpected: number; skipped: number; flaky: number };
      suites?: PlaywrightSuite[];
    };
    for (const spec of playwrightSpecs(r.suites ?? []))
      if (!spec.ok) failures.push(`browser tests: ${spec.file}:${spec.line} > ${spec.title}`);
    totals.passed += r.stats.expected + r.stats.flaky;
    totals.failed += r.stats.unexpected;
    totals.skipped += r.stats.skipped;
  }
}

process.stdout.write(`\ntimes: ${times.join(", ")}\n`);
for (const f of failures) process.stdout.write(`FAILED TEST: ${f}\n`);
for (const p of problems) process.stdout.write(`FAILED: ${p}\n`);
process.stdout.write(
  `tests: ${totals.passed} passed, ${totals.failed + (totals.failed === 0 ? problems.length : 0)} failed, ${totals.skipped} skipped\n`,
);
process.exit(problems.length === 0 && totals.failed === 0 ? 0 : 1);
