import {
  QUALITY_CONTROL_CATEGORY_COLORS,
  type QualityControlCategory,
  type QualityControlTemplate,
  type QualityControlTemplateDeliverable,
  type QualityControlType,
  type TagRef,
} from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { iso } from "../../lib/dates.js";

export type QualityControlTemplateDbRow = Record<string, unknown> & { id: number };

/**
 * Templates `t` with their tags and deliverables as the project's current version shows them (`p`): templates
 * keep tags and macro-tasks by tracking id.
 */
export function qualityControlTemplateSelect(db: Db) {
  return db("quality_control_templates as t")
    .join("projects as p", "p.id", "t.project_id")
    .select(
      "t.*",
      db.raw(
        `coalesce((select json_agg(json_build_object('id', tg.id, 'name', tg.name, 'color', tg.color) order by tg.name, tg.id)
           from quality_control_template_tags tt
           join tags tg on tg.tracking_id = tt.tag_tracking_id and tg.version_id = p.current_version_id
          where tt.quality_control_template_id = t.id), '[]'::json) as tag_list`,
      ),
      db.raw(
        `coalesce((select json_agg(x order by x.kind, x.name, x.id) from (
           select 'eventTemplate' as kind, et.id, et.name from quality_control_template_deliverables d
             join event_template_pros et on et.id = d.event_template_pro_id where d.quality_control_template_id = t.id
           union all
           select 'sequenceTemplate', st.id, st.name from quality_control_template_deliverables d
             join sequence_template_pros st on st.id = d.sequence_template_pro_id where d.quality_control_template_id = t.id
           union all
           select 'macroTask', m.id, m.name from quality_control_template_deliverables d
             join macro_tasks m on m.tracking_id = d.macro_task_tracking_id and m.version_id = p.current_version_id
            where d.quality_control_template_id = t.id
         ) x), '[]'::json) as deliverable_list`,
      ),
    );
}

const s = (v: unknown) => (v === null || v === undefined ? null : String(v));
const parse = <T>(v: unknown): T[] => ((typeof v === "string" ? JSON.parse(v) : v) as T[] | null) ?? [];

/** The API's field names of a quality-control template are decided here. */
export function presentQualityControlTemplate(r: QualityControlTemplateDbRow): QualityControlTemplate {
  const category = s(r.category) as QualityControlCategory | null;
  return {
    id: r.id,
    projectId: r.project_id as number,
    trackingId: r.tracking_id as number,
    name: String(r.name),
    type: r.type as QualityControlType,
    category,
    delay: r.delay === null || r.delay === undefined ? null : Number(r.delay),
    comment: s(r.comment),
    documentName: s(r.document_name),
    tags: parse<TagRef>(r.tag_list).map((t) => ({ id: t.id, name: t.name, color: t.color ?? null })),
    deliverables: parse<QualityControlTemplateDeliverable>(r.deliverable_list),
    color: category ? QUALITY_CONTROL_CATEGORY_COLORS[category] : null,
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
  };
}

export async function qualityControlTemplatesByIds(db: Db, ids: readonly number[]): Promise<QualityControlTemplate[]> {
  if (ids.length === 0) return [];
  const rows = (await qualityControlTemplateSelect(db).whereIn("t.id", [...ids])) as QualityControlTemplateDbRow[];
  const byId = new Map(rows.map((r) => [r.id, presentQualityControlTemplate(r)]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
