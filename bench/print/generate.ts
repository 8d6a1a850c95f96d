// A 2,000-task plan shaped like a housing site, for the print benchmark: zones (buildings x levels), twelve lots
// in a chain per zone, a crew moving on from zone to zone, dates from the engine. Seeded, deterministic.
import { createCalendar, createPlan, parseDay, schedulePlan, EventKind, type LinkType } from "@jalon/engine";
import { buildRows, type GanttEvent, type GanttRow } from "@jalon/shared/gantt";

export const LOTS = [
  ["Gros œuvre", "#8B4513"],
  ["Étanchéité", "#37474F"],
  ["Menuiseries extérieures", "#1E88E5"],
  ["Cloisons / doublages", "#FFB300"],
  ["Plomberie", "#00897B"],
  ["Électricité", "#FDD835"],
  ["Chauffage / ventilation", "#E53935"],
  ["Chapes", "#9E9E9E"],
  ["Carrelage / faïence", "#26A69A"],
  ["Menuiseries intérieures", "#6D4C41"],
  ["Peinture", "#EC407A"],
  ["Nettoyage", "#78909C"],
] as const;

export interface PrintBenchPlan {
  events: GanttEvent[];
  rows: GanttRow[];
  links: { parentId: number; childId: number; type: number }[];
  firstDay: number;
  lastDay: number;
  closedDays: Set<number>;
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generatePrintPlan(tasks = 2000, seed = 20261123): PrintBenchPlan {
  const rnd = prng(seed);
  const zonesCount = Math.ceil(tasks / LOTS.length);
  const holidays = [
    "2026-05-01",
    "2026-05-08",
    "2026-05-14",
    "2026-05-25",
    "2026-07-14",
    "2026-08-15",
    "2026-11-11",
    "2026-12-25",
    "2027-01-01",
    "2027-03-29",
    "2027-05-06",
    "2027-05-17",
  ].map(parseDay);
  const vacation: [number, number] = [parseDay("2026-08-03"), parseDay("2026-08-21")];
  const calendar = createCalendar({ holidays, vacations: [vacation] });
  const events: { id: number; type: "task"; numberOfDays: number; startDay?: number; lotId: number; zoneId: number }[] =
    [];
  const links: { parentId: number; childId: number; type: number; delay: number }[] = [];
  // Buildings of 12 flats, each started three weeks after the previous one; crews move on inside a building.
  const PER_BUILDING = 12;
  const start = parseDay("2026-03-02");
  for (let z = 0; z < zonesCount; z++) {
    const building = Math.floor(z / PER_BUILDING);
    const first = z % PER_BUILDING === 0;
    for (let l = 0; l < LOTS.length && events.length < tasks; l++) {
      const id = events.length + 1;
      events.push({
        id,
        type: "task",
        numberOfDays: 2 + Math.floor(rnd() * 9),
        lotId: l + 1,
        zoneId: z + 1,
        ...(l === 0 && first ? { startDay: start + 21 * building } : {}),
      });
      if (l > 0) links.push({ parentId: id - 1, childId: id, type: rnd() < 0.85 ? 0 : 1, delay: rnd() < 0.1 ? 2 : 0 });
      if (!first) links.push({ parentId: id - LOTS.length, childId: id, type: 0, delay: 0 });
    }
  }
  const plan = createPlan(
    events.map((e) => ({ id: e.id, kind: EventKind.Task, duration: e.numberOfDays, startDay: e.startDay })),
    links.map((k) => ({ parentId: k.parentId, childId: k.childId, type: k.type as LinkType, delay: k.delay })),
    [calendar],
  );
  const schedule = schedulePlan(plan);
  const indexOf = new Map<number, number>();
  for (let i = 0; i < plan.size; i++) indexOf.set(plan.ids[i], i);
  const gantt: GanttEvent[] = events.map((e) => ({
    id: e.id,
    kind: "task",
    name: `${LOTS[e.lotId - 1][0]} — zone ${e.zoneId}`,
    startDay: schedule.startDay[indexOf.get(e.id)!],
    endDay: schedule.endDay[indexOf.get(e.id)!],
    numberOfDays: e.numberOfDays,
    color: LOTS[e.lotId - 1][1],
    zoneId: e.zoneId,
    lotId: e.lotId,
    trigram: null,
  }));
  const labels = new Map<number, string>();
  for (let z = 0; z < zonesCount; z++)
    labels.set(
      z + 1,
      `Bâtiment ${String.fromCharCode(65 + Math.floor(z / 12))} / logement ${String((z % 12) + 1).padStart(2, "0")}`,
    );
  const rows = buildRows(gantt, { grouping: "zone", groupLabels: labels });
  let firstDay = Infinity;
  let lastDay = -Infinity;
  for (const e of gantt) {
    firstDay = Math.min(firstDay, e.startDay);
    lastDay = Math.max(lastDay, e.endDay);
  }
  const closedDays = new Set(holidays);
  for (let d = vacation[0]; d <= vacation[1]; d++) closedDays.add(d);
  return {
    events: gantt,
    rows,
    links: links.map(({ parentId, childId, type }) => ({ parentId, childId, type })),
    firstDay,
    lastDay,
    closedDays,
  };
}
