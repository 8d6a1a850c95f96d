import { Model, type Modifiers, type PartialModelObject, type QueryBuilder, type RelationMapping } from "objection";
import type { Knex } from "knex";
import { frenchKeySql } from "../lib/listQuery.js";

/**
 * The objection models of the entities with relations (the design card's ORM). A model is never bound to a
 * global knex: a presenter loads relations with `Model.fetchGraph(rows, expression, { transaction: db })` or
 * `Model.query(db)`, so the route's transaction (or the read pool) is always the one used. Set-based paths
 * (moves, version copies, bulk writes, aggregates, the planning query) stay knex/SQL.
 */
export abstract class BaseModel extends Model {
  declare id: number;

  /**
   * How many relation queries objection runs at once when it loads a graph: one on a transaction, which is one
   * connection (pg queues a query sent on a busy client, warns, and pg 9 refuses it), objection's 4 on the pool.
   * Objection calls this with the query's knex; it is not in objection's typings.
   */
  static getConcurrency(knex?: Knex): number {
    return knex?.isTransaction ? 1 : 4;
  }
}

/** The columns every version-owned row has (a presenter's row type extends it). */
export interface VersionRowColumns {
  id: number;
  project_id: number;
  version_id: number;
  tracking_id: number;
  name: string;
  created_at: Date | string;
  updated_at: Date | string;
}

/** A row a version owns (copied with the version, matched across versions by tracking_id). */
export abstract class VersionRowModel extends BaseModel implements VersionRowColumns {
  declare project_id: number;
  declare version_id: number;
  declare tracking_id: number;
  declare name: string;
  declare created_at: Date | string;
  declare updated_at: Date | string;
}

/** The database a model query runs on: the route's transaction on writes, the pool on reads. */
export type ModelDb = Knex;

/** Modifiers every named row shares: `ref` (id and name), `frenchOrder` (by name, French order, then id). */
export function namedModifiers(table: string, refColumns: readonly string[] = ["id", "name"]): Modifiers {
  return {
    ref: (qb: QueryBuilder<Model>) => void qb.select(refColumns.map((c) => `${table}.${c}`)),
    frenchOrder: (qb: QueryBuilder<Model>) => void qb.orderByRaw(frenchKeySql(`${table}.name`)),
    frenchOrderThenId: (qb: QueryBuilder<Model>) =>
      void qb.orderByRaw(frenchKeySql(`${table}.name`)).orderBy(`${table}.id`),
  };
}

/**
 * Rows a relation is loaded for at once: a list may hold up to 99,999 rows and PostgreSQL takes at most 65,535
 * parameters in one statement (a composite key takes two per row), so longer lists are loaded in slices. objection's
 * eager loading also batches by 10,000 parents by itself (WhereInEagerOperation), so a plain fetchGraph holds too
 * (models/base.test.ts loads 70,000); the slices here bound the models held per step.
 */
const GRAPH_SLICE = 10_000;

/** `Model.fetchGraph` on the route's db, by slices of rows; the models come back in the rows' order. */
export async function loadGraph<M extends Model>(
  model: typeof Model,
  rows: readonly object[],
  expression: string,
  db: ModelDb,
): Promise<M[]> {
  const out: M[] = [];
  for (let i = 0; i < rows.length; i += GRAPH_SLICE) {
    const slice: PartialModelObject<Model>[] = rows.slice(i, i + GRAPH_SLICE);
    // objection's typings take a loose array for one object (their first overload): it answers the array.
    out.push(...((await model.fetchGraph(slice, expression, { transaction: db })) as unknown as M[]));
  }
  return out;
}

/** The model class a relation names. */
export type RelatedModel = RelationMapping<BaseModel>["modelClass"];

/** A relation to the one row a column names (`from` the owner's column, `to` the related key). */
export function belongsToOne(modelClass: RelatedModel, from: string, to: string): RelationMapping<BaseModel> {
  return { relation: BaseModel.BelongsToOneRelation, modelClass, join: { from, to } };
}

/** A relation to the rows whose column names the owner (`from` the owner's key, `to` their column). */
export function hasMany(modelClass: RelatedModel, from: string, to: string): RelationMapping<BaseModel> {
  return { relation: BaseModel.HasManyRelation, modelClass, join: { from, to } };
}

/** A row that other rows only name (id and name): a model of its own with the named modifiers. */
export function namedRowModel(table: string) {
  return class NamedRow extends BaseModel {
    static override tableName = table;
    declare name: string;
    static override modifiers = namedModifiers(table);
  };
}
