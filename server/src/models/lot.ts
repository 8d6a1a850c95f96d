import type { RelationMappings } from "objection";
import { BaseModel, namedModifiers, VersionRowModel } from "./base.js";
import { ParticipantModel } from "./participant.js";
import { SpecialityModel } from "./speciality.js";
import { tagsRelation, type TagModel } from "./tag.js";

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
