import { loadGraph } from "../../models/base.js";
import { MacroTaskModel } from "../../models/macroTask.js";
import { TAGS, tagRefs } from "../../models/tag.js";
import { ZONE_UNITIES, type MacroTask, type MacroTaskOrderLine } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { rowTimestamps, versionRowFields } from "../rowFields.js";
import { frenchKeySql } from "../../lib/listQuery.js";
import { macroTaskProgress } from "../../planning/progress.js";

export type MacroTaskDbRow = Record<string, unknown> & { id: number };

/**
 * Macro-tasks as the derived table `mt`: dates rolled up from their events, the lot's name and the
 * specialities' names (sortable columns of the list), so that filters and sorts address plain columns. The
 * relations the JSON shows (lot, specialities, tags, zones) come from the model (models/macroTask.ts).
 */
export function macroTaskSelect(db: Db, versionId: number) {
  const inner = db("macro_tasks as m")
    .leftJoin("participant_group_pros as g", "g.id", "m.participant_group_pro_id")
    .where("m.version_id", versionId)
    .select(
      "m.*",
      "g.name as group_name",
      db.raw(
        "coalesce((select min(e.start_date) from events e where e.macro_task_id = m.id), m.start_date) as derived_start",
      ),
      db.raw(
        "coalesce((select max(e.end_date) from events e where e.macro_task_id = m.id), m.end_date) as derived_end",
      ),
      db.raw(
        `(select string_agg(s.name, ', ' order by ${frenchKeySql("s.name")}) from macro_task_specialities ms join specialities s on s.id = ms.speciality_id where ms.macro_task_id = m.id) as speciality_names`,
      ),
    );
  return db.select("mt.*").from(inner.as("mt"));
}

function familiesOf(v: unknown): Record<string, number[]> {
  const obj = typeof v === "string" ? (JSON.parse(v) as unknown) : v;
  return obj && typeof obj === "object" && !Array.isArray(obj) ? (obj as Record<string, number[]>) : {};
}

export async function presentMacroTasks(
  db: Db,
  rows: MacroTaskDbRow[],
  joins: readonly string[] = [],
): Promise<MacroTask[]> {
  const graph = `[lot(ref), specialities(ref, frenchOrder), ${TAGS}${joins.includes("zones") ? ", zones" : ""}${
    joins.includes("orderLines") ? ", orderLines(byLabel).[family, tasks(byId)]" : ""
  }]`;
  const models = new Map(
    (await loadGraph<MacroTaskModel>(MacroTaskModel, rows, graph, db)).map((m) => [m.id, m] as const),
  );
  // The zones each macro-task is followed in (its tracked families' keys) give its tracking level.
  const families = new Map(rows.map((r) => [r.id, familiesOf(r.tracked_families)]));
  const followedZoneIds = [...new Set([...families.values()].flatMap((f) => Object.keys(f).map(Number)))];
  const zoneLevel = new Map<number, { unity: string; level: number }>();
  if (followedZoneIds.length > 0) {
    for (const z of await db("zones").whereIn("id", followedZoneIds).select("id", "unity", "level"))
      zoneLevel.set(z.id, { unity: z.unity, level: z.level });
  }
  // Global counting progression and completion from its tasks' last countings (weighted, spec 001 section 9).
  const progress = await macroTaskProgress(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => {
    const counted = progress.get(r.id);
    const tracked = families.get(r.id) ?? {};
    const levels = Object.keys(tracked)
      .map((k) => zoneLevel.get(Number(k)))
      .filter((x): x is { unity: string; level: number } => x !== undefined);
    const deepest = levels.sort((a, b) => b.level - a.level)[0];
    const groupId = (r.participant_group_pro_id as number | null) ?? null;
    const model = models.get(r.id);
    const out: MacroTask = {
      ...versionRowFields(r),
      startDate: (r.derived_start as string | null) ?? null,
      endDate: (r.derived_end as string | null) ?? null,
      participantGroupProId: groupId,
      participantGroupPro: model?.lot ? { id: model.lot.id, name: model.lot.name, color: model.lot.color } : null,
      specialities: (model?.specialities ?? []).map((x) => ({ id: x.id, name: x.name })),
      tags: tagRefs(model?.tags),
      trackedUnit: (r.tracked_unit as string | null) ?? null,
      trackedFamilies: tracked,
      trackingLevel: deepest ? (deepest.unity ?? ZONE_UNITIES[deepest.level] ?? null) : null,
      hasCounting: Boolean(r.has_counting) || (counted?.counted ?? false),
      globalCounting: counted
        ? counted.progress
        : r.global_counting === null || r.global_counting === undefined
          ? null
          : Number(r.global_counting),
      isComplete: Boolean(r.is_complete) || (counted?.finished ?? false),
      ...rowTimestamps(r),
    };
    if (joins.includes("zones"))
      out.zones = (model?.zones ?? []).map((z) => ({
        id: z.id,
        name: z.name,
        fullName: z.full_name ?? null,
        unity: z.unity,
        level: z.level,
      }));
    if (joins.includes("orderLines")) out.orderLines = orderLinesOf(model);
    return out;
  });
}

/** A macro-task's order lines (`?join=orderLines`) with their family and their tasks' zones and quantities. */
function orderLinesOf(m: MacroTaskModel | undefined): MacroTaskOrderLine[] {
  return (m?.orderLines ?? []).map((l) => ({
    id: l.id,
    label: l.label,
    type: l.type as MacroTaskOrderLine["type"],
    unit: (l.unit as MacroTaskOrderLine["unit"]) ?? null,
    familyId: l.family_id ?? null,
    family: l.family ? { id: l.family.id, name: l.family.name } : null,
    orderLineTasks: (l.tasks ?? []).map((t) => ({
      id: t.id,
      zoneId: t.zone_id ?? null,
      quantity: t.quantity === null ? null : Number(t.quantity),
    })),
  }));
}
