import { describe, expect, it } from "vitest";
import type { GanttRow } from "@jalon/shared/gantt";
import { focusKeyOf, treeRows } from "./treeRows";

const row = (key: string, kind: GanttRow["kind"], groupId?: number | null): GanttRow => ({
  key,
  kind,
  label: key,
  y: 0,
  height: 24,
  events: [],
  groupId,
});

describe("the grid's rows as a tree", () => {
  it("groups at level 1, their tasks at level 2 with their place among their siblings and their group's row", () => {
    const rows = [row("g1", "group", 1), row("e1", "event", 1), row("e2", "event", 1), row("a2", "aggregate", 2)];
    rows.push(row("g3", "group", 3), row("e3", "event", 3));
    const t = treeRows(rows);
    expect([...t.level]).toEqual([1, 2, 2, 1, 1, 2]);
    expect([...t.posinset]).toEqual([1, 1, 2, 2, 3, 1]);
    expect([...t.setsize]).toEqual([3, 2, 2, 3, 3, 1]);
    expect([...t.parent]).toEqual([-1, 0, 0, -1, -1, 4]);
  });

  it("counts a group's tasks: its event rows (not a comparison's ghosts), or a folded group's members", () => {
    const folded = { ...row("a2", "aggregate", 2), events: [4, 5, 6] };
    const rows = [row("g1", "group", 1), row("e1", "event", 1), row("x1", "ghost", 1), row("e2", "event", 1), folded];
    expect([...treeRows(rows).tasks]).toEqual([2, 0, 0, 0, 3]);
  });

  it("ungrouped tasks are all at level 1 in one set", () => {
    const t = treeRows([row("e1", "event"), row("e2", "event"), row("e3", "event")]);
    expect([...t.level]).toEqual([1, 1, 1]);
    expect([...t.posinset]).toEqual([1, 2, 3]);
    expect([...t.setsize]).toEqual([3, 3, 3]);
    expect([...t.parent]).toEqual([-1, -1, -1]);
  });

  it("a group keeps its focus identity folded or not", () => {
    expect(focusKeyOf(row("g7", "group", 7))).toBe(focusKeyOf(row("a7", "aggregate", 7)));
    expect(focusKeyOf(row("gnone", "group", null))).toBe("group:none");
    expect(focusKeyOf(row("e5", "event", 7))).toBe("e5");
  });
});
