import type { TagRef } from "@jalon/shared";
import type { QueryBuilder } from "objection";
import { BaseModel, namedModifiers } from "./base.js";

/** A tag of the version (tags): linked to zones, lots, participants, specialities and macro-tasks. */
export class TagModel extends BaseModel {
  static override tableName = "tags";
  declare name: string;
  declare color: string | null;
  declare category_id: number | null;
  declare type: string | null;

  /** `ref` selects what a tagged row lists (id, name, colour); `frenchOrder` sorts them by name. */
  static override modifiers = {
    ...namedModifiers("tags", ["id", "name", "color"]),
    /** By name as the database orders it, then id (the tags of a task, a sequence, a control). */
    byName: (qb: QueryBuilder<TagModel>) => void qb.orderBy("tags.name").orderBy("tags.id"),
  };
}

/** The tags of a row as its JSON lists them. */
export function tagRefs(tags: readonly TagModel[] | undefined): TagRef[] {
  return (tags ?? []).map((t) => ({ id: t.id, name: t.name, color: t.color ?? null }));
}

/** The many-to-many mapping of a row's tags through its join table (`<owner>_tags`). */
export function tagsRelation(ownerTable: string, joinTable: string, ownerColumn: string) {
  return {
    relation: BaseModel.ManyToManyRelation,
    modelClass: TagModel,
    join: {
      from: `${ownerTable}.id`,
      through: { from: `${joinTable}.${ownerColumn}`, to: `${joinTable}.tag_id` },
      to: "tags.id",
    },
  };
}

/** The expression that loads a row's tags as listed: id, name and colour in French order. */
export const TAGS = "tags(ref, frenchOrder)";
