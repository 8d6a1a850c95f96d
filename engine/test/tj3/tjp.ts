import type { GeneratedProject } from "./generate.js";
import { addDays } from "./days.js";

/** Working hours of the tj3 projects: a tj3 instant at or after END_HOUR belongs to the next working slot. */
export const START_HOUR = 9;
export const END_HOUR = 17;

export const PROJECT_START = "2026-01-01";
export const PROJECT_END = "2029-12-31";
export const REPORT_ID = "dates";

/** The tj3 id of an engine event of a generated project. */
export function tjTaskId(project: GeneratedProject, id: number): string {
  return `p${project.index}.t${id}`;
}

/**
 * One tj3 project holding every generated project as its own top-level task `p<index>` (one tj3 run for many
 * projects). All the projects must share one calendar variant: the holidays and vacations become global
 * `leaves holiday` (tj3 intervals exclude their end, hence the day added), which `length` and `gaplength`
 * skip exactly as the engine's working days do.
 *
 * Mapping (docs/ARCHITECTURE.md "Engine semantics"):
 * - a task of N working days: `length Nd` with 8 working hours a day (9:00-17:00, Monday to Friday);
 * - a root: `start <day>` (tj3 starts at the first working slot at or after 00:00 of that day);
 * - end-begin with delay d: `depends x { gaplength dd }` (no gap at all for d = 0);
 * - begin-begin with delay d: `depends x { onstart gaplength dd }`.
 */
export function writeTjp(projects: GeneratedProject[]): string {
  const variant = projects[0].variant;
  for (const p of projects)
    if (p.variant !== variant) throw new Error("writeTjp: all projects of one tj3 run must share one calendar");
  const out: string[] = [];
  out.push(`project jalon "Jalon differential test" ${PROJECT_START} - ${PROJECT_END} {`);
  out.push(`  timezone "UTC"`);
  out.push(`  timeformat "%Y-%m-%d %H:%M"`);
  out.push(`  dailyworkinghours ${END_HOUR - START_HOUR}`);
  out.push(`  workinghours mon - fri ${START_HOUR}:00 - ${END_HOUR}:00`);
  out.push(`  workinghours sat, sun off`);
  out.push(`  timingresolution 60min`);
  out.push(`  now ${PROJECT_START}`);
  out.push(`}`);
  variant.holidays.forEach((day, i) => out.push(`leaves holiday "ferie${i}" ${day}`));
  variant.vacations.forEach((v, i) =>
    out.push(`leaves holiday "conges${i}" ${v.startDate} - ${addDays(v.endDate, 1)}`),
  );
  for (const p of projects) {
    const deps = new Map<number, string[]>();
    for (const l of p.doc.links ?? []) {
      const delay = l.delay ?? 0;
      if (delay < 0) throw new Error("tj3 gaps cannot be negative");
      const attrs: string[] = [];
      if (l.type === "begin-begin") attrs.push("onstart");
      else if (l.type !== "end-begin") throw new Error(`No tj3 mapping for link type ${l.type}`);
      if (delay > 0) attrs.push(`gaplength ${delay}d`);
      const dep = attrs.length > 0 ? `${tjTaskId(p, l.parentId)} { ${attrs.join(" ")} }` : tjTaskId(p, l.parentId);
      deps.set(l.childId, [...(deps.get(l.childId) ?? []), dep]);
    }
    out.push(`task p${p.index} "Projet ${p.index} (seed ${p.seed})" {`);
    for (const e of p.doc.events) {
      if (e.type !== "task") throw new Error("Only tasks are mapped to tj3");
      const parts = [`length ${e.numberOfDays ?? 1}d`];
      const d = deps.get(e.id);
      if (d) parts.unshift(`depends ${d.join(", ")}`);
      else if (e.startDate) parts.unshift(`start ${e.startDate}`);
      else throw new Error(`Task ${e.id} has neither links nor a startDate`);
      out.push(`  task t${e.id} "t${e.id}" { ${parts.join(" ")} }`);
    }
    out.push(`}`);
  }
  out.push(`taskreport ${REPORT_ID} "${REPORT_ID}" {`);
  out.push(`  formats csv`);
  out.push(`  columns id, start, end`);
  out.push(`  timeformat "%Y-%m-%d %H:%M"`);
  out.push(`  hidetask 0`);
  out.push(`}`);
  return out.join("\n") + "\n";
}
