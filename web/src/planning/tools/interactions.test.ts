import { describe, expect, it } from "vitest";
import { createTimeScale } from "@jalon/shared/gantt";
import { parseDay } from "@jalon/engine";
import { buildModel, datesOf } from "../model";
import { smallPlanning } from "../testData";
import { linkAt, linkPoints, polylineDistance } from "./linkHit";
import { pickStep } from "./pickTool";
import { applyOrder, moveItem, moveRowInGroup } from "./reorder";

const LINKS = [
  { parentId: 1, childId: 2 },
  { parentId: 2, childId: 3 },
];

describe("reordering rows", () => {
  it("moves an item when no parent ends up after it and no child before it", () => {
    expect(moveItem([1, 5, 2, 3], 5, 3, LINKS)).toEqual({ ok: true, order: [1, 2, 3, 5] });
    expect(moveItem([1, 2, 5, 3], 3, 2, LINKS)).toEqual({ ok: true, order: [1, 2, 3, 5] });
  });
  it("refuses a child before its parent and a parent after its child", () => {
    expect(moveItem([1, 2, 3], 2, 0, LINKS)).toEqual({
      ok: false,
      reason: "childBeforeParent",
      parentId: 1,
      childId: 2,
    });
    expect(moveItem([1, 2, 3], 2, 2, LINKS)).toEqual({
      ok: false,
      reason: "parentAfterChild",
      parentId: 2,
      childId: 3,
    });
  });
  it("applies a saved order; events it does not know follow in their original order", () => {
    const saved = new Map([
      [3, 0],
      [1, 1],
    ]);
    expect(applyOrder([1, 2, 3], saved)).toEqual([3, 1, 2]);
    expect(applyOrder([1, 2, 3], new Map())).toEqual([1, 2, 3]);
  });
  it("the model draws rows in the user's order inside each group, keeping the rows' heights", () => {
    const data = smallPlanning();
    const plain = buildModel(data, datesOf(data), { grouping: "zone" });
    const ordered = buildModel(data, datesOf(data), {
      grouping: "zone",
      rowOrder: new Map([
        [4, 0],
        [3, 1],
        [2, 2],
        [1, 3],
      ]),
    });
    const ids = (m: typeof plain) => m.rows.filter((r) => r.kind === "event").map((r) => m.events[r.events[0]].id);
    expect(ids(plain)).toEqual([1, 2, 3, 4, 5]);
    expect(ids(ordered)).toEqual([4, 3, 2, 1, 5]);
    expect(ordered.rows.map((r) => r.y)).toEqual(plain.rows.map((r) => r.y));
    expect(ordered.rowOfId.get(4)).toBe(plain.rowOfId.get(1));
  });
  it("moves a row one place inside its group: the whole order back, a refusal, or nothing at the group's end", () => {
    const data = smallPlanning();
    const linked = buildModel(data, datesOf(data), { grouping: "zone" });
    expect(moveRowInGroup(linked, 4, -1)).toEqual({ ok: false, reason: "childBeforeParent", parentId: 3, childId: 4 });
    expect(moveRowInGroup(linked, 5, -1)).toBeNull();
    expect(moveRowInGroup(linked, 99, 1)).toBeNull();
    for (const k of ["linkIds", "linkParentId", "linkChildId", "linkType", "linkDelay"] as const) data.graph[k] = [];
    const free = buildModel(data, datesOf(data), { grouping: "zone" });
    expect(moveRowInGroup(free, 2, -1)).toEqual({ ok: true, order: [2, 1, 3, 4, 5] });
  });
  it("aggregates a group into one row of merged bars", () => {
    const data = smallPlanning();
    const m = buildModel(data, datesOf(data), { grouping: "lot", aggregated: new Set([41]) });
    const agg = m.rows.find((r) => r.kind === "aggregate")!;
    expect(agg.groupId).toBe(41);
    // Terrassement (Mon-Wed) and Fondations (Thu-Fri) touch: one merged bar.
    expect(agg.merged).toHaveLength(1);
    expect(m.rowOfId.has(1)).toBe(false);
  });
});

describe("selection modes", () => {
  const none = () => false;
  it("milestone and task modes accept only their type and warn otherwise", () => {
    expect(pickStep("milestone", null, { id: 4, kind: "milestone" }, none)).toEqual({ type: "select", id: 4 });
    expect(pickStep("milestone", null, { id: 1, kind: "task" }, none)).toEqual({
      type: "warn",
      reason: "wrongMilestone",
    });
    expect(pickStep("task", null, { id: 4, kind: "milestone" }, none)).toEqual({ type: "warn", reason: "wrongTask" });
    expect(pickStep("task", null, { id: 1, kind: "task" }, none)).toEqual({ type: "select", id: 1 });
  });
  it("child and parent modes link the picked event to the source, never to itself or twice", () => {
    expect(pickStep("child", 1, { id: 5, kind: "task" }, none)).toEqual({ type: "link", parentId: 1, childId: 5 });
    expect(pickStep("parent", 1, { id: 5, kind: "task" }, none)).toEqual({ type: "link", parentId: 5, childId: 1 });
    expect(pickStep("child", null, { id: 5, kind: "task" }, none)).toEqual({ type: "warn", reason: "needSource" });
    expect(pickStep("child", 1, { id: 1, kind: "task" }, none)).toEqual({ type: "warn", reason: "wrongSelf" });
    expect(pickStep("parent", 2, { id: 1, kind: "task" }, (p, c) => p === 1 && c === 2)).toEqual({
      type: "warn",
      reason: "wrongLinked",
    });
    expect(pickStep("none", 1, { id: 5, kind: "task" }, none)).toEqual({ type: "ignore" });
    expect(pickStep("child", 1, null, none)).toEqual({ type: "ignore" });
  });
});

describe("link hit testing", () => {
  it("measures the distance to a polyline", () => {
    expect(polylineDistance([0, 0, 10, 0, 10, 10], 5, 2)).toBe(2);
    expect(polylineDistance([0, 0, 10, 0, 10, 10], 12, 5)).toBe(2);
  });
  it("finds the link under the pointer among the visible rows, and none away from links", () => {
    const data = smallPlanning();
    const model = buildModel(data, datesOf(data), { grouping: "none" });
    const scale = createTimeScale("month", 75, parseDay("2026-02-01"), parseDay("2026-02-28"));
    const live = () => undefined;
    const k = model.links.findIndex((l) => l.parentId === 2 && l.childId === 3);
    const pts = linkPoints(model, scale, k, live)!;
    // The middle of the link's vertical segment.
    const x = pts[2];
    const y = (pts[3] + pts[5]) / 2;
    expect(linkAt(model, scale, { top: 0, height: 1000 }, x + 1, y, live)).toBe(k);
    expect(linkAt(model, scale, { top: 0, height: 1000 }, x + 40, y, live)).toBe(-1);
    // Rows scrolled out of view are not searched.
    expect(linkAt(model, scale, { top: 5000, height: 100 }, x + 1, y, live)).toBe(-1);
  });
});
