import type { QueryBuilder, RelationMappings } from "objection";
import { BaseModel, namedModifiers, VersionRowModel } from "./base.js";
import { LotModel } from "./lot.js";
import { tagsRelation, type TagModel } from "./tag.js";

/** A speciality of a version (specialities): its lot and its tags. */
export class SpecialityModel extends VersionRowModel {
  static override tableName = "specialities";
  declare participant_group_pro_id: number | null;
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
