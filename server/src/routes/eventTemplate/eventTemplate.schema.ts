import type { Knex } from "knex";
import { AppError, type ListQuery } from "@jalon/shared";
import type { Db } from "../../db/knex.js";

// The request schemas, entities and list fields are the contract: shared/src/contract/eventTemplate.ts and
// sequenceTemplate.ts. Here: the SQL columns of the list fields, and the typology filter over a jsonb list.

const commonColumns = (a: string): Record<string, string> => ({
  id: `${a}.id`,
  name: `${a}.name`,
  trigram: `${a}.trigram`,
  numberOfDays: `${a}.number_of_days`,
  numberOfPeople: `${a}.number_of_people`,
  rate: `${a}.rate`,
  createdAt: `${a}.created_at`,
  updatedAt: `${a}.updated_at`,
});

export const eventTemplateColumns: Record<string, string> = {
  ...commonColumns("t"),
  sequenceTemplateId: "t.sequence_template_id",
  participantGroupId: "t.participant_group_id",
};

export const eventTemplateProColumns: Record<string, string> = {
  ...commonColumns("t"),
  sequenceTemplateId: "t.sequence_template_pro_id",
  projectId: "t.project_id",
  trackingId: "t.tracking_id",
  eventTemplateId: "t.event_template_id",
};

/**
 * Filters on a project template's lot, macro-task, speciality or participant: the API names a row of a version,
 * the template keeps its tracking id; the filter compares tracking ids.
 */
export const proReferenceFilters: Record<string, { table: string; column: string }> = {
  participantGroupProId: { table: "participant_group_pros", column: "t.participant_group_pro_tracking_id" },
  macroTaskId: { table: "macro_tasks", column: "t.macro_task_tracking_id" },
  specialityId: { table: "specialities", column: "t.speciality_tracking_id" },
  participantId: { table: "participants", column: "t.participant_tracking_id" },
};

/** Applies the reference filters of a project task template list (eq, in, isnull, notnull). */
export function applyProReferenceFilters(db: Db, base: Knex.QueryBuilder, query: ListQuery): void {
  for (const f of query.filters) {
    const ref = proReferenceFilters[f.field];
    if (!ref) continue;
    const ids = (Array.isArray(f.value) ? f.value : [f.value]).map(Number);
    const tracking = db(ref.table).whereIn("id", ids).select("tracking_id");
    if (f.op === "eq" || f.op === "in") base.whereIn(ref.column, tracking);
    else if (f.op === "notin" || f.op === "ne")
      base.where((w) => w.whereNull(ref.column).orWhereNotIn(ref.column, tracking));
    else if (f.op === "isnull") base.whereNull(ref.column);
    else if (f.op === "notnull") base.whereNotNull(ref.column);
    else throw new AppError("errors.unknown_filter_condition", { details: { field: f.field, condition: f.op } });
  }
}

/**
 * The `typology` filter on a jsonb list of names: $eq / $in keep rows whose list holds the name (one of the
 * names), $isnull rows with an empty list, $notnull the others, $contL rows with a name containing the text.
 */
export function applyTypologyFilter(db: Db, base: Knex.QueryBuilder, query: ListQuery, column: string): void {
  for (const f of query.filters) {
    if (f.field !== "typology") continue;
    const values = (Array.isArray(f.value) ? f.value : [f.value]).map(String);
    switch (f.op) {
      case "eq":
      case "in":
        base.where((w) => {
          for (const v of values) w.orWhereRaw(`?? @> ?::jsonb`, [column, JSON.stringify([v])]);
        });
        break;
      case "isnull":
        base.whereRaw(`jsonb_array_length(??) = 0`, [column]);
        break;
      case "notnull":
        base.whereRaw(`jsonb_array_length(??) > 0`, [column]);
        break;
      case "cont":
        base.whereExists(
          db
            .select(db.raw("1"))
            .from(db.raw(`jsonb_array_elements_text(??) as x(v)`, [column]))
            .whereRaw(`x.v ILIKE ? ESCAPE '\\'`, [`%${values[0].replace(/[\\%_]/g, (c) => `\\${c}`)}%`]),
        );
        break;
      default:
        throw new AppError("errors.unknown_filter_condition", { details: { field: f.field, condition: f.op } });
    }
  }
}
