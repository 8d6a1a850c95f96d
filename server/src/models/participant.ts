import type { RelationMappings } from "objection";
import { BaseModel, namedModifiers, VersionRowModel } from "./base.js";
import { LotModel } from "./lot.js";
import { SpecialityModel } from "./speciality.js";
import { tagsRelation, type TagModel } from "./tag.js";
import { ZoneModel } from "./zone.js";

/** A participant (company) of a version: the zones, specialities and lots it works in, its tags. */
export class ParticipantModel extends VersionRowModel {
  static override tableName = "participants";
  declare color: string;
  declare company_name: string | null;
  declare project_manager_email: string | null;
  declare project_manager_first_name: string | null;
  declare project_manager_last_name: string | null;
  declare project_manager_phone_number: string | null;
  declare zones?: ZoneModel[];
  declare specialities?: SpecialityModel[];
  declare lots?: LotModel[];
  declare tags?: TagModel[];

  /** `ref` selects what a lot lists of its participants: id, name and colour. */
  static override modifiers = namedModifiers("participants", ["id", "name", "color"]);

  static override get relationMappings(): RelationMappings {
    const through = (table: string, to: string, target: string) => ({
      from: "participants.id",
      through: { from: `${table}.participant_id`, to: `${table}.${to}` },
      to: `${target}.id`,
    });
    return {
      zones: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: ZoneModel,
        join: through("participant_zones", "zone_id", "zones"),
      },
      specialities: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: SpecialityModel,
        join: through("participant_specialities", "speciality_id", "specialities"),
      },
      lots: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: LotModel,
        join: through("participant_group_pro_participants", "participant_group_pro_id", "participant_group_pros"),
      },
      tags: tagsRelation("participants", "participant_tags", "participant_id"),
    };
  }
}
