import type { RelationMappings } from "objection";
import { BaseModel, namedModifiers } from "./base.js";
import { tagsRelation, type TagModel } from "./tag.js";

/** A zone of a version (zones): its parent, its direct sub-zones in position order, its tags. */
export class ZoneModel extends BaseModel {
  static override tableName = "zones";
  declare project_id: number;
  declare version_id: number;
  declare tracking_id: number;
  declare name: string;
  declare full_name: string | null;
  declare parent_id: number | null;
  declare position: number;
  declare typology: string | null;
  declare unity: string;
  declare level: number;
  declare created_at: Date | string;
  declare updated_at: Date | string;
  declare parent?: ZoneModel | null;
  declare children?: ZoneModel[];
  declare tags?: TagModel[];

  static override modifiers = {
    ...namedModifiers("zones"),
    /** Sub-zones as they are shown: by position, then id. */
    byPosition: (qb: import("objection").QueryBuilder<ZoneModel>) =>
      void qb.orderBy("zones.position").orderBy("zones.id"),
  };

  static override get relationMappings(): RelationMappings {
    return {
      parent: {
        relation: BaseModel.BelongsToOneRelation,
        modelClass: ZoneModel,
        join: { from: "zones.parent_id", to: "zones.id" },
      },
      children: {
        relation: BaseModel.HasManyRelation,
        modelClass: ZoneModel,
        join: { from: "zones.id", to: "zones.parent_id" },
      },
      tags: tagsRelation("zones", "zone_tags", "zone_id"),
    };
  }
}
