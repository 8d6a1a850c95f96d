import { ROW_KIND, rowColumnsOf, type GanttRow } from "@jalon/shared/gantt";

/**
 * The grid's rows as a tree for assistive technologies (issue 22): groups (zones, lots, sequences) at level 1 with
 * their tasks at level 2 below them, or the tasks at level 1 when ungrouped; each row's place among its siblings
 * (aria-posinset / aria-setsize, as the grid is virtualised and a screen reader cannot count the rows itself) and
 * its group's row, where Left goes from a task.
 */
export interface TreeRows {
  level: Uint8Array;
  posinset: Int32Array;
  setsize: Int32Array;
  /** The row index of the row's group, -1 for none. */
  parent: Int32Array;
  /** A group's tasks and milestones (its name says how many): its event rows, or its members when folded. */
  tasks: Int32Array;
}

const isGroup = (r: GanttRow) => r.kind === "group" || r.kind === "aggregate";

export function treeRows(rows: readonly GanttRow[]): TreeRows {
  // From the rows' columns: only the aggregated groups' rows are read (for their members' count).
  const kind = rowColumnsOf(rows).kind;
  const n = kind.length;
  const out: TreeRows = {
    level: new Uint8Array(n),
    posinset: new Int32Array(n),
    setsize: new Int32Array(n),
    parent: new Int32Array(n).fill(-1),
    tasks: new Int32Array(n),
  };
  const isGroupAt = (i: number) => kind[i] === ROW_KIND.group || kind[i] === ROW_KIND.aggregate;
  let groups = 0;
  for (let i = 0; i < n; i++) if (isGroupAt(i)) groups++;
  let groupPos = 0;
  let parent = -1;
  let childStart = 0;
  const closeChildren = (end: number) => {
    for (let j = childStart; j < end; j++) out.setsize[j] = end - childStart;
  };
  for (let i = 0; i < n; i++) {
    if (isGroupAt(i)) {
      closeChildren(i);
      out.level[i] = 1;
      out.posinset[i] = ++groupPos;
      out.setsize[i] = groups;
      parent = i;
      childStart = i + 1;
      if (kind[i] === ROW_KIND.aggregate) out.tasks[i] = rows[i].events.length;
      continue;
    }
    if (parent >= 0 && kind[i] === ROW_KIND.event) out.tasks[parent]++;
    out.level[i] = parent < 0 ? 1 : 2;
    out.parent[i] = parent;
    out.posinset[i] = i - childStart + 1;
  }
  closeChildren(n);
  return out;
}

/** A row's identity for the focus: a group keeps it when folded into one row or unfolded again. */
export function focusKeyOf(row: GanttRow): string {
  return isGroup(row) ? `group:${row.groupId ?? "none"}` : row.key;
}
