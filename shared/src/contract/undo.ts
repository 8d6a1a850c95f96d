/**
 * The undo history (issue 20): GET /undo/history?projectId&versionId lists the version's steps, latest first, each
 * with the label its command recorded (names and values, translated by the web) and whether it was undone.
 */
import { z } from "zod";
import { projectRef } from "../schemas.js";

/** POST /undo/apply (body, or the query of its PUT form) and GET /undo/history (query): the version meant. */
export const undoBody = z.object({ projectId: projectRef, versionId: projectRef });

export type UndoLabel =
  | { k: "move"; count: number; name?: string }
  | { k: "duration"; name: string; from: number; to: number }
  | { k: "rename"; name: string; to: string }
  | { k: "lot"; name: string }
  | { k: "start"; name: string }
  | { k: "links"; name: string; added: number; removed: number }
  | { k: "update"; name: string }
  | { k: "create"; name: string }
  | { k: "delete"; count: number; name?: string };

export interface UndoHistoryEntry {
  /** "step-<id>" for a step an undo may take back, "undone-<id>" for an undo. */
  key: string;
  /** The command's action (move, bulk_move, update, create, delete, holiday..., recalibration, instantiate...). */
  action: string;
  label: UndoLabel | null;
  /** ISO instant: when the action was done, or undone. */
  at: string;
  undone: boolean;
  userName: string | null;
}

/** How many entries the history answers. */
export const UNDO_HISTORY_LIMIT = 30;

/** POST /undo/apply: the steps left, and what was undone so that the client says it. */
export interface UndoApplied {
  remaining: number;
  action?: string;
  label?: UndoLabel | null;
}
