import type { RelationMappings } from "objection";
import { BaseModel, namedModifiers, VersionRowModel } from "./base.js";
import { tagsRelation, type TagModel } from "./tag.js";

/** A zone of a version (zones): its parent, its direct sub-zones in position order, its tags. */
export class ZoneModel extends VersionRowModel {
  static override tableName = "zones";
  declare full_name: string | null;
  declare parent_id: number | null;
  declare position: number;
  declare typology: string | null;
  declare unity: string;
  declare level: number;
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
