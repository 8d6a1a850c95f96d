import type { Knex } from "knex";
import { UNDO_HISTORY_LIMIT, type UndoHistoryEntry, type UndoLabel } from "@jalon/shared";

interface HistoryRow {
  key: string;
  action: string;
  label: UndoLabel | string | null;
  at: Date | string;
  undone: boolean;
  user_name: string | null;
}

/**
 * The version's undo history, latest first: the steps an undo may take back and the undos done, with who did them.
 * One query over both tables (each read by its version index).
 */
export async function undoHistory(db: Knex | Knex.Transaction, versionId: number): Promise<UndoHistoryEntry[]> {
  const result = await db.raw<{ rows: HistoryRow[] }>(
    `select h.key, h.action, h.label, h.at, h.undone, nullif(trim(u.firstname || ' ' || u.lastname), '') as user_name
       from (
         (select 'step-' || s.id as key, s.action, s.label, s.created_at as at, false as undone, s.user_id, s.id as n
            from undo_steps s where s.version_id = ? order by s.id desc limit ?)
         union all
         (select 'undone-' || d.id, d.action, d.label, d.created_at, true, d.user_id, d.id
            from undone_steps d where d.version_id = ? order by d.id desc limit ?)
       ) h left join users u on u.id = h.user_id
      order by h.at desc, h.undone desc, h.n desc
      limit ?`,
    [versionId, UNDO_HISTORY_LIMIT, versionId, UNDO_HISTORY_LIMIT, UNDO_HISTORY_LIMIT],
  );
  return result.rows.map((r) => ({
    key: r.key,
    action: r.action,
    label: typeof r.label === "string" ? (JSON.parse(r.label) as UndoLabel) : r.label,
    at: r.at instanceof Date ? r.at.toISOString() : new Date(r.at).toISOString(),
    undone: r.undone,
    userName: r.user_name,
  }));
}
