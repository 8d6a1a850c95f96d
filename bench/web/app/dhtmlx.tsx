// Harness page for the peer: the community edition of dhtmlx-gantt (npm `dhtmlx-gantt`) rendering the same plan
// (same JSON as GET /api/planning/data, converted here): the same events grouped under their zone (as summary
// "project" rows), the same links with their types, the same dates, colours and progress, the same range and a
// comparable scale (years / months, about 4 px a day), row height and grid width. Default dhtmlx settings
// otherwise (smart rendering on).
// Marks: dataReceived (JSON text in hand), parsed (JSON.parse), converted, renderStart (before gantt.init),
// renderSync (gantt.parse returned), firstFrame (the task after the first frame painted with task bars).
import { afterPaint, fail, mark, nativeRaf, param, SIZE } from "./probe";
import { gantt, type Task } from "dhtmlx-gantt";
import "dhtmlx-gantt/codebase/dhtmlxgantt.css";
import { formatDay, parseDay } from "@jalon/engine";
import { barColor, defaultRange } from "@jalon/shared/gantt";
import { fromWire, type PlanningData, type PlanningDataWire } from "@jalon/shared/planning";

const bench = window.__bench;
const today = parseDay(param("today") ?? "2026-12-01");

interface DhxTask {
  id: number | string;
  text: string;
  type: "task" | "milestone" | "project";
  parent: number | string;
  open?: boolean;
  start_date?: string;
  end_date?: string;
  duration?: number;
  color?: string;
  progress?: number;
  lot?: string;
}

/** PlanningData -> dhtmlx tasks and links, in the screen's row order (zone label, then start, end, id). */
function convert(d: PlanningData): {
  data: DhxTask[];
  links: { id: number; source: number; target: number; type: string }[];
} {
  const g = d.graph;
  const index = new Map<number, number>();
  for (let i = 0; i < g.ids.length; i++) index.set(g.ids[i], i);
  const lotColor = new Map(d.lots.map((l) => [l.id, l.color]));
  const lotName = new Map(d.lots.map((l) => [l.id, l.name]));
  const zoneLabel = new Map(d.zones.map((z) => [z.id, z.fullName ?? z.name]));
  const order = d.events.map((_, k) => k);
  const start = (k: number) => g.startDay[index.get(d.events[k].id)!];
  const end = (k: number) => g.endDay[index.get(d.events[k].id)!];
  order.sort((a, b) => start(a) - start(b) || end(a) - end(b) || d.events[a].id - d.events[b].id);
  const groups = new Map<number | null, number[]>();
  for (const k of order) {
    const z = d.events[k].zoneId;
    const list = groups.get(z);
    if (list) list.push(k);
    else groups.set(z, [k]);
  }
  const label = (z: number | null) => (z === null ? "Sans regroupement" : (zoneLabel.get(z) ?? String(z)));
  const keys = [...groups.keys()].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : label(a).localeCompare(label(b), "fr"),
  );
  const data: DhxTask[] = [];
  for (const z of keys) {
    const parent = `z${z ?? "none"}`;
    data.push({ id: parent, text: label(z), type: "project", parent: 0, open: true });
    for (const k of groups.get(z)!) {
      const e = d.events[k];
      const s = start(k);
      if (e.type === "milestone") {
        data.push({ id: e.id, text: e.name, type: "milestone", parent, start_date: formatDay(s), duration: 0 });
        continue;
      }
      const lot = e.participantGroupProId;
      data.push({
        id: e.id,
        text: e.name,
        type: "task",
        parent,
        start_date: formatDay(s),
        end_date: formatDay(end(k) + 1),
        color: barColor(e.color, lot === null ? null : lotColor.get(lot)),
        progress: (e.progress ?? 0) / 100,
        lot: lot === null ? "" : (lotName.get(lot) ?? ""),
      });
    }
  }
  const links = g.linkParentId.map((p, k) => ({
    id: g.linkIds[k],
    source: p,
    target: g.linkChildId[k],
    type: String(g.linkType[k]),
  }));
  return { data, links };
}

const localDate = (day: number): Date => {
  const [y, m, dd] = formatDay(day).split("-").map(Number);
  return new Date(y, m - 1, dd);
};

async function main(): Promise<void> {
  mark("dataRequested");
  const res = await fetch(`./data/planning-${SIZE}.json`);
  const text = await res.text();
  mark("dataReceived");
  // The server's wire form (events in columns), decoded as Jalon's client decodes it.
  const planning = fromWire(JSON.parse(text) as PlanningDataWire);
  mark("parsed");
  const { data, links } = convert(planning);
  mark("converted");
  bench.notes.tasks = data.length;
  bench.notes.links = links.length;

  const range = defaultRange(today);
  gantt.config.date_format = "%Y-%m-%d";
  gantt.config.start_date = localDate(range.firstDay);
  gantt.config.end_date = localDate(range.lastDay + 1);
  gantt.config.scales = [
    { unit: "year", step: 1, format: "%Y" },
    { unit: "month", step: 1, format: "%M" },
  ];
  gantt.config.min_column_width = 120;
  gantt.config.scale_height = 44;
  gantt.config.row_height = 24;
  gantt.config.bar_height = 16;
  gantt.config.grid_width = 440;
  gantt.config.columns = [
    { name: "text", label: "Nom", tree: true, width: 200 },
    { name: "lot", label: "Lot", width: 90, template: (t: Task) => String((t as { lot?: string }).lot ?? "") },
    { name: "start_date", label: "Début", align: "center", width: 56 },
    { name: "end_date", label: "Fin", align: "center", width: 56 },
    { name: "duration", label: "Jours", align: "right", width: 38 },
  ];
  gantt.config.show_errors = false;
  gantt.attachEvent("onGanttRender", () => {
    bench.notes.renders = ((bench.notes.renders as number | undefined) ?? 0) + 1;
  });
  const container = document.getElementById("gantt");
  if (!container) throw new Error("no #gantt");

  mark("renderStart");
  gantt.init(container);
  gantt.parse({ data, links });
  mark("renderSync");
  const check = () => {
    const bars = document.querySelectorAll(".gantt_task_line").length;
    if (bars > 0) {
      mark("firstFrame");
      bench.notes.barsInDom = bars;
      bench.notes.rowsInDom = document.querySelectorAll(".gantt_row").length;
      bench.notes.linksInDom = document.querySelectorAll(".gantt_task_link").length;
    } else nativeRaf(() => afterPaint(check));
  };
  afterPaint(check);
}

main().catch((e: unknown) => fail(e instanceof Error ? `${e.message}\n${e.stack}` : String(e)));
