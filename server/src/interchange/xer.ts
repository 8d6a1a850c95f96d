import { AppError } from "@jalon/shared";
import { dayOfIso, SERIAL_EPOCH } from "./fileDates.js";
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

/**
 * Reads a Primavera P6 export (.xer): tab-separated tables, each a `%T name` line, a `%F` line of field names
 * and `%R` rows, ending with `%E`. Tables read: PROJECT, CALENDAR, PROJWBS (summaries), TASK, TASKPRED,
 * RSRC and TASKRSRC. Every activity of every project goes into the one version; dates are those P6 shows
 * (actual, else remaining early, else planned); durations are target hours / the calendar's hours per day;
 * TT_WBS and TT_LOE activities are not events; lags are hours.
 */

export type XerTables = Map<string, Record<string, string>[]>;

/**
 * The file's text. P6 writes its client's code page and says nothing of it in the header: valid UTF-8 is
 * UTF-8, otherwise windows-1251 when the high bytes come in runs (Cyrillic words), else windows-1252.
 */
export function decodeXer(bytes: Uint8Array): string {
  let start = 0;
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) start = 3;
  const body = bytes.subarray(start);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(body);
  } catch {
    return new TextDecoder(xerCodePage(body)).decode(body);
  }
}

/** windows-1251 or windows-1252: Cyrillic text is runs of letters 0xC0-0xFF, Western text isolated accents. */
export function xerCodePage(bytes: Uint8Array): "windows-1251" | "windows-1252" {
  let runs = 0;
  let isolated = 0;
  let run = 0;
  for (let i = 0; i <= bytes.length; i++) {
    const b = i < bytes.length ? bytes[i] : 0;
    if (b >= 0xc0) run++;
    else {
      if (run >= 3) runs++;
      else if (run > 0) isolated++;
      run = 0;
    }
  }
  return runs > 0 && runs >= isolated / 4 ? "windows-1251" : "windows-1252";
}

/** The tables of the text; errors.import_format when it is not an XER or is cut short. */
export function xerTables(textIn: string): { header: string[]; tables: XerTables } {
  const lines = textIn.split(/\r?\n/);
  if (!lines[0]?.startsWith("ERMHDR"))
    throw new AppError("errors.import_format", {
      message: "Ce fichier n'est pas un export Primavera P6 (.xer) : la ligne d'en-tête ERMHDR manque.",
    });
  const tables: XerTables = new Map();
  let fields: string[] | null = null;
  let rows: Record<string, string>[] | null = null;
  let ended = false;
  for (let i = 1; i < lines.length; i++) {
    const line = lines[i];
    if (line === "") continue;
    const cells = line.split("\t");
    switch (cells[0]) {
      case "%T":
        rows = [];
        fields = null;
        tables.set(cells[1] ?? "", rows);
        break;
      case "%F":
        fields = cells.slice(1);
        break;
      case "%R":
        if (!rows || !fields)
          throw new AppError("errors.import_format", {
            message: `Fichier .xer mal formé : ligne ${i + 1}, une ligne de données précède l'en-tête de sa table.`,
          });
        {
          const row: Record<string, string> = {};
          for (let k = 0; k < fields.length; k++) row[fields[k]] = cells[k + 1] ?? "";
          rows.push(row);
        }
        break;
      case "%E":
        ended = true;
        break;
      default:
        throw new AppError("errors.import_format", {
          message: `Fichier .xer mal formé : ligne ${i + 1} inattendue.`,
        });
    }
    if (ended) break;
  }
  if (!ended)
    throw new AppError("errors.import_format", {
      message: "Le fichier .xer est tronqué : la ligne de fin %E manque.",
    });
  return { header: lines[0].split("\t"), tables };
}

/** "2023-10-06 08:00" -> day and minute. */
function instantOf(v: string | undefined): FileInstant | null {
  if (!v || v.length < 10) return null;
  const day = dayOfIso(v.slice(0, 10));
  if (day === null) return null;
  const h = v.length >= 16 ? Number(v.slice(11, 13)) : 0;
  const m = v.length >= 16 ? Number(v.slice(14, 16)) : 0;
  return { day, minute: Number.isInteger(h) && Number.isInteger(m) ? h * 60 + m : 0 };
}

const num = (v: string | undefined): number | null => {
  if (v === undefined || v.trim() === "") return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

const CONSTRAINTS: Record<string, FileConstraint> = {
  CS_MSO: "mso",
  CS_MANDSTART: "mso",
  CS_MEO: "mfo",
  CS_MANDFIN: "mfo",
  CS_MSOA: "snet",
  CS_MSOB: "snlt",
  CS_MEOA: "fnet",
  CS_MEOB: "fnlt",
  CS_ALAP: "alap",
};
const LINK_TYPES: Record<string, FileLink["type"]> = { PR_FS: "FS", PR_SS: "SS", PR_FF: "FF", PR_SF: "SF" };

interface XerCalendar {
  hoursPerDay: number;
  week: FileCalendar["week"];
  holidays: number[];
  working: boolean;
}

/** "hh:mm" -> minutes, 00:00 as an end being midnight at the end of the day. */
function clock(s: string, end: boolean): number {
  const t = Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));
  return end && t === 0 ? 1440 : t;
}

/** The clndr_data text: working hours per weekday (1 = Sunday .. 7 = Saturday) and exception days. */
export function readClndrData(data: string, hoursPerDay: number): XerCalendar | null {
  const dow = data.indexOf("DaysOfWeek()");
  const exc = data.indexOf("Exceptions()");
  if (dow < 0) return null;
  const weekText = data.slice(dow, exc > dow ? exc : undefined);
  const parts = weekText.split(/\(0\|\|([1-7])\(\)/);
  const byType = new Map<number, { from: number; to: number } | null>();
  for (let k = 1; k + 1 < parts.length; k += 2) {
    const type = Number(parts[k]);
    const chunk = parts[k + 1];
    const starts = [...chunk.matchAll(/s\|(\d\d:\d\d)/g)].map((m) => clock(m[1], false));
    const ends = [...chunk.matchAll(/f\|(\d\d:\d\d)/g)].map((m) => clock(m[1], true));
    byType.set(type, starts.length && ends.length ? { from: Math.min(...starts), to: Math.max(...ends) } : null);
  }
  if (byType.size === 0) return null;
  const week = STANDARD_WEEK.map((standard, i) => {
    const type = i === 6 ? 1 : i + 2;
    return byType.has(type) ? (byType.get(type) ?? null) : standard;
  });
  const holidays: number[] = [];
  let working = false;
  if (exc >= 0)
    for (const m of data.slice(exc).matchAll(/\(d\|(\d+)\)\((.)/g)) {
      if (m[2] === ")") holidays.push(Number(m[1]) - SERIAL_EPOCH);
      else working = true;
    }
  return { hoursPerDay, week, holidays, working };
}

export function readXer(bytes: Uint8Array, fileName: string): FileSchedule {
  const { tables } = xerTables(decodeXer(bytes));
  const warnings: FileSchedule["warnings"] = [];
  const projects = tables.get("PROJECT") ?? [];
  const taskRows = tables.get("TASK") ?? [];
  if (projects.length === 0 && taskRows.length === 0)
    throw new AppError("errors.import_invalid", {
      message: "Le fichier .xer ne contient ni projet ni activité (tables PROJECT et TASK absentes).",
    });
  if (projects.length > 1)
    warn(
      warnings,
      "projects_merged",
      `Le fichier contient ${projects.length} projets : toutes leurs activités sont importées dans la même version.`,
    );
  const projectIds = new Set(projects.map((p) => p.proj_id));

  // Calendars: the first project's (or the default one) is the version's.
  const calendars = new Map<string, XerCalendar>();
  for (const c of tables.get("CALENDAR") ?? []) {
    const hpd = num(c.day_hr_cnt) || 8;
    let cal: XerCalendar | null;
    try {
      cal = readClndrData(c.clndr_data ?? "", hpd);
    } catch {
      cal = null;
    }
    calendars.set(c.clndr_id, cal ?? { hoursPerDay: hpd, week: STANDARD_WEEK, holidays: [], working: false });
  }
  const defaultCalendar = (tables.get("CALENDAR") ?? []).find((c) => c.default_flag === "Y")?.clndr_id;
  const projectCalendarId = projects.find((p) => calendars.has(p.clndr_id))?.clndr_id ?? defaultCalendar;
  const projectCal = (projectCalendarId && calendars.get(projectCalendarId)) || {
    hoursPerDay: 8,
    week: STANDARD_WEEK,
    holidays: [],
    working: false,
  };
  if (projectCal.working)
    warn(
      warnings,
      "calendar_working_exception",
      "Le calendrier du fichier rend ouvrés des jours habituellement chômés : Jalon ne peut pas le reprendre.",
    );
  const calendar: FileCalendar = {
    week: projectCal.week,
    closures: projectCal.holidays.map((d) => ({ name: "Jour non travaillé", from: d, to: d })),
  };

  // WBS nodes become summaries; a project's root node is the project itself.
  const wbsRows = tables.get("PROJWBS") ?? [];
  const rootWbs = new Set(wbsRows.filter((w) => w.proj_node_flag === "Y").map((w) => w.wbs_id));
  const wbsKey = (id: string | undefined) => (id && !rootWbs.has(id) ? `wbs:${id}` : null);
  const wbsIds = new Set(wbsRows.map((w) => w.wbs_id));
  const summaries: FileSummary[] = wbsRows
    .filter((w) => !rootWbs.has(w.wbs_id))
    .map((w) => ({
      key: `wbs:${w.wbs_id}`,
      name: w.wbs_name || w.wbs_short_name || "",
      parentKey: wbsIds.has(w.parent_wbs_id) ? wbsKey(w.parent_wbs_id) : null,
    }));

  const resourceName = new Map<string, string>();
  const resources: string[] = [];
  for (const r of tables.get("RSRC") ?? []) {
    const name = (r.rsrc_name || r.rsrc_short_name || "").trim();
    if (name) {
      resourceName.set(r.rsrc_id, name);
      resources.push(name);
    } else
      warn(
        warnings,
        "resource_unnamed",
        `La ressource ${r.rsrc_id} n'a pas de nom : elle n'est pas reprise comme intervenant.`,
      );
  }
  const assigned = new Map<string, string[]>();
  for (const a of tables.get("TASKRSRC") ?? []) {
    const name = resourceName.get(a.rsrc_id);
    if (!name) continue;
    const cur = assigned.get(a.task_id);
    if (cur) cur.push(name);
    else assigned.set(a.task_id, [name]);
  }

  const tasks: FileTask[] = [];
  const taskIds = new Set<string>();
  for (const t of taskRows) {
    const name = (t.task_name ?? "").trim();
    if (t.task_type === "TT_WBS" || t.task_type === "TT_LOE") {
      warn(
        warnings,
        "task_level_of_effort",
        `L'activité « ${name || t.task_code} » est ${t.task_type === "TT_LOE" ? "un niveau d'effort" : "un récapitulatif WBS"} : elle n'est pas importée comme tâche.`,
        name || t.task_code,
      );
      continue;
    }
    taskIds.add(t.task_id);
    const cal = calendars.get(t.clndr_id);
    const hoursPerDay = cal?.hoursPerDay ?? projectCal.hoursPerDay;
    const hours = num(t.target_drtn_hr_cnt);
    const milestone = t.task_type === "TT_Mile" || t.task_type === "TT_FinMile" || hours === 0;
    const start = instantOf(t.act_start_date || t.restart_date || t.early_start_date || t.target_start_date);
    const finish = instantOf(t.act_end_date || t.reend_date || t.early_end_date || t.target_end_date);
    tasks.push({
      key: t.task_id,
      name,
      parentKey: wbsKey(t.wbs_id),
      milestone,
      // A finish milestone sits at its finish.
      start: t.task_type === "TT_FinMile" ? (finish ?? start) : start,
      finish: finish ?? start,
      durationDays: hours === null ? null : hours / hoursPerDay,
      constraint: CONSTRAINTS[t.cstr_type ?? ""] ?? null,
      resources: assigned.get(t.task_id) ?? [],
      ownCalendar: t.clndr_id !== "" && t.clndr_id !== projectCalendarId && cal !== undefined && cal !== projectCal,
    });
  }

  const calendarOfTask = new Map(taskRows.map((t) => [t.task_id, t.clndr_id]));
  const links: FileLink[] = [];
  for (const l of tables.get("TASKPRED") ?? []) {
    const crossProject = l.proj_id !== undefined && l.pred_proj_id !== undefined && l.proj_id !== l.pred_proj_id;
    const hpd = calendars.get(calendarOfTask.get(l.task_id) ?? "")?.hoursPerDay;
    links.push({
      predKey: l.pred_task_id,
      succKey: l.task_id,
      type: LINK_TYPES[l.pred_type] ?? "FS",
      lagDays: (num(l.lag_hr_cnt) ?? 0) / (hpd ?? projectCal.hoursPerDay),
      external:
        crossProject ||
        !taskIds.has(l.pred_task_id) ||
        (l.pred_proj_id !== undefined && projectIds.size > 0 && !projectIds.has(l.pred_proj_id)),
    });
  }
  const title = projects.map((p) => p.proj_short_name).find((n) => n && n.trim()) ?? fileName.replace(/\.xer$/i, "");
  return { title, tasks, summaries, links, calendar, resources, warnings };
}
