import { createCalendar, formatDay, type Calendar } from "@jalon/engine";
import type { LinkType } from "@jalon/shared";

/**
 * A version's planning as MS Project XML (MSPDI, the "Project XML Data Interchange" schema). Element order
 * follows Microsoft's XSD, because MS Project refuses a file whose elements are out of order.
 *
 * Our days become MS Project instants of a standard calendar declared in the file (Monday to Friday, 08:00-12:00
 * and 13:00-17:00, 480 minutes a day): a task starts at 08:00 of its first day and finishes at 17:00 of its last
 * one; a milestone is the instant at 08:00 of its day (our milestone is the beginning of its day).
 */

export const MSPDI_NAMESPACE = "http://schemas.microsoft.com/project";
export const MINUTES_PER_DAY = 480;
/** LinkLag counts tenths of a minute whatever its display format: one working day is 4,800. */
export const LAG_PER_DAY = MINUTES_PER_DAY * 10;
const DAY_START = "T08:00:00";
const DAY_END = "T17:00:00";
/** MSPDI PredecessorLink Type codes. */
export const MSPDI_LINK_TYPE = { ff: 0, fs: 1, sf: 2, ss: 3 } as const;
/** ConstraintType codes: as soon as possible, must start on, start no earlier than. */
const ASAP = 0;
const MUST_START_ON = 2;
const START_NO_EARLIER_THAN = 4;
const PROJECT_CALENDAR_UID = 1;

export interface MspdiDay {
  name: string;
  day: number;
}

export interface MspdiRange {
  name: string;
  from: number;
  to: number;
}

export interface MspdiEvent {
  id: number;
  name: string;
  milestone: boolean;
  /** Day numbers (engine days); a milestone has startDay = endDay. */
  startDay: number;
  endDay: number;
  /** Working days (0 for a milestone). */
  days: number;
  sequenceId: number | null;
  lotId: number | null;
  locked: boolean;
  /** Whether the event has incoming links (otherwise its start is a date of its own). */
  hasParents: boolean;
}

export interface MspdiLink {
  parentId: number;
  childId: number;
  type: LinkType;
  delay: number;
}

export interface MspdiSchedule {
  name: string;
  /** The day the file is written (CreationDate, and the dates of an empty plan). */
  today: number;
  holidays: readonly MspdiDay[];
  vacations: readonly MspdiRange[];
  lots: readonly { id: number; name: string; holidays: readonly MspdiDay[] }[];
  sequences: readonly { id: number; name: string; parentId: number | null }[];
  events: readonly MspdiEvent[];
  links: readonly MspdiLink[];
}

/** Text and attribute escaping; characters XML 1.0 cannot carry at all are dropped. */
export function escapeXml(s: string): string {
  let out = "";
  let last = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    let rep: string | null = null;
    if (c === 38) rep = "&amp;";
    else if (c === 60) rep = "&lt;";
    else if (c === 62) rep = "&gt;";
    else if (c === 34) rep = "&quot;";
    else if (c === 39) rep = "&apos;";
    else if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 0xfffe || c === 0xffff) rep = "";
    if (rep !== null) {
      out += s.slice(last, i) + rep;
      last = i + 1;
    }
  }
  return last === 0 ? s : out + s.slice(last);
}

/**
 * An append-only XML writer: elements go out in document order into 64 KB string chunks, so a large plan is
 * never held as a tree, and the chunks can be joined or streamed as they are. No indentation: 10,000 tasks are
 * half a million elements, and every extra string is garbage to collect.
 */
export class XmlWriter {
  readonly chunks: string[] = [];
  private buffer = "";
  private push(text: string): void {
    this.buffer += text;
    if (this.buffer.length > 65_536) {
      this.chunks.push(this.buffer);
      this.buffer = "";
    }
  }
  raw(text: string): this {
    this.push(text);
    return this;
  }
  open(tag: string, attrs = ""): this {
    this.push(`<${tag}${attrs}>`);
    return this;
  }
  close(tag: string): this {
    this.push(`</${tag}>`);
    return this;
  }
  leaf(tag: string, value: string | number): this {
    this.push(`<${tag}>${typeof value === "number" ? String(value) : escapeXml(value)}</${tag}>`);
    return this;
  }
  /** The document's remaining text joins the chunks (call once, at the end). */
  end(): string[] {
    if (this.buffer) this.chunks.push(this.buffer);
    this.buffer = "";
    return this.chunks;
  }
  toString(): string {
    return this.end().join("");
  }
}

/** PT..H..M..S of a number of minutes. */
export function ptDuration(minutes: number): string {
  const h = Math.floor(minutes / 60);
  return `PT${h}H${minutes - h * 60}M0S`;
}

/** MS Project's link type and lag (tenths of a minute) for one of ours; see the SF note inside. */
export function mspdiLinkOf(type: MspdiLink["type"], delay: number): { type: number; lag: number } {
  switch (type) {
    case "end-begin":
      return { type: MSPDI_LINK_TYPE.fs, lag: delay * LAG_PER_DAY };
    case "begin-begin":
      return { type: MSPDI_LINK_TYPE.ss, lag: delay * LAG_PER_DAY };
    case "end-end":
      return { type: MSPDI_LINK_TYPE.ff, lag: delay * LAG_PER_DAY };
    default:
      // Our begin-end counts the child's last day from the parent's first (delay 0: they may be the same day);
      // MS Project's SF compares instants, the child's finish (17:00) with the parent's start (08:00), so the
      // same constraint needs one more day of lag.
      return { type: MSPDI_LINK_TYPE.sf, lag: (delay + 1) * LAG_PER_DAY };
  }
}

interface Row {
  kind: "event" | "sequence";
  id: number;
  uid: number;
  level: number;
  outline: string;
  name: string;
  startDay: number;
  /** Finish as a day and whether it is 17:00 of that day (false: 08:00, a milestone's instant). */
  finishDay: number;
  finishAtEnd: boolean;
  event?: MspdiEvent;
}

interface Node {
  kind: "event" | "sequence";
  id: number;
  name: string;
  startDay: number;
  finishDay: number;
  finishAtEnd: boolean;
  children: Node[];
  event?: MspdiEvent;
}

const laterFinish = (a: { finishDay: number; finishAtEnd: boolean }, b: { finishDay: number; finishAtEnd: boolean }) =>
  a.finishDay * 2 + (a.finishAtEnd ? 1 : 0) >= b.finishDay * 2 + (b.finishAtEnd ? 1 : 0);

/**
 * The outline: sequences become summary tasks nesting their sub-sequences and events, each level ordered by
 * start then id. Sequences without any event below them are left out: a summary without children would read
 * back as a task.
 */
function outlineOf(s: MspdiSchedule): Row[] {
  const seqNodes = new Map<number, Node>();
  for (const q of s.sequences)
    seqNodes.set(q.id, {
      kind: "sequence",
      id: q.id,
      name: q.name,
      startDay: Infinity,
      finishDay: -Infinity,
      finishAtEnd: false,
      children: [],
    });
  const roots: Node[] = [];
  for (const q of s.sequences) {
    const node = seqNodes.get(q.id)!;
    const parent = q.parentId === null ? undefined : seqNodes.get(q.parentId);
    (parent ? parent.children : roots).push(node);
  }
  for (const e of s.events) {
    const node: Node = {
      kind: "event",
      id: e.id,
      name: e.name,
      startDay: e.startDay,
      finishDay: e.endDay,
      finishAtEnd: !e.milestone,
      children: [],
      event: e,
    };
    const parent = e.sequenceId === null ? undefined : seqNodes.get(e.sequenceId);
    (parent ? parent.children : roots).push(node);
  }
  // Dates of the summaries from their leaves (iteratively: sequences can nest deeply).
  const settle = (n: Node): boolean => {
    if (n.kind === "event") return true;
    n.children = n.children.filter(settle);
    for (const c of n.children) {
      if (c.startDay < n.startDay) n.startDay = c.startDay;
      if (n.finishDay === -Infinity || laterFinish(c, n)) {
        n.finishDay = c.finishDay;
        n.finishAtEnd = c.finishAtEnd;
      }
    }
    return n.children.length > 0;
  };
  const kept = roots.filter(settle);
  const rows: Row[] = [];
  const byStart = (a: Node, b: Node) =>
    a.startDay - b.startDay || (a.kind === b.kind ? a.id - b.id : a.kind === "sequence" ? -1 : 1);
  const stack: { nodes: Node[]; i: number; prefix: string; level: number }[] = [
    { nodes: kept.sort(byStart), i: 0, prefix: "", level: 1 },
  ];
  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.i >= top.nodes.length) {
      stack.pop();
      continue;
    }
    const n = top.nodes[top.i++];
    const outline = `${top.prefix}${top.i}`;
    rows.push({
      kind: n.kind,
      id: n.id,
      uid: rows.length + 1,
      level: top.level,
      outline,
      name: n.name,
      startDay: n.startDay,
      finishDay: n.finishDay,
      finishAtEnd: n.finishAtEnd,
      event: n.event,
    });
    if (n.children.length > 0)
      stack.push({ nodes: n.children.sort(byStart), i: 0, prefix: `${outline}.`, level: top.level + 1 });
  }
  return rows;
}

const stamp = (day: number, time: string) => `${formatDay(day)}${time}`;

function workingMinutes(cal: Calendar, startDay: number, finishDay: number, finishAtEnd: boolean): number {
  const days = cal.countWorkingDays(startDay, finishAtEnd ? finishDay : finishDay - 1);
  return days * MINUTES_PER_DAY;
}

function writeWeekDays(w: XmlWriter, exceptions: readonly MspdiRange[], withWeek: boolean): void {
  if (!withWeek && exceptions.length === 0) return;
  w.open("WeekDays");
  if (withWeek)
    for (let dayType = 1; dayType <= 7; dayType++) {
      const working = dayType !== 1 && dayType !== 7;
      w.open("WeekDay")
        .leaf("DayType", dayType)
        .leaf("DayWorking", working ? 1 : 0);
      if (working) {
        w.open("WorkingTimes");
        w.open("WorkingTime").leaf("FromTime", "08:00:00").leaf("ToTime", "12:00:00").close("WorkingTime");
        w.open("WorkingTime").leaf("FromTime", "13:00:00").leaf("ToTime", "17:00:00").close("WorkingTime");
        w.close("WorkingTimes");
      }
      w.close("WeekDay");
    }
  // Project 2003's form of the exceptions (DayType 0); later versions read the Exceptions block below.
  for (const x of exceptions) {
    w.open("WeekDay").leaf("DayType", 0).leaf("DayWorking", 0);
    w.open("TimePeriod").leaf("FromDate", stamp(x.from, "T00:00:00")).leaf("ToDate", stamp(x.to, "T23:59:00"));
    w.close("TimePeriod").close("WeekDay");
  }
  w.close("WeekDays");
}

function writeExceptions(w: XmlWriter, exceptions: readonly MspdiRange[]): void {
  if (exceptions.length === 0) return;
  w.open("Exceptions");
  for (const x of exceptions) {
    w.open("Exception").leaf("EnteredByOccurrences", 0);
    w.open("TimePeriod").leaf("FromDate", stamp(x.from, "T00:00:00")).leaf("ToDate", stamp(x.to, "T23:59:00"));
    w.close("TimePeriod");
    w.leaf("Occurrences", 1).leaf("Name", x.name).leaf("Type", 1).leaf("DayWorking", 0).close("Exception");
  }
  w.close("Exceptions");
}

function writeCalendar(
  w: XmlWriter,
  uid: number,
  name: string,
  base: boolean,
  exceptions: readonly MspdiRange[],
): void {
  w.open("Calendar")
    .leaf("UID", uid)
    .leaf("Name", name)
    .leaf("IsBaseCalendar", base ? 1 : 0);
  w.leaf("IsBaselineCalendar", 0).leaf("BaseCalendarUID", base ? -1 : PROJECT_CALENDAR_UID);
  writeWeekDays(w, exceptions, base);
  writeExceptions(w, exceptions);
  w.close("Calendar");
}

const asRanges = (days: readonly MspdiDay[]): MspdiRange[] =>
  days.map((h) => ({ name: h.name, from: h.day, to: h.day }));

/** The whole document as string chunks (join them, or write them one by one). */
export function writeMspdi(s: MspdiSchedule): XmlWriter {
  const projectExceptions = [...asRanges(s.holidays), ...s.vacations].sort((a, b) => a.from - b.from);
  const calendar = createCalendar({
    holidays: s.holidays.map((h) => h.day),
    vacations: s.vacations.map((v) => [v.from, v.to] as const),
  });
  const rows = outlineOf(s);
  const uidOfEvent = new Map<number, number>();
  for (const r of rows) if (r.kind === "event") uidOfEvent.set(r.id, r.uid);
  const incoming = new Map<number, MspdiLink[]>();
  for (const l of s.links) {
    const list = incoming.get(l.childId);
    if (list) list.push(l);
    else incoming.set(l.childId, [l]);
  }
  // Lots become work resources, each on a calendar of its own based on the project's (with its holidays).
  const lotUid = new Map<number, number>();
  const lotCalendarUid = new Map<number, number>();
  s.lots.forEach((lot, k) => {
    lotUid.set(lot.id, k + 1);
    lotCalendarUid.set(lot.id, PROJECT_CALENDAR_UID + 1 + k);
  });
  const lotsWithHolidays = new Set(s.lots.filter((l) => l.holidays.length > 0).map((l) => l.id));

  let startDay = Infinity;
  let finishDay = -Infinity;
  let finishAtEnd = false;
  for (const r of rows) {
    if (r.level !== 1) continue;
    if (r.startDay < startDay) startDay = r.startDay;
    if (finishDay === -Infinity || laterFinish(r, { finishDay, finishAtEnd })) {
      finishDay = r.finishDay;
      finishAtEnd = r.finishAtEnd;
    }
  }
  if (rows.length === 0) {
    startDay = calendar.nextWorking(s.today);
    finishDay = startDay;
    finishAtEnd = false;
  }
  const projectStart = stamp(startDay, DAY_START);
  const projectFinish = stamp(finishDay, finishAtEnd ? DAY_END : DAY_START);

  const w = new XmlWriter();
  w.raw('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n');
  w.open("Project", ` xmlns="${MSPDI_NAMESPACE}"`);
  w.leaf("SaveVersion", 14).leaf("Name", `${s.name}.xml`).leaf("Title", s.name);
  w.leaf("CreationDate", stamp(s.today, DAY_START)).leaf("ScheduleFromStart", 1);
  w.leaf("StartDate", projectStart).leaf("FinishDate", projectFinish);
  w.leaf("CalendarUID", PROJECT_CALENDAR_UID)
    .leaf("DefaultStartTime", "08:00:00")
    .leaf("DefaultFinishTime", "17:00:00");
  w.leaf("MinutesPerDay", MINUTES_PER_DAY)
    .leaf("MinutesPerWeek", MINUTES_PER_DAY * 5)
    .leaf("DaysPerMonth", 20);
  w.leaf("DurationFormat", 7).leaf("WeekStartDay", 1).leaf("NewTasksAreManual", 0);

  w.open("Calendars");
  writeCalendar(w, PROJECT_CALENDAR_UID, "Standard", true, projectExceptions);
  for (const lot of s.lots) writeCalendar(w, lotCalendarUid.get(lot.id)!, lot.name, false, asRanges(lot.holidays));
  w.close("Calendars");

  w.open("Tasks");
  // The project summary task (UID 0), as MS Project writes it.
  w.open("Task").leaf("UID", 0).leaf("ID", 0).leaf("Name", s.name).leaf("Active", 1).leaf("Manual", 0);
  w.leaf("Type", 1).leaf("IsNull", 0).leaf("WBS", "0").leaf("OutlineNumber", "0").leaf("OutlineLevel", 0);
  w.leaf("Start", projectStart).leaf("Finish", projectFinish);
  w.leaf("Duration", ptDuration(rows.length ? workingMinutes(calendar, startDay, finishDay, finishAtEnd) : 0));
  w.leaf("DurationFormat", 7).leaf("Milestone", 0).leaf("Summary", 1).leaf("ConstraintType", ASAP);
  w.leaf("CalendarUID", -1).close("Task");

  // One template per task and link (the hot loop at 10,000 tasks): fewer intermediate strings to collect.
  const dayText = new Map<number, string>();
  const day = (d: number) => {
    let text = dayText.get(d);
    if (text === undefined) dayText.set(d, (text = formatDay(d)));
    return text;
  };
  for (const r of rows) {
    const e = r.event;
    const start = `${day(r.startDay)}${DAY_START}`;
    const finish = `${day(r.finishDay)}${r.finishAtEnd ? DAY_END : DAY_START}`;
    const minutes = e ? e.days * MINUTES_PER_DAY : workingMinutes(calendar, r.startDay, r.finishDay, r.finishAtEnd);
    // A start of its own (no parents) is kept as "start no earlier than"; a locked event as "must start on".
    const constraint = !e ? ASAP : e.locked ? MUST_START_ON : e.hasParents ? ASAP : START_NO_EARLIER_THAN;
    const lotCalendar = e && e.lotId !== null && lotsWithHolidays.has(e.lotId) ? lotCalendarUid.get(e.lotId)! : -1;
    w.raw(
      `<Task><UID>${r.uid}</UID><ID>${r.uid}</ID><Name>${escapeXml(r.name)}</Name><Active>1</Active><Manual>0</Manual>` +
        `<Type>${e ? 0 : 1}</Type><IsNull>0</IsNull><WBS>${r.outline}</WBS><OutlineNumber>${r.outline}</OutlineNumber>` +
        `<OutlineLevel>${r.level}</OutlineLevel><Start>${start}</Start><Finish>${finish}</Finish>` +
        `<Duration>${ptDuration(minutes)}</Duration><DurationFormat>7</DurationFormat>` +
        `<Milestone>${e?.milestone ? 1 : 0}</Milestone><Summary>${e ? 0 : 1}</Summary>` +
        `<ConstraintType>${constraint}</ConstraintType><CalendarUID>${lotCalendar}</CalendarUID>` +
        (constraint !== ASAP ? `<ConstraintDate>${start}</ConstraintDate>` : ""),
    );
    if (e)
      for (const l of incoming.get(e.id) ?? []) {
        const parentUid = uidOfEvent.get(l.parentId);
        if (parentUid === undefined) continue;
        const link = mspdiLinkOf(l.type, l.delay);
        w.raw(
          `<PredecessorLink><PredecessorUID>${parentUid}</PredecessorUID><Type>${link.type}</Type>` +
            `<CrossProject>0</CrossProject><LinkLag>${link.lag}</LinkLag><LagFormat>7</LagFormat></PredecessorLink>`,
        );
      }
    w.raw("</Task>");
  }
  w.close("Tasks");

  w.open("Resources");
  for (const lot of s.lots) {
    w.open("Resource").leaf("UID", lotUid.get(lot.id)!).leaf("ID", lotUid.get(lot.id)!).leaf("Name", lot.name);
    w.leaf("Type", 1).leaf("IsNull", 0).leaf("MaxUnits", "1.00").leaf("CalendarUID", lotCalendarUid.get(lot.id)!);
    w.close("Resource");
  }
  w.close("Resources");

  w.open("Assignments");
  let assignment = 0;
  for (const r of rows) {
    const e = r.event;
    if (!e || e.lotId === null || !lotUid.has(e.lotId)) continue;
    assignment++;
    // One unit for the task's duration: work equal to the duration, so that MS Project keeps the dates.
    w.raw(
      `<Assignment><UID>${assignment}</UID><TaskUID>${r.uid}</TaskUID><ResourceUID>${lotUid.get(e.lotId)}</ResourceUID>` +
        `<Finish>${day(r.finishDay)}${r.finishAtEnd ? DAY_END : DAY_START}</Finish><Start>${day(r.startDay)}${DAY_START}</Start>` +
        `<Units>1</Units><Work>${ptDuration(e.days * MINUTES_PER_DAY)}</Work></Assignment>`,
    );
  }
  w.close("Assignments");
  w.close("Project").raw("\n");
  return w;
}
