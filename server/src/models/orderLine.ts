import type { QueryBuilder, RelationMappings } from "objection";
import { BaseModel, belongsToOne, hasMany, namedRowModel } from "./base.js";

/*
 * Order lines and their tasks as other rows list them (a macro-task's lines, a task's order-line tasks). The
 * order-line and order-line-task lists keep their derived tables (filters and sorts on the joined names) and
 * cost monitoring stays SQL.
 */

/** A family of order lines (families, shared by every project). */
export class FamilyModel extends namedRowModel("families") {}

/** An order line of a version: its family and its tasks. */
export class OrderLineModel extends BaseModel {
  static override tableName = "order_lines";
  declare label: string;
  declare type: string;
  declare unit: string | null;
  declare price: number | null;
  declare family_id: number | null;
  declare macro_task_id: number | null;
  declare family?: FamilyModel | null;
  declare tasks?: OrderLineTaskModel[];

  static override modifiers = {
    /** As a macro-task lists its lines: by label (case-insensitive), then id. */
    byLabel: (qb: QueryBuilder<OrderLineModel>) => void qb.orderByRaw("lower(order_lines.label), order_lines.id"),
  };

  static override get relationMappings(): RelationMappings {
    return {
      family: belongsToOne(FamilyModel, "order_lines.family_id", "families.id"),
      tasks: hasMany(OrderLineTaskModel, "order_lines.id", "order_line_tasks.order_line_id"),
    };
  }
}

/** An order-line task (a quantity of a line in a zone, possibly on a task): its line. */
export class OrderLineTaskModel extends BaseModel {
  static override tableName = "order_line_tasks";
  declare order_line_id: number;
  declare event_id: number | null;
  declare zone_id: number | null;
  declare quantity: number | null;
  declare price: number | null;
  declare is_ordered: boolean;
  declare orderLine?: OrderLineModel;

  static override modifiers = {
    byId: (qb: QueryBuilder<OrderLineTaskModel>) => void qb.orderBy("order_line_tasks.id"),
    /** As a task lists them: by their line's label (case-insensitive), then id. */
    byLineLabel: (qb: QueryBuilder<OrderLineTaskModel>) =>
      void qb
        .select("order_line_tasks.*")
        .join("order_lines", "order_lines.id", "order_line_tasks.order_line_id")
        .orderByRaw("lower(order_lines.label), order_line_tasks.id"),
  };

  static override get relationMappings(): RelationMappings {
    return {
      orderLine: belongsToOne(OrderLineModel, "order_line_tasks.order_line_id", "order_lines.id"),
    };
  }
}
