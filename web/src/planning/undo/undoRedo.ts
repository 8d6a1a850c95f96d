import type { ListResponse, UndoApplied, undoBody, UndoHistoryEntry } from "@jalon/shared";
import { request, send } from "../../api/http";

/**
 * Redo (issue 20). The server keeps the undo steps (the previous values); it keeps no step to redo. Redo is this
 * client's: each planning write of the session (a move, a cell's edit, a link) is remembered as the call that made
 * it; Ctrl+Z undoes the server's last step and, when that step is the session's last write, keeps that call for
 * Ctrl+Y, which makes it again (a new write, a new undo step: successors follow as on the first time). A new
 * action forgets what could be redone, as in every editor.
 */
export type Rerun = () => Promise<boolean>;

export class UndoRedo {
  private done: Rerun[] = [];
  private undone: Rerun[] = [];
  private replaying = false;

  /** A write of this session succeeded; `rerun` makes it again. */
  record(rerun: Rerun): void {
    this.done.push(rerun);
    if (this.done.length > 100) this.done.shift();
    if (!this.replaying) this.undone = [];
  }

  /** The server undid its last step: the session's last write (if it was that one) becomes redoable. */
  undid(): void {
    const last = this.done.pop();
    if (last) this.undone.push(last);
  }

  get canRedo(): boolean {
    return this.undone.length > 0;
  }

  /** Makes the last undone write again; false when there is none or it failed. */
  async redo(): Promise<boolean> {
    const next = this.undone.pop();
    if (!next) return false;
    this.replaying = true;
    try {
      return await next();
    } finally {
      this.replaying = false;
    }
  }
}

const stacks = new WeakMap<object, UndoRedo>();
/** The redo memory of one planning session (one version on screen). */
export function undoRedoOf(session: object): UndoRedo {
  let s = stacks.get(session);
  if (!s) stacks.set(session, (s = new UndoRedo()));
  return s;
}

export type { UndoApplied };

export const undoApi = {
  apply: (projectId: number, versionId: number) =>
    send<typeof undoBody, UndoApplied>("POST", "/undo/apply", { projectId, versionId }),
  history: (projectId: number, versionId: number) =>
    request<ListResponse<UndoHistoryEntry>>("GET", "/undo/history", { query: { projectId, versionId } }).then(
      (r) => r.data,
    ),
};
