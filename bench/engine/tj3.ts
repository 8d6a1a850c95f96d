// The TaskJuggler peer: the generated plan as a .tjp project (end-begin as `depends x { gaplength Nd }`,
// begin-begin as `{ onstart gaplength Nd }`, tasks as `length Nd`, holidays and the summer closure as
// `leaves holiday`), a one-report run of tj3, and the report read back as days.
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { EventKind, LinkType, NO_DAY, dayOfWeek, formatDay, parseDay, type Calendar } from "@jalon/engine";
import type { GeneratedPlan } from "./generate.js";

export function tj3Version(): string | null {
  const r = spawnSync("tj3", ["--version"], { encoding: "utf8" });
  if (r.error || r.status !== 0) return null;
  return r.stdout.trim();
}

function quote(s: string): string {
  return `"${s.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;
}

/** Writes the project; the report `dates` lists id, start and end of every task as CSV. */
export function writeTjp(g: GeneratedPlan, file: string, endDay: number): void {
  const c = g.columns;
  let first = Number.POSITIVE_INFINITY;
  for (let i = 0; i < c.ids.length; i++)
    if (c.requestedStart[i] !== NO_DAY && c.requestedStart[i] < first) first = c.requestedStart[i];
  const from = first - 7;
  const to = endDay + 60;
  const out: string[] = [];
  out.push(`project jalon "Jalon bench" ${formatDay(from)} - ${formatDay(to)} {`, `  timezone "UTC"`, `}`);
  const off = new Set<number>(g.holidays);
  for (const [a, b] of g.vacations) for (let d = a; d <= b; d++) off.add(d);
  for (const d of [...off].sort((x, y) => x - y))
    if (d >= from && d <= to && dayOfWeek(d) < 5) out.push(`leaves holiday "Fermé" ${formatDay(d)}`);
  const deps: string[][] = Array.from({ length: c.ids.length }, () => []);
  for (let k = 0; k < c.linkParentId.length; k++) {
    const type = c.linkType[k];
    if (type !== LinkType.EndBegin && type !== LinkType.BeginBegin)
      throw new Error("tj3: only end-begin and begin-begin links");
    const delay = c.linkDelay[k];
    if (delay < 0) throw new Error("tj3: no negative delays");
    const attrs = [type === LinkType.BeginBegin ? "onstart" : "", delay > 0 ? `gaplength ${delay}d` : ""]
      .filter(Boolean)
      .join(" ");
    deps[c.linkChildId[k] - 1].push(`t${c.linkParentId[k]}${attrs ? ` { ${attrs} }` : ""}`);
  }
  for (let i = 0; i < c.ids.length; i++) {
    const body: string[] = [];
    if (c.kind[i] === EventKind.Milestone) body.push("milestone");
    else body.push(`length ${c.duration[i]}d`);
    if (c.requestedStart[i] !== NO_DAY) body.push(`start ${formatDay(c.requestedStart[i])}`);
    if (deps[i].length > 0) body.push(`depends ${deps[i].join(", ")}`);
    out.push(`task t${c.ids[i]} ${quote(g.names[i])} { ${body.join(" ")} }`);
  }
  out.push(`taskreport "dates" {`, `  formats csv`, `  columns id, start, end`, `  timeformat "%Y-%m-%d %H:%M"`, `}`);
  writeFileSync(file, `${out.join("\n")}\n`);
}

/** Runs tj3 on the file (reports into outDir); throws with tj3's message on failure. */
export function runTj3(file: string, outDir: string): void {
  const r = spawnSync("tj3", ["--silent", "--no-color", "-o", outDir, file], {
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
  });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`tj3 a échoué (${r.status}) : ${(r.stderr || r.stdout).slice(0, 2000)}`);
}

/**
 * Reads dates.csv back as id -> [start day, end day] for tasks. tj3 prints instants: an end at 17:00 is that
 * day; a start at 17:00 (the end of a working day) means the next working day, a start at 00:00 that day (or
 * the next working day when it is not one).
 */
export function readTj3Dates(outDir: string, cal: Calendar): Map<number, [number, number]> {
  const text = readFileSync(join(outDir, "dates.csv"), "utf8");
  const out = new Map<number, [number, number]>();
  for (const line of text.split("\n").slice(1)) {
    if (!line.trim()) continue;
    const [idField, startField, endField] = line.split(";").map((f) => f.replace(/^"|"$/g, ""));
    const id = Number(idField.slice(1));
    const [sDate, sTime] = startField.split(" ");
    const [eDate, eTime] = endField.split(" ");
    const sDay = parseDay(sDate);
    const start = sTime >= "17:00" ? cal.nextWorking(sDay + 1) : cal.nextWorking(sDay);
    const eDay = parseDay(eDate);
    const end = eTime === "00:00" ? eDay - 1 : eDay;
    out.set(id, [start, end]);
  }
  return out;
}
