import type { ClassificationItem, ClassificationCategory } from "@jalon/shared";
import type { Db } from "../../db/knex.js";
import { rowTimestamps, versionRowFields } from "../rowFields.js";

/** The tables of one classification: tags/tag_categories or phases/phase_categories. */
export interface ClassificationTables {
  items: string;
  categories: string;
}

export type DbRow = Record<string, unknown> & { id: number };

/** Items with their category and its parent, as the derived table `i` (category `c`) list filters address. */
export function itemSelect(db: Db, t: ClassificationTables) {
  return db(`${t.items} as i`)
    .leftJoin(`${t.categories} as c`, "c.id", "i.category_id")
    .leftJoin(`${t.categories} as pc`, "pc.id", "c.parent_category_id")
    .select(
      "i.*",
      "c.name as category_name",
      "c.type as category_type",
      "c.position as category_position",
      "c.parent_category_id as category_parent_id",
      "pc.name as category_parent_name",
    );
}

export function categorySelect(db: Db, t: ClassificationTables) {
  return db(`${t.categories} as c`)
    .leftJoin(`${t.categories} as pc`, "pc.id", "c.parent_category_id")
    .select("c.*", "pc.name as parent_name");
}

export function presentItem(r: DbRow): ClassificationItem {
  const categoryId = (r.category_id as number | null) ?? null;
  const parentId = (r.category_parent_id as number | null) ?? null;
  return {
    ...versionRowFields(r),
    color: (r.color as string | null) ?? null,
    type: (r.type as string | null) ?? null,
    categoryId,
    category:
      categoryId === null
        ? null
        : {
            id: categoryId,
            name: r.category_name as string,
            type: (r.category_type as string | null) ?? null,
            position: r.category_position as number,
            parentCategoryId: parentId,
            parentCategory: parentId === null ? null : { id: parentId, name: r.category_parent_name as string },
          },
    ...rowTimestamps(r),
  };
}

export function presentCategory(r: DbRow): ClassificationCategory {
  const parentId = (r.parent_category_id as number | null) ?? null;
  return {
    ...versionRowFields(r),
    type: (r.type as string | null) ?? null,
    position: r.position as number,
    parentCategoryId: parentId,
    parentCategory: parentId === null ? null : { id: parentId, name: r.parent_name as string },
    ...rowTimestamps(r),
  };
}
