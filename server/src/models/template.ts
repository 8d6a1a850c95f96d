import type { QueryBuilder, RelationMappings } from "objection";
import { frenchKeySql } from "../lib/listQuery.js";
import { BaseModel, belongsToOne, namedRowModel, type RelatedModel } from "./base.js";

/*
 * Templates (spec 001 section 3): the library's (event_templates, sequence_templates) and each project's copies
 * (*_pros), of the same shape. Their relations by id are mapped here: a task template's links and sequence
 * template, a library task template's lot. A project template's lot, macro-task, speciality, participant and tags
 * are named by tracking id in whichever version is current, which no relation mapping expresses: SQL.
 */

/** A lot of the library (participant_groups). */
export class ParticipantGroupModel extends namedRowModel("participant_groups") {}

/** A sequence template of the library, as its task templates name it. */
export class SequenceTemplateModel extends namedRowModel("sequence_templates") {}

/** A sequence template of a project, as its task templates name it. */
export class SequenceTemplateProModel extends namedRowModel("sequence_template_pros") {}

/** What both kinds of task template have: the sequence template and the links of either end. */
export abstract class TaskTemplateModel extends BaseModel {
  declare name: string;
  /** The link's own columns on `parents` / `children` (modifier linkEnd). */
  declare link_type?: string;
  declare link_delay?: number;
  declare parents?: TaskTemplateModel[];
  declare children?: TaskTemplateModel[];
  declare sequenceTemplate?: { id: number; name: string } | null;
}

/** The tables of one kind of task template (commands/templateScope.ts names the same for the writes). */
interface TaskTables {
  events: string;
  links: string;
  sequences: string;
  /** The task template's column naming its sequence template. */
  eventSequence: string;
}

/** The modifiers of one kind of task template. */
function taskTemplateModifiers(t: TaskTables) {
  return {
    /** The other end of a link (id, name) with the link's type and delay. */
    linkEnd: (qb: QueryBuilder<TaskTemplateModel>) =>
      void qb.select(
        `${t.events}.id`,
        `${t.events}.name`,
        `${t.links}.type as link_type`,
        `${t.links}.delay as link_delay`,
      ),
    /** Linked templates in French order of their names, then id. */
    frenchOrderThenId: (qb: QueryBuilder<TaskTemplateModel>) =>
      void qb.orderByRaw(frenchKeySql(`${t.events}.name`)).orderBy(`${t.events}.id`),
  };
}

/** The relations of one kind of task template: its links of either end and its sequence template. */
function taskTemplateRelations(t: TaskTables, self: RelatedModel, sequence: RelatedModel): RelationMappings {
  const link = (from: "parent_id" | "child_id", to: "parent_id" | "child_id") => ({
    relation: BaseModel.ManyToManyRelation,
    modelClass: self,
    join: {
      from: `${t.events}.id`,
      through: { from: `${t.links}.${from}`, to: `${t.links}.${to}` },
      to: `${t.events}.id`,
    },
  });
  return {
    parents: link("child_id", "parent_id"),
    children: link("parent_id", "child_id"),
    sequenceTemplate: belongsToOne(sequence, `${t.events}.${t.eventSequence}`, `${t.sequences}.id`),
  };
}

const LIBRARY: TaskTables = {
  events: "event_templates",
  links: "event_template_links",
  sequences: "sequence_templates",
  eventSequence: "sequence_template_id",
};
const PRO: TaskTables = {
  events: "event_template_pros",
  links: "event_template_pro_links",
  sequences: "sequence_template_pros",
  eventSequence: "sequence_template_pro_id",
};

/** A task template of the library: its links, its sequence template and its lot. */
export class EventTemplateModel extends TaskTemplateModel {
  static override tableName = LIBRARY.events;
  declare participant_group_id: number | null;
  declare lot?: ParticipantGroupModel | null;
  static override modifiers = taskTemplateModifiers(LIBRARY);

  static override get relationMappings(): RelationMappings {
    return {
      ...taskTemplateRelations(LIBRARY, EventTemplateModel, SequenceTemplateModel),
      lot: belongsToOne(ParticipantGroupModel, "event_templates.participant_group_id", "participant_groups.id"),
    };
  }
}

/** A task template of a project: its links and its sequence template. */
export class EventTemplateProModel extends TaskTemplateModel {
  static override tableName = PRO.events;
  static override modifiers = taskTemplateModifiers(PRO);

  static override get relationMappings(): RelationMappings {
    return taskTemplateRelations(PRO, EventTemplateProModel, SequenceTemplateProModel);
  }
}
