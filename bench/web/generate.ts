// PlanningData (GET /api/planning/data) for the web benchmark: a construction programme of buildings x levels x
// flats, every flat running the same chain of trades, crews moving from flat to flat along a level, the
// structure rising level by level, French public holidays and the summer closure, lots (trades) with colours and
// trigrams, the zone tree. Dates come from the engine (createPlanFromColumns + schedulePlan), so graph.startDay /
// graph.endDay are exactly what the worker recomputes. Deterministic for a given seed.
//
// The programme is dense in time on purpose: every event falls inside the planning screen's default range
// (3 months back to 4 months ahead of `today`), so GET /planning/data sends all of them (10,000 or 100,000 rows)
// and every row has its bar inside the drawable range.
//
// CLI: npx tsx bench/web/generate.ts --size 10k --out DIR   (writes DIR/planning-10k.json and DIR/meta-10k.json)
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { fileURLToPath } from "node:url";
import {
  EventKind,
  LinkType,
  NO_DAY,
  createCalendarSet,
  createPlanFromColumns,
  formatDay,
  moveSelection,
  parseDay,
  schedulePlan,
  type Plan,
  type Schedule,
} from "@jalon/engine";
import { createTimeScale, defaultRange, DEFAULT_VIEW, DEFAULT_ZOOM } from "@jalon/shared/gantt";
import { encodeCompact, toWire, type PlanningData, type PlanningEventView } from "@jalon/shared/planning";
import { buildModel, datesOf } from "../../web/src/planning/model.js";
import { frenchHolidays, prng, summerClosure } from "../engine/generate.js";

export type WebSize = "10k" | "100k";

export interface WebShape {
  buildings: number;
  levels: number;
  flats: number;
}

export const WEB_SHAPES: Record<WebSize, WebShape> = {
  "10k": { buildings: 10, levels: 10, flats: 10 },
  "100k": { buildings: 100, levels: 10, flats: 10 },
};

export const SEED = 20261122;
export const PROJECT_START = "2026-09-07";
/** The view's `today`: its default range is then 2026-09-01 .. 2027-04-30, which holds the whole programme. */
export const TODAY = "2026-12-01";

/** Trades = lots: name, trigram, colour (light and dark ones, so both text colours occur), duration range per flat. */
export const LOTS: readonly { name: string; trigram: string; color: string; min: number; max: number }[] = [
  { name: "Gros œuvre", trigram: "GOE", color: "#8D6E63", min: 3, max: 6 },
  { name: "Cloisons", trigram: "CLO", color: "#FFD54F", min: 2, max: 4 },
  { name: "Plomberie", trigram: "PLB", color: "#4FC3F7", min: 1, max: 3 },
  { name: "Électricité", trigram: "ELE", color: "#FF8A65", min: 1, max: 3 },
  { name: "Menuiseries intérieures", trigram: "MEN", color: "#6D4C41", min: 1, max: 2 },
  { name: "Chapes", trigram: "CHA", color: "#BDBDBD", min: 1, max: 2 },
  { name: "Carrelage", trigram: "CAR", color: "#00897B", min: 1, max: 3 },
  { name: "Peinture", trigram: "PEI", color: "#F06292", min: 2, max: 4 },
  { name: "Sols souples", trigram: "SOL", color: "#5E35B1", min: 1, max: 2 },
  { name: "Nettoyage", trigram: "NET", color: "#FFFFFF", min: 1, max: 1 },
];

export interface DragTarget {
  id: number;
  name: string;
  /** Descendants (breadth-first over the links). */
  descendants: number;
  /** Events re-positioned by a +3 working-day move (the engine's delta). */
  movedBy3: number;
  startDay: number;
  endDay: number;
  /** Row geometry in the view's content coordinates (default grouping by zone, default view and zoom). */
  rowY: number;
  rowHeight: number;
  barX: number;
  barWidth: number;
}

export interface WebMeta {
  size: WebSize;
  seed: number;
  today: number;
  todayIso: string;
  range: { firstDay: string; lastDay: string };
  dayWidth: number;
  scaleWidth: number;
  rows: number;
  contentHeight: number;
  stats: {
    tasks: number;
    milestones: number;
    events: number;
    links: number;
    linkTypes: Record<string, number>;
    zones: number;
    lots: number;
    holidays: number;
    projectStart: string;
    projectEnd: string;
    eventsOutsideRange: number;
    jsonBytes: number;
    /** The compact answer (Accept: PLANNING_COMPACT_TYPE), what the planning screen asks for, and both gzip'd. */
    compactBytes: number;
    jsonGzipBytes: number;
    compactGzipBytes: number;
  };
  drag: DragTarget;
}

const TYPE_NAMES = ["end-begin", "begin-begin", "end-end", "begin-end"] as const;

function descendantCount(
  plan: Plan,
  i: number,
  cap: number,
  seen: Int32Array,
  stamp: number,
  queue: Int32Array,
): number {
  const { outOffsets, outLinks } = plan.graph;
  let tail = 0;
  queue[tail++] = i;
  seen[i] = stamp;
  for (let h = 0; h < tail; h++) {
    const u = queue[h];
    for (let e = outOffsets[u]; e < outOffsets[u + 1]; e++) {
      const c = plan.linkChild[outLinks[e]];
      if (seen[c] !== stamp) {
        seen[c] = stamp;
        queue[tail++] = c;
        if (tail - 1 > cap) return tail - 1;
      }
    }
  }
  return tail - 1;
}

/**
 * The task the drag benchmark moves: a task with 100 ± 5 descendants whose +3 move re-positions the most events
 * (so the successors really move along, not absorbed by slack); ties go to the earliest start, then the lowest id.
 */
function pickDragTask(
  plan: Plan,
  schedule: Schedule,
  target = 100,
): { index: number; descendants: number; moved: number } {
  const seen = new Int32Array(plan.size);
  const queue = new Int32Array(plan.size);
  let best = { index: -1, descendants: 0, moved: -1 };
  let tried = 0;
  for (let i = 0; i < plan.size && tried < 400; i++) {
    if (plan.kind[i] !== EventKind.Task || plan.graph.inOffsets[i] === plan.graph.inOffsets[i + 1]) continue;
    const d = descendantCount(plan, i, target + 5, seen, i + 1, queue);
    if (Math.abs(d - target) > 5) continue;
    tried++;
    const moved = moveSelection(plan, schedule, Int32Array.of(i), 3).delta.ids.length;
    const better = moved > best.moved || (moved === best.moved && schedule.startDay[i] < schedule.startDay[best.index]);
    if (better) best = { index: i, descendants: d, moved };
  }
  if (best.index < 0) throw new Error(`no task with about ${target} descendants`);
  return best;
}

export function generatePlanningData(
  size: WebSize,
  seed = SEED,
): {
  data: PlanningData;
  meta: Omit<WebMeta, "stats"> & {
    stats: Omit<WebMeta["stats"], "jsonBytes" | "compactBytes" | "jsonGzipBytes" | "compactGzipBytes">;
  };
} {
  const rnd = prng(seed);
  const int = (lo: number, hi: number): number => lo + Math.floor(rnd() * (hi - lo + 1));
  const { buildings, levels, flats } = WEB_SHAPES[size];
  const T = LOTS.length;
  const zonesPerBuilding = levels * flats;
  const tasks = buildings * zonesPerBuilding * T;
  const milestones = buildings * 3;
  const n = tasks + milestones;

  const ids = new Float64Array(n);
  const kind = new Uint8Array(n);
  const duration = new Int32Array(n);
  const requestedStart = new Int32Array(n).fill(NO_DAY);
  const lp: number[] = [];
  const lc: number[] = [];
  const lt: number[] = [];
  const ld: number[] = [];
  const link = (p: number, c: number, type: LinkType, delay: number): void => {
    lp.push(p + 1);
    lc.push(c + 1);
    lt.push(type);
    ld.push(delay);
  };

  // Zones: building > level > flat. Zero-padded names so that the view's label order is the creation order.
  const zones: PlanningData["zones"] = [];
  const flatZone: number[] = [];
  const buildingZone: number[] = [];
  const pad = (x: number, w = 2) => String(x).padStart(w, "0");
  const bw = buildings >= 100 ? 3 : 2;
  for (let b = 0; b < buildings; b++) {
    const bid = zones.length + 1;
    buildingZone.push(bid);
    zones.push({
      id: bid,
      name: `Bât. ${pad(b + 1, bw)}`,
      fullName: `Bât. ${pad(b + 1, bw)}`,
      parentId: null,
      position: b,
    });
    for (let l = 0; l < levels; l++) {
      const lid = zones.length + 1;
      zones.push({
        id: lid,
        name: `N${pad(l)}`,
        fullName: `Bât. ${pad(b + 1, bw)} / N${pad(l)}`,
        parentId: bid,
        position: l,
      });
      for (let f = 0; f < flats; f++) {
        const fid = zones.length + 1;
        flatZone.push(fid);
        zones.push({
          id: fid,
          name: `Lgt ${pad(f + 1)}`,
          fullName: `Bât. ${pad(b + 1, bw)} / N${pad(l)} / Lgt ${pad(f + 1)}`,
          parentId: lid,
          position: f,
        });
      }
    }
  }

  const names: string[] = new Array<string>(n);
  const zoneOf = new Int32Array(n);
  const lotOf = new Int32Array(n);
  const taskIndex = (b: number, l: number, f: number, t: number): number => ((b * levels + l) * flats + f) * T + t;
  for (let b = 0; b < buildings; b++) {
    for (let l = 0; l < levels; l++) {
      for (let f = 0; f < flats; f++) {
        for (let t = 0; t < T; t++) {
          const i = taskIndex(b, l, f, t);
          ids[i] = i + 1;
          kind[i] = EventKind.Task;
          duration[i] = int(LOTS[t].min, LOTS[t].max);
          names[i] = `${LOTS[t].name} B${b + 1} N${l} L${f + 1}`;
          zoneOf[i] = flatZone[(b * levels + l) * flats + f];
          lotOf[i] = t + 1;
          // Trade t -> t+1 in the flat (same mix as the engine benchmark).
          if (t > 0) {
            const r = rnd();
            if (r < 0.75) link(i - 1, i, LinkType.EndBegin, 0);
            else if (r < 0.83) link(i - 1, i, LinkType.EndBegin, int(1, 5));
            else if (r < 0.86) link(i - 1, i, LinkType.EndBegin, -1);
            else if (r < 0.96) link(i - 1, i, LinkType.BeginBegin, int(1, 4));
            else if (r < 0.99) link(i - 1, i, LinkType.EndEnd, int(0, 2));
            else link(i - 1, i, LinkType.BeginEnd, int(2, 6));
          }
          // The crew moves on to the next flat of the level.
          if (f > 0) link(taskIndex(b, l, f - 1, t), i, LinkType.EndBegin, rnd() < 0.9 ? 0 : 1);
          // The structure rises level by level; the other trades' crews start a level once the one below started.
          if (f === 0 && l > 0) {
            if (t === 0) link(taskIndex(b, l - 1, 0, 0), i, LinkType.EndBegin, int(0, 2));
            else link(taskIndex(b, l - 1, 0, t), i, LinkType.BeginBegin, int(2, 5));
          }
        }
      }
    }
  }
  const start = parseDay(PROJECT_START);
  const stagger = size === "10k" ? 3 : 0.3;
  for (let b = 0; b < buildings; b++) {
    const os = tasks + 3 * b;
    for (const [k, name] of [
      [0, "OS"],
      [1, "Hors d'eau"],
      [2, "Réception"],
    ] as const) {
      ids[os + k] = os + k + 1;
      kind[os + k] = EventKind.Milestone;
      names[os + k] = `${name} B${b + 1}`;
      zoneOf[os + k] = buildingZone[b];
    }
    // Buildings start one after the other (calendar days, may fall on a weekend: the engine moves to a working day).
    requestedStart[os] = start + Math.floor(b * stagger) + int(0, 3);
    link(os, taskIndex(b, 0, 0, 0), LinkType.EndBegin, 0);
    link(taskIndex(b, levels - 1, flats - 1, 0), os + 1, LinkType.EndBegin, 0);
    for (let l = 0; l < levels; l++)
      for (let f = 0; f < flats; f++) link(taskIndex(b, l, f, T - 1), os + 2, LinkType.EndBegin, 0);
  }

  const y0 = Number(PROJECT_START.slice(0, 4));
  const holidays: number[] = [];
  const vacations: [number, number][] = [];
  for (let y = y0; y <= y0 + 3; y++) {
    for (const iso of frenchHolidays(y)) holidays.push(parseDay(iso));
    vacations.push(summerClosure(y));
  }
  const calendars = createCalendarSet({ holidays, vacations });
  const plan = createPlanFromColumns(
    {
      ids,
      kind,
      duration,
      requestedStart,
      linkParentId: Float64Array.from(lp),
      linkChildId: Float64Array.from(lc),
      linkType: Uint8Array.from(lt),
      linkDelay: Int32Array.from(ld),
    },
    calendars,
  );
  const schedule = schedulePlan(plan);
  const today = parseDay(TODAY);

  const events: PlanningEventView[] = [];
  for (let i = 0; i < n; i++) {
    const milestone = kind[i] === EventKind.Milestone;
    const s = schedule.startDay[i];
    const e = schedule.endDay[i];
    const progress = milestone
      ? null
      : e < today
        ? 100
        : s <= today
          ? Math.round((100 * (today - s)) / (e - s + 1))
          : null;
    events.push({
      id: ids[i],
      name: names[i],
      type: milestone ? "milestone" : "task",
      color: milestone ? null : rnd() < 0.03 ? "#2E7D32" : null,
      trigram: milestone ? null : LOTS[lotOf[i] - 1].trigram,
      zoneId: zoneOf[i],
      participantGroupProId: milestone ? null : lotOf[i],
      sequenceId: null,
      macroTaskId: null,
      numberOfPeople: milestone ? 0 : int(1, 6),
      progress,
      isTracked: milestone && names[i].startsWith("Réception"),
      milestoneToHide: false,
    });
  }

  const data: PlanningData = {
    projectId: 1,
    versionId: 1,
    writeCounter: 1,
    projectedStartDate: formatDay(schedule.projectStartDay),
    projectedEndDate: formatDay(schedule.projectEndDay),
    graph: {
      ids: Array.from(ids),
      kind: Array.from(kind),
      duration: Array.from(duration),
      requestedStart: Array.from(requestedStart),
      locked: new Array<number>(n).fill(0),
      calendarOf: new Array<number>(n).fill(0),
      startDay: Array.from(schedule.startDay),
      endDay: Array.from(schedule.endDay),
      revision: new Array<number>(n).fill(1),
      linkIds: lp.map((_, k) => k + 1),
      linkParentId: lp,
      linkChildId: lc,
      linkType: lt,
      linkDelay: ld,
    },
    calendars: {
      holidays: holidays.map(formatDay),
      vacations: vacations.map(([a, b]) => ({ startDate: formatDay(a), endDate: formatDay(b) })),
      lots: [],
    },
    events,
    zones,
    lots: LOTS.map((l, k) => ({ id: k + 1, name: l.name, color: l.color })),
    sequences: [],
  };

  // Where the drag target sits in the view (same model code as the screen, default grouping by zone).
  const range = defaultRange(today);
  const scale = createTimeScale(DEFAULT_VIEW, DEFAULT_ZOOM, range.firstDay, range.lastDay);
  const model = buildModel(data, datesOf(data), { grouping: "zone", noGroupLabel: "Sans regroupement" });
  const pick = pickDragTask(plan, schedule);
  const dragId = ids[pick.index];
  const row = model.rows[model.rowOfId.get(dragId)!];
  const s = schedule.startDay[pick.index];
  const e = schedule.endDay[pick.index];
  const last = model.rows[model.rows.length - 1];
  let outside = 0;
  for (let i = 0; i < n; i++)
    if (schedule.endDay[i] < range.firstDay || schedule.startDay[i] > range.lastDay) outside++;
  const linkTypes: Record<string, number> = { "end-begin": 0, "begin-begin": 0, "end-end": 0, "begin-end": 0 };
  for (const t of lt) linkTypes[TYPE_NAMES[t]]++;
  return {
    data,
    meta: {
      size,
      seed,
      today,
      todayIso: TODAY,
      range: { firstDay: formatDay(range.firstDay), lastDay: formatDay(range.lastDay) },
      dayWidth: scale.dayWidth,
      scaleWidth: scale.width,
      rows: model.rows.length,
      contentHeight: last.y + last.height,
      stats: {
        tasks,
        milestones,
        events: n,
        links: lp.length,
        linkTypes,
        zones: zones.length,
        lots: LOTS.length,
        holidays: holidays.length,
        projectStart: formatDay(schedule.projectStartDay),
        projectEnd: formatDay(schedule.projectEndDay),
        eventsOutsideRange: outside,
      },
      drag: {
        id: dragId,
        name: names[pick.index],
        descendants: pick.descendants,
        movedBy3: pick.moved,
        startDay: s,
        endDay: e,
        rowY: row.y,
        rowHeight: row.height,
        barX: (s - scale.firstDay) * scale.dayWidth,
        barWidth: (e + 1 - s) * scale.dayWidth,
      },
    },
  };
}

/**
 * Writes DIR/planning-SIZE.json (the API's JSON answer), DIR/planning-SIZE.bin (its compact form, made as the server
 * makes it: the shared encoder over the JSON answer) and DIR/meta-SIZE.json; returns the meta.
 */
export function writePlanningData(size: WebSize, dir: string): WebMeta {
  const { data, meta } = generatePlanningData(size);
  mkdirSync(dir, { recursive: true });
  // What GET /planning/data sends: the events in columns (shared/planning/wire.ts).
  const json = JSON.stringify(toWire(data));
  writeFileSync(join(dir, `planning-${size}.json`), json);
  const compact = encodeCompact(JSON.parse(json) as object);
  writeFileSync(join(dir, `planning-${size}.bin`), compact);
  const full: WebMeta = {
    ...meta,
    stats: {
      ...meta.stats,
      jsonBytes: Buffer.byteLength(json),
      compactBytes: compact.length,
      jsonGzipBytes: gzipSync(json).length,
      compactGzipBytes: gzipSync(compact).length,
    },
  };
  writeFileSync(join(dir, `meta-${size}.json`), JSON.stringify(full, null, 2));
  return full;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const arg = (name: string) => {
    const k = process.argv.indexOf(name);
    return k > 0 ? process.argv[k + 1] : undefined;
  };
  const sizes = (arg("--size") ?? "10k,100k").split(",") as WebSize[];
  const out = arg("--out") ?? join(process.cwd(), ".tmp", "bench-web");
  for (const size of sizes) {
    if (!(size in WEB_SHAPES)) throw new Error(`unknown size ${size} (10k or 100k)`);
    const meta = writePlanningData(size, out);
    process.stderr.write(`${size}: ${JSON.stringify(meta.stats)} drag=${JSON.stringify(meta.drag)}\n`);
  }
}
