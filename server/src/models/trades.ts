import type { QueryBuilder, RelationMappings } from "objection";
import { BaseModel, namedModifiers, VersionRowModel } from "./base.js";
import { tagsRelation, type TagModel } from "./tag.js";
import { ZoneModel } from "./zone.js";

/*
 * The trades of a version: lots, their specialities and the participants (companies) working in them. The three
 * name each other in their relations, so they live in one file rather than three files importing each other.
 */

/** A lot of a version (participant_group_pros): its specialities, its participants and its tags. */
export class LotModel extends VersionRowModel {
  static override tableName = "participant_group_pros";
  declare color: string;
  declare participant_group_id: number | null;
  declare specialities?: SpecialityModel[];
  declare participants?: ParticipantModel[];
  declare tags?: TagModel[];

  /** `ref` selects what another row lists of a lot: id, name and colour. */
  static override modifiers = namedModifiers("participant_group_pros", ["id", "name", "color"]);

  static override get relationMappings(): RelationMappings {
    return {
      specialities: {
        relation: BaseModel.HasManyRelation,
        modelClass: SpecialityModel,
        join: { from: "participant_group_pros.id", to: "specialities.participant_group_pro_id" },
      },
      participants: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: ParticipantModel,
        join: {
          from: "participant_group_pros.id",
          through: {
            from: "participant_group_pro_participants.participant_group_pro_id",
            to: "participant_group_pro_participants.participant_id",
          },
          to: "participants.id",
        },
      },
      tags: tagsRelation("participant_group_pros", "participant_group_pro_tags", "participant_group_pro_id"),
    };
  }
}

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
