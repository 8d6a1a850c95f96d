import type { QueryBuilder, RelationMappings } from "objection";
import { BaseModel, belongsToOne, hasMany, namedModifiers, VersionRowModel } from "./base.js";
import { OrderLineTaskModel } from "./orderLine.js";
import { MacroTaskModel } from "./macroTask.js";
import { tagsRelation, type TagModel } from "./tag.js";
import { LotModel, ParticipantModel } from "./trades.js";
import { ZoneModel } from "./zone.js";

/*
 * The planning's rows that name each other in their relations: events, sequences (with their instantiation
 * config) and the quality controls attached to either. One file, as models/trades.ts, rather than three files
 * importing each other. Only reads go through these relations: the planning query, moves, version copies and
 * the due dates of controls stay set-based SQL.
 */

/** A task or milestone of a version: its zone, lot, sequence, tags, links, controls and order-line tasks. */
export class EventModel extends VersionRowModel {
  static override tableName = "events";
  declare type: string;
  declare start_date: string | null;
  declare end_date: string | null;
  declare zone_id: number | null;
  declare participant_group_pro_id: number | null;
  declare participant_id: number | null;
  declare macro_task_id: number | null;
  declare sequence_id: number | null;
  declare prerequisites_delay: number | null;
  declare finishes_delay: number | null;
  /** The link's own columns on `parents` / `children` (modifier linkEnd; the event's `type` keeps its name). */
  declare link_type?: string;
  declare link_delay?: number;
  declare zone?: ZoneModel | null;
  declare lot?: LotModel | null;
  declare participant?: ParticipantModel | null;
  declare sequence?: SequenceModel | null;
  declare tags?: TagModel[];
  declare parents?: EventModel[];
  declare children?: EventModel[];
  declare qualityControls?: QualityControlModel[];
  declare orderLineTasks?: OrderLineTaskModel[];

  static override modifiers = {
    ...namedModifiers("events"),
    /** What a linked event shows: the other end (its version: the links' key) and the link's type and delay. */
    linkEnd: (qb: QueryBuilder<EventModel>) =>
      void qb.select(
        ...["id", "version_id", "name", "type", "start_date", "end_date"].map((c) => `events.${c}`),
        "event_links.type as link_type",
        "event_links.delay as link_delay",
      ),
    /** Links in the order they were made. */
    linkOrder: (qb: QueryBuilder<EventModel>) => void qb.orderBy("event_links.id"),
  };

  static override get relationMappings(): RelationMappings {
    /*
     * Links are keyed (version_id, parent_id, child_id) and parent_id has no index of its own: both directions
     * join on the version too, so that a task's successors are found through that key, not by a scan.
     */
    const link = (from: "parent_id" | "child_id", to: "parent_id" | "child_id") => ({
      relation: BaseModel.ManyToManyRelation,
      modelClass: EventModel,
      join: {
        from: ["events.version_id", "events.id"],
        through: {
          from: ["event_links.version_id", `event_links.${from}`],
          to: ["event_links.version_id", `event_links.${to}`],
        },
        to: ["events.version_id", "events.id"],
      },
    });
    return {
      zone: belongsToOne(ZoneModel, "events.zone_id", "zones.id"),
      lot: belongsToOne(LotModel, "events.participant_group_pro_id", "participant_group_pros.id"),
      participant: belongsToOne(ParticipantModel, "events.participant_id", "participants.id"),
      sequence: belongsToOne(SequenceModel, "events.sequence_id", "sequences.id"),
      tags: tagsRelation("events", "event_tags", "event_id"),
      parents: link("child_id", "parent_id"),
      children: link("parent_id", "child_id"),
      qualityControls: hasMany(QualityControlModel, "events.id", "quality_controls.event_id"),
      orderLineTasks: hasMany(OrderLineTaskModel, "events.id", "order_line_tasks.event_id"),
    };
  }
}

/** How a train is laid (instantiation_configs); its instances are the sequences made from it. */
export class InstantiationConfigModel extends BaseModel {
  static override tableName = "instantiation_configs";
  declare type: string;
  declare sequence_template_pro_id: number | null;
  declare takt: number | null;
  declare delay_with_reference_event: number | null;
  declare start_date: string | Date | null;
  declare reference_event_id: number | null;
  declare milestone_reference_type: string | null;
  declare show_start_milestone: boolean | null;
  declare show_end_milestone: boolean | null;
  declare event_template_overrides: unknown;
  declare instances?: SequenceModel[];

  static override get relationMappings(): RelationMappings {
    return {
      /** The train's instances (one per zone) in train order. */
      instances: {
        relation: BaseModel.HasManyRelation,
        modelClass: SequenceModel,
        join: { from: "instantiation_configs.id", to: "sequences.instantiation_config_id" },
        modify: (qb: QueryBuilder<SequenceModel>) =>
          void qb
            .select("sequences.id", "sequences.instantiation_config_id", "sequences.zone_id")
            .whereNotNull("sequences.instance_index")
            .orderBy("sequences.instance_index"),
      },
    };
  }
}

/** A sequence of a version (a train or one of its instances): its zone, tags, subsequences, config, controls. */
export class SequenceModel extends VersionRowModel {
  static override tableName = "sequences";
  declare color: string | null;
  declare start_date: string | null;
  declare end_date: string | null;
  declare zone_id: number | null;
  declare parent_sequence_id: number | null;
  declare instantiation_config_id: number | null;
  declare instance_index: number | null;
  declare zone?: ZoneModel | null;
  declare tags?: TagModel[];
  declare subsequences?: SequenceModel[];
  declare instantiationConfig?: InstantiationConfigModel | null;
  declare qualityControls?: QualityControlModel[];

  static override modifiers = {
    ...namedModifiers("sequences"),
    /** A train's instances in train order, other subsequences by name. */
    subsequenceOrder: (qb: QueryBuilder<SequenceModel>) =>
      void qb
        .select("id", "name", "parent_sequence_id", "zone_id", "instance_index")
        .orderByRaw("instance_index nulls last, name, id"),
  };

  static override get relationMappings(): RelationMappings {
    return {
      zone: belongsToOne(ZoneModel, "sequences.zone_id", "zones.id"),
      tags: tagsRelation("sequences", "sequence_tags", "sequence_id"),
      subsequences: hasMany(SequenceModel, "sequences.id", "sequences.parent_sequence_id"),
      instantiationConfig: belongsToOne(
        InstantiationConfigModel,
        "sequences.instantiation_config_id",
        "instantiation_configs.id",
      ),
      qualityControls: hasMany(QualityControlModel, "sequences.id", "quality_controls.sequence_id"),
    };
  }
}

/** A quality control of a version, on a task, a sequence or a macro-task; its tags. */
export class QualityControlModel extends VersionRowModel {
  static override tableName = "quality_controls";
  declare type: string;
  declare category: string | null;
  declare status: string | null;
  declare delay: number | null;
  declare due_date: string | null;
  declare event_id: number | null;
  declare sequence_id: number | null;
  declare macro_task_id: number | null;
  declare event?: EventModel | null;
  declare sequence?: SequenceModel | null;
  declare macroTask?: MacroTaskModel | null;
  declare tags?: TagModel[];

  static override modifiers = {
    /** What a task or sequence lists of its controls: the non-archived ones, prerequisites before finishes,
     * then by due date and name. */
    summary: (qb: QueryBuilder<QualityControlModel>) =>
      void qb
        .where("quality_controls.is_archived", false)
        .orderByRaw("type desc, due_date nulls last, lower(name), id"),
  };

  static override get relationMappings(): RelationMappings {
    return {
      event: belongsToOne(EventModel, "quality_controls.event_id", "events.id"),
      sequence: belongsToOne(SequenceModel, "quality_controls.sequence_id", "sequences.id"),
      macroTask: belongsToOne(MacroTaskModel, "quality_controls.macro_task_id", "macro_tasks.id"),
      tags: tagsRelation("quality_controls", "quality_control_tags", "quality_control_id"),
    };
  }
}
