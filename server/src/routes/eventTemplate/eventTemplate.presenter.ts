import type {
  EventTemplate,
  EventTemplateCommon,
  EventTemplateLink,
  EventTemplatePro,
  LinkType,
  Ref,
  TagRef,
} from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { isoTime } from "../../commands/referenceLinks.js";
import { PRO_REFERENCES, TEMPLATE_TAGS } from "../../commands/templateWrite.js";
import { LIBRARY_TABLES, PRO_TABLES, type TemplateTables } from "../../commands/templateScope.js";
import { frenchKeySql } from "../../lib/listQuery.js";
import { loadGraph } from "../../models/base.js";
import { EventTemplateModel, EventTemplateProModel, type TaskTemplateModel } from "../../models/template.js";

/** A row of event_templates or event_template_pros (select *). */
export type EventTemplateDbRow = Record<string, unknown> & {
  id: number;
  name: string;
  typology: unknown;
  created_at: Date | string;
  updated_at: Date | string;
};

const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** A jsonb list of names as the API answers it. */
export function nameList(v: unknown): string[] {
  const list = typeof v === "string" ? (JSON.parse(v) as unknown) : v;
  return Array.isArray(list) ? list.map(String) : [];
}

/** A linked task template as parentsET / childrenET list it. */
function linkOf(e: TaskTemplateModel): EventTemplateLink {
  return { id: e.id, name: e.name, type: e.link_type as LinkType, delay: Number(e.link_delay) };
}

/** The relations every task template shows, in the mapping of its kind; `extra` adds the kind's own. */
async function presentCommon(
  db: Db,
  t: TemplateTables,
  rows: EventTemplateDbRow[],
  extra = "",
): Promise<{ common: EventTemplateCommon[]; models: TaskTemplateModel[] }> {
  const graph = `[parents(linkEnd, frenchOrderThenId), children(linkEnd, frenchOrderThenId), sequenceTemplate(ref)${extra}]`;
  const models =
    t.kind === "library"
      ? await loadGraph<EventTemplateModel>(EventTemplateModel, rows, graph, db)
      : await loadGraph<EventTemplateProModel>(EventTemplateProModel, rows, graph, db);
  const common = rows.map((r, i) => {
    const m = models[i];
    const sequence = m.sequenceTemplate;
    return {
      id: r.id,
      name: r.name,
      trigram: strOrNull(r.trigram),
      numberOfDays: num(r.number_of_days),
      numberOfPeople: num(r.number_of_people),
      rate: numOrNull(r.rate),
      typology: nameList(r.typology),
      comments: strOrNull(r.comments),
      prerequisitesDelay: num(r.prerequisites_delay),
      finishesDelay: num(r.finishes_delay),
      prerequisitesDocumentName: strOrNull(r.prerequisites_document_name),
      finishesDocumentName: strOrNull(r.finishes_document_name),
      sequenceTemplateId: numOrNull(r[t.eventSequence]),
      parentSequenceTemplate: sequence ? { id: sequence.id, name: sequence.name } : null,
      parentsET: (m.parents ?? []).map(linkOf),
      childrenET: (m.children ?? []).map(linkOf),
      createdAt: isoTime(r.created_at),
      updatedAt: isoTime(r.updated_at),
    };
  });
  return { common, models };
}

/** GET /event-template: library task templates (spec 001 section 3), with their lot of the library. */
export async function presentLibraryEventTemplates(db: Db, rows: EventTemplateDbRow[]): Promise<EventTemplate[]> {
  if (rows.length === 0) return [];
  const { common, models } = await presentCommon(db, LIBRARY_TABLES, rows, ", lot(ref)");
  return rows.map((r, i) => {
    const lot = (models[i] as EventTemplateModel).lot;
    return {
      ...common[i],
      participantGroupId: numOrNull(r.participant_group_id),
      participantGroup: lot ? { id: lot.id, name: lot.name } : null,
    };
  });
}

/** Rows of the project's current version named by tracking id, per reference table. */
async function currentRows(
  db: Db,
  projectId: number,
  rows: EventTemplateDbRow[],
): Promise<Map<string, Map<number, Ref>>> {
  const out = new Map<string, Map<number, Ref>>();
  const project = await db("projects").where({ id: projectId }).first("current_version_id");
  for (const ref of PRO_REFERENCES) {
    const byTracking = new Map<number, Ref>();
    out.set(ref.table, byTracking);
    const tracking = [...new Set(rows.map((r) => numOrNull(r[ref.column])).filter((v): v is number => v !== null))];
    if (tracking.length === 0 || !project?.current_version_id) continue;
    const found = (await db(ref.table)
      .where({ version_id: project.current_version_id })
      .whereIn("tracking_id", tracking)
      .select("id", "name", "tracking_id")) as (Ref & { tracking_id: number })[];
    for (const f of found) byTracking.set(f.tracking_id, { id: f.id, name: f.name });
  }
  return out;
}

/** The tags of project templates, as the rows of each template's project's current version (French order). */
export async function templateTags(
  db: Db,
  kind: keyof typeof TEMPLATE_TAGS,
  ids: number[],
): Promise<Map<number, TagRef[]>> {
  const out = new Map<number, TagRef[]>();
  if (ids.length === 0) return out;
  const { table, column } = TEMPLATE_TAGS[kind];
  const owner = kind === "event" ? "event_template_pros" : "sequence_template_pros";
  const rows = (await db(`${table} as x`)
    .join(`${owner} as o`, "o.id", `x.${column}`)
    .join("projects as p", "p.id", "o.project_id")
    .join("tags as g", (j) => j.on("g.tracking_id", "x.tag_tracking_id").andOn("g.version_id", "p.current_version_id"))
    .whereIn(`x.${column}`, ids)
    .orderByRaw(frenchKeySql("g.name"))
    .select(`x.${column} as owner_id`, "g.id", "g.name", "g.color")) as (TagRef & { owner_id: number })[];
  for (const r of rows) {
    const list = out.get(r.owner_id) ?? [];
    list.push({ id: r.id, name: r.name, color: r.color });
    out.set(r.owner_id, list);
  }
  return out;
}

/** GET /event-template-pro: a project's task templates; references resolved in its current version. */
export async function presentProEventTemplates(db: Db, rows: EventTemplateDbRow[]): Promise<EventTemplatePro[]> {
  if (rows.length === 0) return [];
  const { common } = await presentCommon(db, PRO_TABLES, rows);
  const byProject = new Map<number, EventTemplateDbRow[]>();
  for (const r of rows) {
    const list = byProject.get(num(r.project_id)) ?? [];
    list.push(r);
    byProject.set(num(r.project_id), list);
  }
  const resolved = new Map<number, Map<string, Map<number, Ref>>>();
  for (const [projectId, list] of byProject) resolved.set(projectId, await currentRows(db, projectId, list));
  const counts = new Map<number, number>();
  for (const c of (await db("events")
    .whereIn(
      "event_template_pro_id",
      rows.map((r) => r.id),
    )
    .groupBy("event_template_pro_id")
    .select("event_template_pro_id")
    .count({ n: "*" })) as { event_template_pro_id: number; n: unknown }[])
    counts.set(c.event_template_pro_id, Number(c.n));
  const tags = await templateTags(
    db,
    "event",
    rows.map((r) => r.id),
  );
  return rows.map((r, i) => {
    const refs = resolved.get(num(r.project_id))!;
    const pick = (table: string, column: string): Ref | null => {
      const tracking = numOrNull(r[column]);
      return tracking === null ? null : (refs.get(table)?.get(tracking) ?? null);
    };
    const lot = pick("participant_group_pros", "participant_group_pro_tracking_id");
    const macroTask = pick("macro_tasks", "macro_task_tracking_id");
    const speciality = pick("specialities", "speciality_tracking_id");
    const participant = pick("participants", "participant_tracking_id");
    return {
      ...common[i],
      projectId: num(r.project_id),
      trackingId: num(r.tracking_id),
      eventTemplateId: numOrNull(r.event_template_id),
      participantGroupProId: lot?.id ?? null,
      participantGroupPro: lot,
      macroTaskId: macroTask?.id ?? null,
      macroTask,
      specialityId: speciality?.id ?? null,
      speciality,
      participantId: participant?.id ?? null,
      participant,
      instances: counts.get(r.id) ?? 0,
      tags: tags.get(r.id) ?? [],
    };
  });
}
