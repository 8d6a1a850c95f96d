import type { QueryBuilder, RelationMappings } from "objection";
import { BaseModel, namedModifiers } from "./base.js";
import { LotModel } from "./lot.js";
import { tagsRelation, type TagModel } from "./tag.js";

/** A speciality of a version (specialities): its lot and its tags. */
export class SpecialityModel extends BaseModel {
  static override tableName = "specialities";
  declare project_id: number;
  declare version_id: number;
  declare tracking_id: number;
  declare name: string;
  declare participant_group_pro_id: number | null;
  declare created_at: Date | string;
  declare updated_at: Date | string;
  declare lot?: LotModel | null;
  declare tags?: TagModel[];

  static override modifiers = {
    ...namedModifiers("specialities"),
    /** As a participant lists it: id, name and lot. */
    withLot: (qb: QueryBuilder<SpecialityModel>) =>
      void qb.select("specialities.id", "specialities.name", "specialities.participant_group_pro_id"),
  };

  static override get relationMappings(): RelationMappings {
    return {
      lot: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: LotModel,
        join: { from: "specialities.participant_group_pro_id", to: "participant_group_pros.id" },
      },
      tags: tagsRelation("specialities", "speciality_tags", "speciality_id"),
    };
  }
}
