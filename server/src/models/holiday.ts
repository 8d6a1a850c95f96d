import type { RelationMappings } from "objection";
import { BaseModel, VersionRowModel } from "./base.js";
import { LotModel } from "./trades.js";

/** A holiday or vacation of a version, limited to the lots whose tasks skip it (none: every lot). */
export class HolidayModel extends VersionRowModel {
  static override tableName = "holidays";
  declare type: "holiday" | "vacation";
  declare start_date: string;
  declare end_date: string;
  declare lots?: LotModel[];

  static override get relationMappings(): RelationMappings {
    return {
      lots: {
        relation: BaseModel.ManyToManyRelation,
        modelClass: LotModel,
        join: {
          from: "holidays.id",
          through: { from: "holiday_lots.holiday_id", to: "holiday_lots.participant_group_pro_id" },
          to: "participant_group_pros.id",
        },
      },
    };
  }
}
