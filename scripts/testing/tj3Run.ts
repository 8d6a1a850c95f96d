import { execFile, spawnSync } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { addDays } from "../../engine/test/tj3/days.js";
import { END_HOUR, REPORT_ID, START_HOUR } from "../../engine/test/tj3/tjp.js";

/** True when `tj3` runs from PATH. */
export function tj3Available(): boolean {
  const r = spawnSync("tj3", ["--version"], { encoding: "utf8" });
  return r.status === 0 && /TaskJuggler/.test(r.stdout + r.stderr);
}

export interface Tj3Row {
  start: string;
  end: string;
}

/** Parses tj3's CSV report (`"Id";"Start";"End"`, instants as "yyyy-MM-dd HH:mm") into id -> instants. */
export function parseTj3Csv(csv: string): Map<string, Tj3Row> {
  const lines = csv.split(/\r?\n/).filter((l) => l.trim() !== "");
  const header = splitCsvLine(lines[0] ?? "");
  if (header.join("|") !== "Id|Start|End") throw new Error(`Unexpected tj3 CSV header: ${lines[0]}`);
  const rows = new Map<string, Tj3Row>();
  for (const line of lines.slice(1)) {
    const [id, start, end] = splitCsvLine(line);
    rows.set(id, { start, end });
  }
  return rows;
}

function splitCsvLine(line: string): string[] {
  return line.split(";").map((f) => f.replace(/^"(.*)"$/, "$1"));
}

/** Runs tj3 on one project text and returns its CSV report. Throws with tj3's messages when it fails. */
export async function runTj3(tjp: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "jalon-tj3-"));
  try {
    const file = join(dir, "project.tjp");
    await writeFile(file, tjp);
    await new Promise<void>((resolve, reject) => {
      execFile(
        "tj3",
        ["--silent", "--no-color", "--abort-on-warnings", "-o", dir, file],
        { cwd: dir, maxBuffer: 64 << 20 },
        (err, stdout, stderr) => {
          if (err) reject(new Error(`tj3 failed (${err.message.split("\n")[0]}):\n${stderr}${stdout}`.slice(0, 8000)));
          else resolve();
        },
      );
    });
    return await readFile(join(dir, `${REPORT_ID}.csv`), "utf8");
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function splitInstant(instant: string): { day: string; minutes: number } {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})$/.exec(instant);
  if (!m) throw new Error(`Unexpected tj3 instant: ${instant}`);
  return { day: m[1], minutes: Number(m[2]) * 60 + Number(m[3]) };
}

/**
 * The calendar day a tj3 start instant means: the day of the first working slot at or after it. tj3 prints a
 * root's start as 00:00 of its start date (even on a weekend or holiday) and a dependent task's start as the
 * instant its constraints allow, typically 17:00 of the day before its first working day.
 */
export function tjStartToDay(instant: string, isWorking: (iso: string) => boolean): string {
  const { day, minutes } = splitInstant(instant);
  let d = minutes >= END_HOUR * 60 ? addDays(day, 1) : day;
  for (let i = 0; !isWorking(d); i++, d = addDays(d, 1))
    if (i > 400) throw new Error(`No working day after ${instant}`);
  return d;
}

/** The calendar day a tj3 end instant means: the day of the last working slot before it (17:00 -> that day). */
export function tjEndToDay(instant: string, isWorking: (iso: string) => boolean): string {
  const { day, minutes } = splitInstant(instant);
  let d = minutes <= START_HOUR * 60 ? addDays(day, -1) : day;
  for (let i = 0; !isWorking(d); i++, d = addDays(d, -1))
    if (i > 400) throw new Error(`No working day before ${instant}`);
  return d;
}
