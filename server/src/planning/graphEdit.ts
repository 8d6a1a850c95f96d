import { NO_DAY } from "@jalon/engine";
import type { GraphColumns } from "@jalon/shared/planning";
import type { VersionGraph } from "./versionGraph.js";

/**
 * Structural edits of a version's graph columns (events and links added, removed or changed), producing the
 * columns of the new plan. Plain arrays: a create or a delete rebuilds the plan once (a full pass is a few
 * milliseconds even at 100,000 events).
 */
export interface EventColumns {
  id: number;
  kind: 0 | 1;
  duration: number;
  requestedStart: number;
  locked: boolean;
  lotId: number | null;
  revision: number;
}

export interface LinkColumns {
  id: number;
  parentId: number;
  childId: number;
  type: number;
  delay: number;
}

export interface GraphEdit {
  removeEventIds?: ReadonlySet<number>;
  addEvents?: EventColumns[];
  patchEvents?: Map<number, Partial<Omit<EventColumns, "id">>>;
  removeLinkIds?: ReadonlySet<number>;
  addLinks?: LinkColumns[];
}

export function editGraph(
  vg: VersionGraph,
  edit: GraphEdit,
): { graph: GraphColumns; linkIds: Int32Array; lotOf: Int32Array } {
  const g = vg.graph;
  const lotCalendar = new Map(vg.calendars.lots.map((l, k) => [l.lotId, k + 1]));
  const out: GraphColumns = {
    ids: [],
    kind: [],
    duration: [],
    requestedStart: [],
    locked: [],
    calendarOf: [],
    startDay: [],
    endDay: [],
    revision: [],
    linkIds: [],
    linkParentId: [],
    linkChildId: [],
    linkType: [],
    linkDelay: [],
  };
  const lots: number[] = [];
  const push = (e: EventColumns, startDay: number, endDay: number) => {
    out.ids.push(e.id);
    out.kind.push(e.kind);
    out.duration.push(e.kind === 1 ? 0 : e.duration);
    out.requestedStart.push(e.requestedStart);
    out.locked.push(e.locked ? 1 : 0);
    out.calendarOf.push(e.lotId === null ? 0 : (lotCalendar.get(e.lotId) ?? 0));
    out.startDay.push(startDay);
    out.endDay.push(endDay);
    out.revision.push(e.revision);
    lots.push(e.lotId ?? 0);
  };
  for (let i = 0; i < g.ids.length; i++) {
    const id = g.ids[i];
    if (edit.removeEventIds?.has(id)) continue;
    const current: EventColumns = {
      id,
      kind: g.kind[i] as 0 | 1,
      duration: g.duration[i],
      requestedStart: g.requestedStart[i],
      locked: g.locked[i] === 1,
      lotId: vg.lotOf[i] === 0 ? null : vg.lotOf[i],
      revision: g.revision[i],
    };
    const patch = edit.patchEvents?.get(id);
    push(patch ? { ...current, ...patch } : current, g.startDay[i], g.endDay[i]);
  }
  for (const e of edit.addEvents ?? []) push(e, NO_DAY, NO_DAY);
  for (let k = 0; k < g.linkIds.length; k++) {
    if (edit.removeLinkIds?.has(g.linkIds[k])) continue;
    if (edit.removeEventIds?.has(g.linkParentId[k]) || edit.removeEventIds?.has(g.linkChildId[k])) continue;
    out.linkIds.push(g.linkIds[k]);
    out.linkParentId.push(g.linkParentId[k]);
    out.linkChildId.push(g.linkChildId[k]);
    out.linkType.push(g.linkType[k]);
    out.linkDelay.push(g.linkDelay[k]);
  }
  for (const l of edit.addLinks ?? []) {
    out.linkIds.push(l.id);
    out.linkParentId.push(l.parentId);
    out.linkChildId.push(l.childId);
    out.linkType.push(l.type);
    out.linkDelay.push(l.delay);
  }
  return { graph: out, linkIds: Int32Array.from(out.linkIds), lotOf: Int32Array.from(lots) };
}
