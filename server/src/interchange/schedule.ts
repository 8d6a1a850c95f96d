import {
  Calendar,
  createPlanFromColumns,
  CycleError,
  formatDay,
  LINK_TYPE_NAMES,
  parseDay,
  schedulePlan,
} from "@jalon/engine";
import { AppError, type ScheduleImportWarning, type ScheduleImportWarningCode } from "@jalon/shared";

/**
 * The neutral schedule both readers (mspdi.ts, xer.ts) produce, and its resolution into Jalon's days
 * (`resolveSchedule`). A reader only says what the file says (instants, durations in working days, links
 * with the file's type names and lags in working days); the day rules live here, once for both formats:
 * - an instant becomes a day by its place in the working day: a start at or after the day's end is the next
 *   working day, a finish at or before the day's beginning is the previous one, a milestone is the beginning
 *   of the day nearest in working time (Friday 17:00 -> Monday: DESIGN's milestone rule);
 * - a task's number of days is the count of working days between its start and finish days, so the version's
 *   dates are the file's dates; a file duration that disagrees is reported, not applied;
 * - links keep their meaning: FS, SS, FF keep their lag; SF with lag L is begin-end with delay L - 1 (our
 *   begin-end counts the child's last day from the parent's first);
 * - the engine must not move a task: a task later than its links require gets that slack added to its
 *   incoming delays (what a move does in Jalon), a task the file leaves earlier than a link requires is locked
 *   on its dates and reported.
 */

/** An instant of the file: a calendar day and the minute of that day (0..1440). */
export interface FileInstant {
  day: number;
  minute: number;
}

export type FileConstraint = "mso" | "mfo" | "snet" | "snlt" | "fnet" | "fnlt" | "alap";

export interface FileTask {
  /** The file's id of the task (UID, task_id), unique in the file. */
  key: string;
  /** Empty when the file gives none. */
  name: string;
  /** Summary (sequence) holding it, null at the top. */
  parentKey: string | null;
  milestone: boolean;
  start: FileInstant | null;
  finish: FileInstant | null;
  /** The file's duration in working days of its calendar (null when not given). */
  durationDays: number | null;
  constraint: FileConstraint | null;
  /** Names of the resources assigned, in the file's order. */
  resources: string[];
  /** The task follows a calendar other than the project's. */
  ownCalendar?: boolean;
}

export interface FileSummary {
  key: string;
  name: string;
  parentKey: string | null;
}

export type FileLinkType = "FS" | "SS" | "FF" | "SF";

export interface FileLink {
  predKey: string;
  succKey: string;
  type: FileLinkType;
  /** Lag in working days, possibly fractional. */
  lagDays: number;
  /** The link leaves the file's projects (another project, an unknown activity). */
  external?: boolean;
}

export interface FileCalendar {
  /** Working hours of each weekday, Monday = 0 .. Sunday = 6, in minutes of the day; null: not working. */
  week: ({ from: number; to: number } | null)[];
  /** Non-working exceptions, each an inclusive day range with its name. */
  closures: { name: string; from: number; to: number }[];
}

export interface FileSchedule {
  title: string;
  tasks: FileTask[];
  summaries: FileSummary[];
  links: FileLink[];
  calendar: FileCalendar;
  /** Named resources of the file. */
  resources: string[];
  warnings: ScheduleImportWarning[];
}

export const STANDARD_WEEK: FileCalendar["week"] = [
  { from: 480, to: 1020 },
  { from: 480, to: 1020 },
  { from: 480, to: 1020 },
  { from: 480, to: 1020 },
  { from: 480, to: 1020 },
  null,
  null,
];

/** What Jalon writes. Keys are the file's; the writer maps them to row ids. */
export interface ImportedEvent {
  key: string;
  name: string;
  milestone: boolean;
  startDay: string;
  endDay: string;
  numberOfDays: number;
  locked: boolean;
  hasParents: boolean;
  sequenceKey: string | null;
  participant: string | null;
}

export interface ImportedSequence {
  key: string;
  name: string;
  parentKey: string | null;
  startDay: string;
  endDay: string;
}

export interface ImportedLink {
  parentKey: string;
  childKey: string;
  type: (typeof LINK_TYPE_NAMES)[number];
  delay: number;
}

export interface ImportedSchedule {
  title: string;
  events: ImportedEvent[];
  sequences: ImportedSequence[];
  links: ImportedLink[];
  holidays: { name: string; day: string }[];
  vacations: { name: string; startDay: string; endDay: string }[];
  participants: string[];
  warnings: ScheduleImportWarning[];
}

/** Longest closure expanded into days (a range over ten years is a writer's artefact, not a closure). */
const MAX_CLOSURE_DAYS = 3660;
const MAX_NAME = 200;

// eslint-disable-next-line no-control-regex -- control characters are what it removes
const CONTROL = /[\u0000-\u001F\u007F]+/g;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** A name as Jalon's texts take it: no control character or lone surrogate, spaces collapsed, 200 characters. */
export function cleanName(s: string): string {
  return s.replace(CONTROL, " ").replace(LONE_SURROGATE, "").replace(/\s+/g, " ").trim().slice(0, MAX_NAME).trim();
}

export function warn(
  list: ScheduleImportWarning[],
  code: ScheduleImportWarningCode,
  detail: string,
  task?: string,
): void {
  list.push(task === undefined ? { code, detail } : { code, task, detail });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 || n === -1 ? one : many}`;

/** Days of the week between day lo and hi (inclusive) that are weekdays of Jalon's calendar (Monday-Friday). */
function closureDays(c: FileCalendar): {
  days: number[];
  holidays: ImportedSchedule["holidays"];
  vacations: ImportedSchedule["vacations"];
} {
  const days: number[] = [];
  const holidays: ImportedSchedule["holidays"] = [];
  const vacations: ImportedSchedule["vacations"] = [];
  const seen = new Set<number>();
  for (const r of c.closures) {
    if (r.to < r.from || r.to - r.from > MAX_CLOSURE_DAYS) continue;
    const name = cleanName(r.name) || "Jour non travaillé";
    if (r.to === r.from) {
      if (seen.has(r.from)) continue;
      seen.add(r.from);
      holidays.push({ name, day: formatDay(r.from) });
    } else vacations.push({ name, startDay: formatDay(r.from), endDay: formatDay(r.to) });
    for (let d = r.from; d <= r.to; d++) days.push(d);
  }
  return { days, holidays, vacations };
}

export function resolveSchedule(file: FileSchedule): ImportedSchedule {
  const warnings = [...file.warnings];
  const week = file.calendar.week;
  const weekdaysOk = week.every((w, i) => (i < 5 ? w !== null : w === null));
  if (!weekdaysOk)
    warn(
      warnings,
      "calendar_working_weekend",
      "Le calendrier du fichier ne travaille pas du lundi au vendredi : Jalon garde le lundi-vendredi, les tâches " +
        "placées un jour non ouvré de Jalon commencent le jour ouvré suivant.",
    );
  const closures = closureDays(file.calendar);
  const cal = new Calendar(closures.days);
  const isWorking = (d: number) => cal.dayAt(cal.rank(d)) === d;
  const nextWorking = (d: number) => cal.dayAt(cal.rank(d));
  const prevWorking = (d: number) => cal.dayAt(cal.rank(d + 1) - 1);
  const hours = (d: number) => week[(((d + 3) % 7) + 7) % 7] ?? { from: 480, to: 1020 };

  const startDayOf = (t: FileInstant) => {
    if (!isWorking(t.day)) return nextWorking(t.day);
    return t.minute >= hours(t.day).to ? nextWorking(t.day + 1) : t.day;
  };
  const finishDayOf = (t: FileInstant) => {
    if (!isWorking(t.day)) return prevWorking(t.day);
    return t.minute <= hours(t.day).from ? prevWorking(t.day - 1) : t.day;
  };
  const milestoneDayOf = (t: FileInstant) => {
    if (!isWorking(t.day)) return nextWorking(t.day);
    const h = hours(t.day);
    if (t.minute <= h.from) return t.day;
    if (t.minute >= h.to || (t.minute - h.from) * 2 >= h.to - h.from) return nextWorking(t.day + 1);
    return t.day;
  };
  const aligned = (t: FileInstant) => {
    const h = hours(t.day);
    return t.minute <= h.from || t.minute >= h.to;
  };

  // Summaries: only those that hold at least one event, with their unique names.
  const summaryByKey = new Map(file.summaries.map((s) => [s.key, s]));
  const participants: string[] = [];
  const participantSet = new Set<string>();
  for (const r of file.resources) {
    const n = cleanName(r);
    if (n && !participantSet.has(n)) {
      participantSet.add(n);
      participants.push(n);
    }
  }

  const events: ImportedEvent[] = [];
  const start = new Map<string, number>();
  const index = new Map<string, number>();
  const constraintOf = new Map<string, FileConstraint | null>();
  let unnamed = 0;
  for (const t of file.tasks) {
    let name = cleanName(t.name);
    if (!name) {
      unnamed++;
      name = `Tâche sans nom ${unnamed} (${t.key})`;
      warn(
        warnings,
        "task_unnamed",
        `La tâche ${t.key} du fichier n'a pas de nom : elle est importée sous « ${name} ».`,
        name,
      );
    }
    if (!t.start || !t.finish) {
      warn(warnings, "task_without_dates", `La tâche « ${name} » n'a pas de dates : elle n'est pas importée.`, name);
      continue;
    }
    const milestone = t.milestone || t.durationDays === 0;
    let s: number;
    let e: number;
    if (milestone) {
      s = e = milestoneDayOf(t.start);
      if (!aligned(t.start))
        warn(
          warnings,
          "task_not_day_aligned",
          `Le jalon « ${name} » tombe en cours de journée : il est placé au ${formatDay(s)}.`,
          name,
        );
    } else {
      s = startDayOf(t.start);
      e = finishDayOf(t.finish);
      if (e < s) e = s;
      if (!aligned(t.start) || !aligned(t.finish))
        warn(
          warnings,
          "task_not_day_aligned",
          `La tâche « ${name} » commence ou finit en cours de journée : elle occupe du ${formatDay(s)} au ${formatDay(e)}.`,
          name,
        );
    }
    const n = milestone ? 0 : cal.rank(e + 1) - cal.rank(s);
    if (!milestone && t.durationDays !== null && Math.abs(Math.ceil(t.durationDays - 1e-6) - n) > 0)
      warn(
        warnings,
        "task_duration_differs",
        `La tâche « ${name} » dure ${plural(Math.round(t.durationDays * 100) / 100, "jour", "jours")} dans le fichier ` +
          `mais ses dates couvrent ${plural(n, "jour ouvré", "jours ouvrés")} : les dates sont gardées.`,
        name,
      );
    if (t.ownCalendar)
      warn(
        warnings,
        "calendar_task_specific",
        `La tâche « ${name} » suit un calendrier qui lui est propre : ses dates sont gardées.`,
        name,
      );
    const participant = t.resources.map(cleanName).find((r) => participantSet.has(r)) ?? null;
    index.set(t.key, events.length);
    start.set(t.key, cal.rank(s));
    constraintOf.set(t.key, t.constraint);
    events.push({
      key: t.key,
      name,
      milestone,
      startDay: formatDay(s),
      endDay: formatDay(e),
      numberOfDays: n,
      locked: false,
      hasParents: false,
      sequenceKey: t.parentKey !== null && summaryByKey.has(t.parentKey) ? t.parentKey : null,
      participant,
    });
  }

  // Links: our type names, integer delays; those we cannot hold are dropped with a warning.
  const nameOfKey = (k: string) => {
    const i = index.get(k);
    if (i !== undefined) return events[i].name;
    return summaryByKey.get(k)?.name ?? k;
  };
  const links: ImportedLink[] = [];
  const pairs = new Set<string>();
  for (const l of file.links) {
    const pair = `« ${nameOfKey(l.predKey)} » → « ${nameOfKey(l.succKey)} »`;
    if (
      l.external ||
      (!index.has(l.predKey) && !summaryByKey.has(l.predKey)) ||
      (!index.has(l.succKey) && !summaryByKey.has(l.succKey))
    ) {
      warn(warnings, "link_external_dropped", `Le lien ${pair} sort du projet importé : il n'est pas repris.`);
      continue;
    }
    if (!index.has(l.predKey) || !index.has(l.succKey)) {
      warn(
        warnings,
        "link_summary_dropped",
        `Le lien ${pair} touche une tâche récapitulative : il n'est pas repris, les dates de ses tâches sont gardées.`,
      );
      continue;
    }
    if (l.predKey === l.succKey) continue;
    const key = `${l.predKey}|${l.succKey}`;
    if (pairs.has(key)) {
      warn(warnings, "link_duplicate_dropped", `Le lien ${pair} apparaît deux fois : Jalon en garde un seul.`);
      continue;
    }
    pairs.add(key);
    let lag = Math.round(l.lagDays);
    if (Math.abs(lag - l.lagDays) > 1e-6)
      warn(
        warnings,
        "link_lag_rounded",
        `Le décalage du lien ${pair} (${Math.round(l.lagDays * 100) / 100} j) est arrondi à ${plural(lag, "jour ouvré", "jours ouvrés")}.`,
      );
    if (Object.is(lag, -0)) lag = 0;
    const type =
      l.type === "FS" ? "end-begin" : l.type === "SS" ? "begin-begin" : l.type === "FF" ? "end-end" : "begin-end";
    links.push({ parentKey: l.predKey, childKey: l.succKey, type, delay: l.type === "SF" ? lag - 1 : lag });
  }

  // Constraints, then the file's dates held against the links.
  const incoming = new Map<number, number[]>();
  links.forEach((l, k) => {
    const c = index.get(l.childKey)!;
    const list = incoming.get(c);
    if (list) list.push(k);
    else incoming.set(c, [k]);
  });
  for (const ev of events) {
    const i = index.get(ev.key)!;
    ev.hasParents = incoming.has(i);
    const c = constraintOf.get(ev.key) ?? null;
    if (c === "mso" || c === "mfo") {
      ev.locked = true;
      warn(
        warnings,
        "constraint_locked",
        `La tâche « ${ev.name} » a une date imposée : elle est bloquée sur ses dates.`,
        ev.name,
      );
    } else if (c !== null && !(c === "snet" && !ev.hasParents))
      warn(
        warnings,
        "constraint_ignored",
        `La contrainte de la tâche « ${ev.name} » n'a pas d'équivalent dans Jalon : la tâche garde les dates du fichier.`,
        ev.name,
      );
  }
  const typeIndex = (t: ImportedLink["type"]) => LINK_TYPE_NAMES.indexOf(t);
  for (const [c, ks] of incoming) {
    const child = events[c];
    if (child.locked) continue;
    const sc = start.get(child.key)!;
    let req = -Infinity;
    for (const k of ks) {
      const l = links[k];
      const p = events[index.get(l.parentKey)!];
      const sp = start.get(p.key)!;
      const t = typeIndex(l.type);
      const v =
        t === 0
          ? sp + p.numberOfDays + l.delay
          : t === 1
            ? sp + l.delay
            : t === 2
              ? sp + p.numberOfDays + l.delay - child.numberOfDays
              : sp + l.delay + 1 - child.numberOfDays;
      if (v > req) req = v;
    }
    if (req < sc) {
      const k = sc - req;
      for (const e of ks) links[e].delay += k;
      warn(
        warnings,
        "link_delay_adjusted",
        `La tâche « ${child.name} » commence ${plural(k, "jour ouvré", "jours ouvrés")} après ce que ses liens exigent : ` +
          `le délai de ses liens entrants est augmenté d'autant pour garder ses dates.`,
        child.name,
      );
    } else if (req > sc) {
      child.locked = true;
      warn(
        warnings,
        "link_violated",
        `Dans le fichier, la tâche « ${child.name} » commence avant ce qu'exigent ses liens : elle est bloquée sur ses dates.`,
        child.name,
      );
    }
  }
  checkWithEngine(events, links, index, cal);

  const sequences = sequencesOf(file.summaries, events);
  return {
    title: cleanName(file.title) || "Planning importé",
    events,
    sequences,
    links,
    holidays: closures.holidays,
    vacations: closures.vacations,
    participants,
    warnings,
  };
}

/**
 * The engine's pass over the imported network: a cycle is refused here, before anything is written, and the
 * dates it computes must be the file's (the checks above make them so).
 */
function checkWithEngine(
  events: ImportedEvent[],
  links: ImportedLink[],
  index: Map<string, number>,
  cal: Calendar,
): void {
  let plan;
  try {
    plan = createPlanFromColumns(
      {
        ids: events.map((_, i) => i + 1),
        kind: events.map((e) => (e.milestone ? 1 : 0)),
        duration: events.map((e) => e.numberOfDays),
        requestedStart: events.map((e) => parseDay(e.startDay)),
        locked: events.map((e) => (e.locked ? 1 : 0)),
        linkParentId: links.map((l) => index.get(l.parentKey)! + 1),
        linkChildId: links.map((l) => index.get(l.childKey)! + 1),
        linkType: links.map((l) => LINK_TYPE_NAMES.indexOf(l.type)),
        linkDelay: links.map((l) => l.delay),
      },
      [cal],
    );
  } catch (e) {
    if (e instanceof CycleError) {
      const names = e.ids.slice(0, 10).map((id) => `« ${events[id - 1]?.name ?? id} »`);
      throw new AppError("errors.cycle", {
        message: `Les liens du fichier forment une boucle entre les tâches ${names.join(", ")} : le planning n'est pas importé.`,
        details: { tasks: e.ids.map((id) => events[id - 1]?.key) },
      });
    }
    throw e;
  }
  const schedule = schedulePlan(plan);
  // The checks above make the engine's dates the file's; a task that would still move is locked on its dates.
  for (let i = 0; i < events.length; i++) {
    const k = plan.index.get(i + 1)!;
    if (formatDay(schedule.startDay[k]) !== events[i].startDay) events[i].locked = true;
  }
}

/** Summaries holding at least one event, their dates the span of what they hold. */
function sequencesOf(summaries: FileSummary[], events: ImportedEvent[]): ImportedSequence[] {
  const byKey = new Map(summaries.map((s) => [s.key, s]));
  const span = new Map<string, [string, string]>();
  for (const e of events) {
    const seen = new Set<string>();
    for (let k = e.sequenceKey; k !== null && !seen.has(k); k = byKey.get(k)?.parentKey ?? null) {
      seen.add(k);
      const cur = span.get(k);
      if (!cur) span.set(k, [e.startDay, e.endDay]);
      else {
        if (e.startDay < cur[0]) cur[0] = e.startDay;
        if (e.endDay > cur[1]) cur[1] = e.endDay;
      }
    }
  }
  return summaries
    .filter((s) => span.has(s.key))
    .map((s) => ({
      key: s.key,
      name: cleanName(s.name) || "Récapitulatif sans nom",
      parentKey: s.parentKey !== null && span.has(s.parentKey) ? s.parentKey : null,
      startDay: span.get(s.key)![0],
      endDay: span.get(s.key)![1],
    }));
}
