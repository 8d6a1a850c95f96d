import type { QueryBuilder, RelationMappings } from "objection";
import { BaseModel, hasMany, VersionRowModel } from "./base.js";
import { LotModel, SpecialityModel } from "./trades.js";
import { tagsRelation, type TagModel } from "./tag.js";
import { ZoneModel } from "./zone.js";
import { OrderLineModel } from "./orderLine.js";

/** A macro-task of a version: its lot, its specialities, its tags and the zones its events are in. */
export class MacroTaskModel extends VersionRowModel {
  static override tableName = "macro_tasks";
  declare participant_group_pro_id: number | null;
  declare tracked_families: unknown;
  declare lot?: LotModel | null;
  declare specialities?: SpecialityModel[];
  declare tags?: TagModel[];
  declare zones?: ZoneModel[];
  declare orderLines?: OrderLineModel[];

  static override get relationMappings(): RelationMappings {
    return {
      lot: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: LotModel,
        join: { from: "macro_tasks.participant_group_pro_id", to: "participant_group_pros.id" },
      },
      specialities: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: SpecialityModel,
        join: {
          from: "macro_tasks.id",
          through: { from: "macro_task_specialities.macro_task_id", to: "macro_task_specialities.speciality_id" },
          to: "specialities.id",
        },
      },
      tags: tagsRelation("macro_tasks", "macro_task_tags", "macro_task_id"),
      orderLines: hasMany(OrderLineModel, "macro_tasks.id", "order_lines.macro_task_id"),
      /** The zones of its events (`?join=zones` of the list): each once, by position then id. */
      zones: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: ZoneModel,
        modify: (qb: QueryBuilder<ZoneModel>) =>
          void qb
            .distinct("zones.id", "zones.name", "zones.full_name", "zones.unity", "zones.level", "zones.position")
            .orderBy("zones.position")
            .orderBy("zones.id"),
        join: {
          from: "macro_tasks.id",
          through: { from: "events.macro_task_id", to: "events.zone_id" },
          to: "zones.id",
        },
      },
    };
  }
}
