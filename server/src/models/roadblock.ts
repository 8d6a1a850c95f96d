import type { RelationMappings } from "objection";
import { belongsToOne, VersionRowModel, type RelatedModel } from "./base.js";
import { EventModel } from "./planning.js";
import { LotModel, ParticipantModel } from "./trades.js";
import { UserModel } from "./user.js";
import { ZoneModel } from "./zone.js";

/** A roadblock of a version: the task, participant, lot and zone it blocks, and who raised it. */
export class RoadblockModel extends VersionRowModel {
  static override tableName = "roadblocks";
  declare validate: boolean;
  declare event_id: number | null;
  declare participant_id: number | null;
  declare participant_group_pro_id: number | null;
  declare zone_id: number | null;
  declare created_by: number | null;
  declare event?: EventModel | null;
  declare participant?: ParticipantModel | null;
  declare lot?: LotModel | null;
  declare zone?: ZoneModel | null;
  declare author?: UserModel | null;

  static override get relationMappings(): RelationMappings {
    const one = (modelClass: RelatedModel, from: string, to: string) =>
      belongsToOne(modelClass, `roadblocks.${from}`, to);
    return {
      event: one(EventModel, "event_id", "events.id"),
      participant: one(ParticipantModel, "participant_id", "participants.id"),
      lot: one(LotModel, "participant_group_pro_id", "participant_group_pros.id"),
      zone: one(ZoneModel, "zone_id", "zones.id"),
      author: one(UserModel, "created_by", "users.id"),
    };
  }
}
