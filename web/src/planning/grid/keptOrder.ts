import type { PlanningData } from "@jalon/shared/planning";

type DayMap = ReadonlyMap<number, readonly [number, number]>;

/**
 * The rows' order kept across the loads of one planning (issue 20): rows are sorted by start when the planning is
 * first shown; an edit reloads the version, and sorting again by the new dates made the edited row jump away
 * under the user's eyes. Each event keeps the dates it had at the first load as its sort key (an event created
 * since sorts by its own dates), so rows stay where they were inside their zone/lot group.
 */
export class KeptOrder {
  private first: DayMap | null = null;
  private cache: { graph: PlanningData["graph"]; order: ReadonlyMap<number, number> } | null = null;

  /**
   * The position of every event of `data`'s graph, or null while the dates are the first load's (the default
   * sort by start is then the same, and costs nothing more on the first paint).
   */
  orderFor(data: PlanningData, loadDates: DayMap): ReadonlyMap<number, number> | null {
    if (this.first === null || this.first.size === 0) this.first = loadDates;
    if (this.first === loadDates) return null;
    if (this.cache?.graph === data.graph) return this.cache.order;
    const order = sortedPositions(data.graph, this.first);
    this.cache = { graph: data.graph, order };
    return order;
  }
}

/** Event id -> position when sorted by the kept dates (start, then end, then id), the graph's own for new events. */
export function sortedPositions(graph: PlanningData["graph"], kept: DayMap): Map<number, number> {
  const n = graph.ids.length;
  const start = new Float64Array(n);
  const end = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const d = kept.get(graph.ids[i]);
    start[i] = d ? d[0] : graph.startDay[i];
    end[i] = d ? d[1] : graph.endDay[i];
  }
  const idx = Array.from({ length: n }, (_, i) => i);
  idx.sort((a, b) => start[a] - start[b] || end[a] - end[b] || graph.ids[a] - graph.ids[b]);
  const out = new Map<number, number>();
  for (let k = 0; k < n; k++) out.set(graph.ids[idx[k]], k);
  return out;
}
