import type {
  EventTemplateCommon,
  Ref,
  SequenceTemplate,
  SequenceTemplatePro,
  SynchronizableStatus,
} from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { isoTime } from "../../commands/referenceLinks.js";
import { networkSchedule } from "../../commands/templateNetwork.js";
import { LIBRARY_TABLES, PRO_TABLES, type TemplateTables } from "../../commands/templateScope.js";
import { orderByFrench } from "../../lib/listQuery.js";
import {
  nameList,
  presentLibraryEventTemplates,
  presentProEventTemplates,
  templateTags,
  type EventTemplateDbRow,
} from "../eventTemplate/eventTemplate.presenter.js";

/** A row of sequence_templates or sequence_template_pros (select *). */
export type SequenceTemplateDbRow = Record<string, unknown> & {
  id: number;
  name: string;
  created_at: Date | string;
  updated_at: Date | string;
};

const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The task templates of each sequence template, in the network's order (earliest start, then name). */
async function tasksBySequence<E extends EventTemplateCommon>(
  db: Db,
  t: TemplateTables,
  ids: number[],
  present: (db: Db, rows: EventTemplateDbRow[]) => Promise<E[]>,
): Promise<Map<number, E[]>> {
  const rows = (await orderByFrench(
    db(`${t.events} as et`).whereIn(`et.${t.eventSequence}`, ids).select("et.*"),
    "et.name",
  ).orderBy("et.id")) as EventTemplateDbRow[];
  const out = new Map<number, E[]>();
  for (const e of await present(db, rows)) {
    const list = out.get(e.sequenceTemplateId!) ?? [];
    list.push(e);
    out.set(e.sequenceTemplateId!, list);
  }
  for (const [id, list] of out) {
    const { starts } = networkSchedule(
      list.map((e) => ({ id: e.id, days: e.numberOfDays })),
      list.flatMap((e) => e.parentsET.map((p) => ({ parentId: p.id, childId: e.id, type: p.type, delay: p.delay }))),
    );
    const position = new Map(list.map((e, i) => [e.id, i]));
    out.set(
      id,
      [...list].sort(
        (a, b) => (starts.get(a.id) ?? 0) - (starts.get(b.id) ?? 0) || position.get(a.id)! - position.get(b.id)!,
      ),
    );
  }
  return out;
}

function common(t: TemplateTables, r: SequenceTemplateDbRow, tasks: EventTemplateCommon[]) {
  const first = numOrNull(r[t.first]);
  const last = numOrNull(r[t.last]);
  const ref = (id: number | null): Ref | null => {
    const e = id === null ? undefined : tasks.find((x) => x.id === id);
    return e ? { id: e.id, name: e.name } : null;
  };
  return {
    id: r.id,
    name: r.name,
    category: (r.category as string | null) ?? null,
    color: (r.color as string | null) ?? null,
    duration: Number(r.duration ?? 0),
    numberOfDays: Number(r.number_of_days ?? 0),
    isGeneric: Boolean(r.is_generic),
    typology: nameList(r.typologies),
    firstEventTemplateId: first,
    lastEventTemplateId: last,
    firstEventTemplate: ref(first),
    lastEventTemplate: ref(last),
    createdAt: isoTime(r.created_at),
    updatedAt: isoTime(r.updated_at),
  };
}

async function countBy(db: Db, table: string, column: string, ids: number[], distinct?: string) {
  const q = db(table).whereIn(column, ids).groupBy(column).select(column);
  if (distinct) q.countDistinct({ n: distinct });
  else q.count({ n: "*" });
  const out = new Map<number, number>();
  for (const r of (await q) as Record<string, unknown>[]) out.set(Number(r[column]), Number(r.n));
  return out;
}

/** GET /sequence-template: library sequence templates with their task templates and number of project copies. */
export async function presentLibrarySequenceTemplates(
  db: Db,
  rows: SequenceTemplateDbRow[],
): Promise<SequenceTemplate[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const tasks = await tasksBySequence(db, LIBRARY_TABLES, ids, presentLibraryEventTemplates);
  const projects = await countBy(db, "sequence_template_pros", "sequence_template_id", ids, "project_id");
  return rows.map((r) => {
    const list = tasks.get(r.id) ?? [];
    return { ...common(LIBRARY_TABLES, r, list), eventsTemplates: list, projects: projects.get(r.id) ?? 0 };
  });
}

/** GET /sequence-template-pro: a project's sequence templates with their task templates and instantiations. */
export async function presentProSequenceTemplates(
  db: Db,
  rows: SequenceTemplateDbRow[],
): Promise<SequenceTemplatePro[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const tasks = await tasksBySequence(db, PRO_TABLES, ids, presentProEventTemplates);
  const instantiated = await countBy(db, "sequences", "sequence_template_pro_id", ids);
  const tags = await templateTags(db, "sequence", ids);
  return rows.map((r) => {
    const list = tasks.get(r.id) ?? [];
    return {
      ...common(PRO_TABLES, r, list),
      projectId: Number(r.project_id),
      trackingId: Number(r.tracking_id),
      isImported: Boolean(r.is_imported),
      sequenceTemplateId: numOrNull(r.sequence_template_id),
      synchronizableStatus: (r.synchronizable_status as SynchronizableStatus) ?? "ok",
      eventsTemplates: list,
      instantiated: instantiated.get(r.id) ?? 0,
      tags: tags.get(r.id) ?? [],
    };
  });
}
