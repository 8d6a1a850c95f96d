import { XMLParser } from "fast-xml-parser";
import { AppError } from "@jalon/shared";
import {
  STANDARD_WEEK,
  warn,
  type FileCalendar,
  type FileConstraint,
  type FileInstant,
  type FileLink,
  type FileSchedule,
  type FileSummary,
  type FileTask,
} from "./schedule.js";
import { dayOfIso } from "./fileDates.js";

/**
 * Reads an MS Project XML file (MSPDI, the `<Project xmlns="http://schemas.microsoft.com/project">` document)
 * into the neutral schedule. Security first: a DOCTYPE or an entity declaration is refused before the parser
 * runs (no billion laughs, no external entity: nothing is ever fetched), and the parser expands no entity
 * (processEntities false; the five predefined ones and character references are decoded here, on text only).
 * Semantics follow ../shared/data/interchange/SOURCES.md: durations and lags in working time (MinutesPerDay),
 * LinkLag in tenths of minutes whatever LagFormat says, hierarchy from document order and OutlineLevel (the
 * Summary flag is unreliable), IsNull rows skipped, the project summary (level 0) not imported.
 */

const ARRAYS = new Set([
  "Project.Tasks.Task",
  "Project.Tasks.Task.PredecessorLink",
  "Project.Calendars.Calendar",
  "Project.Calendars.Calendar.WeekDays.WeekDay",
  "Project.Calendars.Calendar.WeekDays.WeekDay.WorkingTimes.WorkingTime",
  "Project.Calendars.Calendar.Exceptions.Exception",
  "Project.Resources.Resource",
  "Project.Assignments.Assignment",
]);

/** Elements whose content the import never reads (MS Project writes them for every task and assignment). */
const SKIPPED = [
  "Project.Tasks.Task.ExtendedAttribute",
  "Project.Tasks.Task.Baseline",
  "Project.Tasks.Task.TimephasedData",
  "Project.Resources.Resource.ExtendedAttribute",
  "Project.Resources.Resource.Baseline",
  "Project.Resources.Resource.TimephasedData",
  "Project.Assignments.Assignment.ExtendedAttribute",
  "Project.Assignments.Assignment.Baseline",
  "Project.Assignments.Assignment.TimephasedData",
  "Project.ExtendedAttributes",
  "Project.OutlineCodes",
];

type Node = Record<string, unknown>;

/** Elapsed duration formats (wall-clock time, not working time), estimated variants included. */
const ELAPSED_FORMATS = new Set([4, 6, 8, 10, 12, 20, 36, 38, 40, 42, 44]);
const CONSTRAINTS: Record<string, FileConstraint> = {
  "1": "alap",
  "2": "mso",
  "3": "mfo",
  "4": "snet",
  "5": "snlt",
  "6": "fnet",
  "7": "fnlt",
};
const LINK_TYPES: Record<string, FileLink["type"]> = { "0": "FF", "1": "FS", "2": "SF", "3": "SS" };

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The predefined entities and character references of a text value (nothing a document could declare). */
export function decodeText(s: string): string {
  if (!s.includes("&")) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, e: string) => {
    if (e[0] !== "#") return ENTITIES[e];
    const code = e[1] === "x" ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : "";
  });
}

const str = (v: unknown): string => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const text = (v: unknown): string => decodeText(str(v)).trim();
const num = (v: unknown): number | null => {
  const s = str(v).trim();
  if (s === "") return null;
  const n = Number(s);
  return Number.isFinite(n) ? n : null;
};
const list = (v: unknown): Node[] => (Array.isArray(v) ? (v as Node[]) : []);
const node = (v: unknown): Node => (v && typeof v === "object" && !Array.isArray(v) ? (v as Node) : {});

/** "2003-01-07T08:00:00" -> day and minute; null when absent or malformed. */
export function instantOf(v: unknown): FileInstant | null {
  const s = str(v).trim();
  if (s.length < 10) return null;
  const day = dayOfIso(s.slice(0, 10));
  if (day === null) return null;
  let minute = 0;
  if (s.length >= 16 && s[10] === "T") {
    const h = Number(s.slice(11, 13));
    const m = Number(s.slice(14, 16));
    if (!Number.isInteger(h) || !Number.isInteger(m)) return null;
    minute = h * 60 + m;
  }
  return { day, minute };
}

/** An xsd:duration ("PT114H17M6S", "P1DT2H") in minutes; null when absent or malformed. */
export function durationMinutes(v: unknown): number | null {
  const s = str(v).trim();
  const m =
    /^(-)?P(?:(\d+(?:\.\d+)?)Y)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)D)?(?:T(?:(\d+(?:\.\d+)?)H)?(?:(\d+(?:\.\d+)?)M)?(?:(\d+(?:\.\d+)?)S)?)?$/.exec(
      s,
    );
  if (!m || s === "P" || s === "PT") return null;
  const f = (x: string | undefined) => (x === undefined ? 0 : Number(x));
  const minutes = (f(m[2]) * 365 + f(m[3]) * 30 + f(m[4])) * 1440 + f(m[5]) * 60 + f(m[6]) + f(m[7]) / 60;
  return m[1] ? -minutes : minutes;
}

/** "08:00:00" -> minutes; "00:00:00" as an end is midnight at the end of the day. */
function timeOf(v: unknown, end: boolean): number | null {
  const s = str(v).trim();
  if (s.length < 5) return null;
  const h = Number(s.slice(0, 2));
  const m = Number(s.slice(3, 5));
  if (!Number.isInteger(h) || !Number.isInteger(m)) return null;
  const t = h * 60 + m;
  return end && t === 0 ? 1440 : t;
}

/** Refuses what is not a well-formed, safe MSPDI document; returns the parsed Project element. */
export function parseMspdiDocument(xml: string): Node {
  if (/<!(DOCTYPE|ENTITY)/i.test(xml))
    throw new AppError("errors.import_unsafe_xml", {
      message:
        "Le fichier XML déclare un DOCTYPE ou des entités : il est refusé par sécurité (aucune entité n'est développée ni chargée).",
    });
  // A cut file: the parser throws on most cuts; one that falls between two elements leaves the root unclosed.
  if (!xml.trimEnd().endsWith("Project>"))
    throw new AppError("errors.import_format", {
      message: "Le fichier XML est tronqué ou n'est pas un planning MS Project : il ne se termine pas par </Project>.",
    });
  let doc: Node;
  try {
    doc = new XMLParser({
      ignoreAttributes: true,
      removeNSPrefix: true,
      processEntities: false,
      htmlEntities: false,
      parseTagValue: false,
      trimValues: true,
      isArray: (_name, jpath) => ARRAYS.has(String(jpath)),
      // Kept as raw text, not parsed: bulky parts the import does not read.
      stopNodes: SKIPPED,
    }).parse(xml) as Node;
  } catch (e) {
    throw new AppError("errors.import_format", {
      message: `Le fichier XML est mal formé ou tronqué : ${e instanceof Error ? e.message.slice(0, 200) : "illisible"}.`,
    });
  }
  const project = doc.Project;
  if (!project || typeof project !== "object")
    throw new AppError("errors.import_format", {
      message: "Ce fichier XML n'est pas un planning MS Project (élément racine <Project> attendu).",
    });
  return project as Node;
}

interface CalendarDef {
  base: string | null;
  /** DayType 1 (Sunday) .. 7 (Saturday) -> hours or null (not working). */
  week: Map<number, { from: number; to: number } | null>;
  exceptionDays: Node[];
  exceptions: Node[];
}

function readCalendars(project: Node): Map<string, CalendarDef> {
  const out = new Map<string, CalendarDef>();
  for (const c of list(node(project.Calendars).Calendar)) {
    const uid = str(c.UID).trim();
    const base = str(c.BaseCalendarUID).trim();
    const week = new Map<number, { from: number; to: number } | null>();
    const exceptionDays: Node[] = [];
    for (const wd of list(node(c.WeekDays).WeekDay)) {
      const type = num(wd.DayType);
      if (type === 0) exceptionDays.push(wd);
      else if (type !== null && type >= 1 && type <= 7) {
        if (str(wd.DayWorking).trim() !== "1") week.set(type, null);
        else {
          const times = list(node(wd.WorkingTimes).WorkingTime);
          const from = Math.min(...times.map((t) => timeOf(t.FromTime, false) ?? 1440));
          const to = Math.max(...times.map((t) => timeOf(t.ToTime, true) ?? 0));
          week.set(type, times.length && from < to ? { from, to } : { from: 480, to: 1020 });
        }
      }
    }
    out.set(uid, {
      base: base && base !== "-1" ? base : null,
      week,
      exceptionDays,
      exceptions: list(node(c.Exceptions).Exception),
    });
  }
  return out;
}

function projectCalendar(project: Node, warnings: FileSchedule["warnings"]): FileCalendar {
  const defs = readCalendars(project);
  let uid = str(project.CalendarUID).trim();
  if (!defs.has(uid)) uid = defs.keys().next().value ?? "";
  const chain: CalendarDef[] = [];
  for (let u: string | null = uid, guard = 0; u !== null && defs.has(u) && guard < 20; guard++) {
    const d: CalendarDef = defs.get(u)!;
    chain.push(d);
    u = d.base;
  }
  if (chain.length === 0) return { week: STANDARD_WEEK, closures: [] };
  // Monday = 0 .. Sunday = 6 from DayType 2 .. 1; a derived calendar inherits what it leaves out.
  const week: FileCalendar["week"] = STANDARD_WEEK.map((standard, i) => {
    const type = i === 6 ? 1 : i + 2;
    for (const d of chain) if (d.week.has(type)) return d.week.get(type) ?? null;
    return standard;
  });
  const closures: FileCalendar["closures"] = [];
  let workingException = false;
  const own = chain.find((d) => d.exceptionDays.length > 0 || d.exceptions.length > 0);
  if (own && own.exceptionDays.length > 0) {
    for (const wd of own.exceptionDays) {
      const range = rangeOf(node(wd.TimePeriod));
      if (!range) continue;
      if (str(wd.DayWorking).trim() === "1") workingException = true;
      else closures.push({ name: "Jour non travaillé", ...range });
    }
  } else if (own) {
    for (const ex of own.exceptions) {
      const name = text(ex.Name);
      const range = rangeOf(node(ex.TimePeriod));
      if (!range) continue;
      if (str(ex.DayWorking).trim() === "1") {
        workingException = true;
        continue;
      }
      const type = num(ex.Type) ?? 1;
      const period = num(ex.Period) ?? 1;
      if (type === 1 && period === 1) closures.push({ name: name || "Jour non travaillé", ...range });
      else
        warn(
          warnings,
          "calendar_recurring_exception",
          `L'exception récurrente « ${name || "sans nom"} » du calendrier n'est pas reprise (le fichier ne la détaille pas jour par jour).`,
        );
    }
  }
  if (workingException)
    warn(
      warnings,
      "calendar_working_exception",
      "Le calendrier du fichier rend ouvrés des jours habituellement chômés : Jalon ne peut pas le reprendre.",
    );
  return { week, closures };
}

/** A TimePeriod's days; a ToDate at midnight ends the day before. */
function rangeOf(tp: Node): { from: number; to: number } | null {
  const a = instantOf(tp.FromDate);
  const b = instantOf(tp.ToDate);
  if (!a || !b) return null;
  const to = b.minute === 0 && b.day > a.day ? b.day - 1 : b.day;
  return to >= a.day ? { from: a.day, to } : null;
}

export function readMspdi(xml: string, fileName: string): FileSchedule {
  const project = parseMspdiDocument(xml);
  const warnings: FileSchedule["warnings"] = [];
  const minutesPerDay = num(project.MinutesPerDay) || 480;
  const calendar = projectCalendar(project, warnings);
  const projectCalendarUid = str(project.CalendarUID).trim();

  // Resources and who is assigned to what.
  const resourceName = new Map<string, string>();
  const resources: string[] = [];
  for (const r of list(node(project.Resources).Resource)) {
    const uid = str(r.UID).trim();
    const name = text(r.Name);
    if (name) {
      resourceName.set(uid, name);
      resources.push(name);
    } else if (uid !== "0" && str(r.IsNull).trim() !== "1")
      warn(
        warnings,
        "resource_unnamed",
        `La ressource ${uid} n'a pas de nom : elle n'est pas reprise comme intervenant.`,
      );
  }
  const assigned = new Map<string, string[]>();
  for (const a of list(node(project.Assignments).Assignment)) {
    const name = resourceName.get(str(a.ResourceUID).trim());
    if (!name) continue;
    const t = str(a.TaskUID).trim();
    const cur = assigned.get(t);
    if (cur) cur.push(name);
    else assigned.set(t, [name]);
  }

  const rows = list(node(project.Tasks).Task).filter((t) => str(t.IsNull).trim() !== "1");
  const level = (t: Node) => num(t.OutlineLevel) ?? 1;
  const tasks: FileTask[] = [];
  const summaries: FileSummary[] = [];
  const links: FileLink[] = [];
  const durationOf = new Map<string, number>();
  const percentLags: { index: number; percent: number }[] = [];
  const stack: { level: number; key: string }[] = [];
  for (let i = 0; i < rows.length; i++) {
    const t = rows[i];
    const key = str(t.UID).trim() || `ligne ${i + 1}`;
    const lv = level(t);
    const isSummary = i + 1 < rows.length && level(rows[i + 1]) > lv;
    while (stack.length && stack[stack.length - 1].level >= lv) stack.pop();
    const parentKey = stack.length ? stack[stack.length - 1].key : null;
    // The project summary (UID 0, or a level-0 row holding the others) is the project itself.
    if (lv <= 0 && (isSummary || key === "0")) continue;
    if (isSummary) {
      summaries.push({ key, name: text(t.Name), parentKey });
      stack.push({ level: lv, key });
    } else {
      const minutes = durationMinutes(t.Duration);
      const format = num(t.DurationFormat);
      const elapsed = format !== null && ELAPSED_FORMATS.has(format);
      const durationDays = minutes === null ? null : minutes === 0 ? 0 : elapsed ? null : minutes / minutesPerDay;
      if (minutes !== null) durationOf.set(key, minutes / minutesPerDay);
      const cal = str(t.CalendarUID).trim();
      tasks.push({
        key,
        name: text(t.Name),
        parentKey,
        milestone: str(t.Milestone).trim() === "1" || minutes === 0,
        start: instantOf(t.Start),
        finish: instantOf(t.Finish),
        durationDays,
        constraint: CONSTRAINTS[str(t.ConstraintType).trim()] ?? null,
        resources: assigned.get(key) ?? [],
        ownCalendar: cal !== "" && cal !== "-1" && cal !== projectCalendarUid,
      });
    }
    for (const l of list(t.PredecessorLink)) {
      const pred = str(l.PredecessorUID).trim();
      if (!pred) continue;
      const lagFormat = num(l.LagFormat);
      const raw = num(l.LinkLag) ?? 0;
      const percent = lagFormat === 19 || lagFormat === 20;
      if (percent) percentLags.push({ index: links.length, percent: raw });
      links.push({
        predKey: pred,
        succKey: key,
        type: LINK_TYPES[str(l.Type).trim()] ?? "FS",
        lagDays: percent ? 0 : raw / 10 / minutesPerDay,
        external: str(l.CrossProject).trim() === "1",
      });
    }
  }
  // A percentage lag is a share of the predecessor's duration, known once every task is read.
  for (const { index, percent } of percentLags) {
    const l = links[index];
    l.lagDays = ((durationOf.get(l.predKey) ?? 0) * percent) / 100;
    warn(
      warnings,
      "link_lag_percent",
      `Un décalage de ${percent} % de la durée du prédécesseur est converti en jours ouvrés.`,
    );
  }
  const title = text(project.Title) || text(rows.find((t) => level(t) <= 0)?.Name) || text(project.Name) || fileName;
  return { title: stripXml(title), tasks, summaries, links, calendar, resources, warnings };
}

function stripXml(title: string): string {
  return title.toLowerCase().endsWith(".xml") ? title.slice(0, -4) : title;
}
