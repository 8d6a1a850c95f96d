import { parseDay } from "@jalon/engine";
import { LINK_TYPES } from "@jalon/shared";
import type { Db } from "../db/knex.js";
import { versionGraph } from "../planning/versionGraph.js";
import type { MspdiDay, MspdiLink, MspdiRange, MspdiSchedule } from "./mspdiExport.js";
import { readAll } from "../db/readAll.js";

/**
 * What the MSPDI export needs of a version, in one query per table (events, links and holidays through the version's cached graph). Dates come from the engine's schedule of
 * the version (the cached graph), not from the stored columns, so a file never carries a date the next write
 * would correct.
 */
export async function readMspdiSchedule(db: Db, versionId: number, projectName: string): Promise<MspdiSchedule> {
  const graph = await versionGraph(db, versionId);
  const [events, sequences, lots, holidays, today] = await readAll(db, [
    () =>
      db.raw<{
        rows: { id: number; name: string; sequence_id: number | null; participant_group_pro_id: number | null }[];
      }>("select id, name, sequence_id, participant_group_pro_id from events where version_id = ?", [versionId]),
    () =>
      db.raw<{ rows: { id: number; name: string; parent_sequence_id: number | null }[] }>(
        "select id, name, parent_sequence_id from sequences where version_id = ? order by id",
        [versionId],
      ),
    () =>
      db.raw<{ rows: { id: number; name: string }[] }>(
        "select id, name from participant_group_pros where version_id = ? order by position, id",
        [versionId],
      ),
    () =>
      db.raw<{ rows: { name: string; type: string; start_date: string; end_date: string; lots: number[] | null }[] }>(
        `select h.name, h.type, h.start_date, h.end_date,
              array_remove(array_agg(hl.participant_group_pro_id), null) as lots
         from holidays h left join holiday_lots hl on hl.holiday_id = h.id
        where h.version_id = ? group by h.id order by h.start_date, h.id`,
        [versionId],
      ),
    () =>
      db.raw<{ rows: { today: string }[] }>("select to_char(now() at time zone 'Europe/Paris', 'YYYY-MM-DD') as today"),
  ]);
  const attrs = new Map(events.rows.map((r) => [r.id, r]));
  const g = graph.graph;
  const hasParents = new Set(g.linkChildId);
  const s = graph.schedule;
  const out: MspdiSchedule["events"][number][] = [];
  for (let i = 0; i < g.ids.length; i++) {
    const id = g.ids[i];
    const a = attrs.get(id);
    if (!a) continue;
    const milestone = g.kind[i] === 1;
    out.push({
      id,
      name: a.name,
      milestone,
      startDay: s.startDay[i],
      endDay: s.endDay[i],
      days: milestone ? 0 : g.duration[i],
      sequenceId: a.sequence_id,
      lotId: a.participant_group_pro_id,
      locked: g.locked[i] === 1,
      hasParents: hasParents.has(id),
    });
  }
  const projectHolidays: MspdiDay[] = [];
  const vacations: MspdiRange[] = [];
  const lotHolidays = new Map<number, MspdiDay[]>();
  for (const h of holidays.rows) {
    const lotsOf = h.lots ?? [];
    if (h.type === "vacation") vacations.push({ name: h.name, from: parseDay(h.start_date), to: parseDay(h.end_date) });
    else if (lotsOf.length === 0) projectHolidays.push({ name: h.name, day: parseDay(h.start_date) });
    else
      for (const lot of lotsOf) {
        const list = lotHolidays.get(lot) ?? [];
        list.push({ name: h.name, day: parseDay(h.start_date) });
        lotHolidays.set(lot, list);
      }
  }
  return {
    name: projectName,
    today: parseDay(today.rows[0].today),
    holidays: projectHolidays,
    vacations,
    lots: lots.rows.map((l) => ({ id: l.id, name: l.name, holidays: lotHolidays.get(l.id) ?? [] })),
    sequences: sequences.rows.map((q) => ({ id: q.id, name: q.name, parentId: q.parent_sequence_id })),
    events: out,
    links: g.linkParentId.map((parentId, k) => ({
      parentId,
      childId: g.linkChildId[k],
      type: LINK_TYPES[g.linkType[k]] as MspdiLink["type"],
      delay: g.linkDelay[k],
    })),
  };
}
