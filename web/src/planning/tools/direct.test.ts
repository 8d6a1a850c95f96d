import { createCalendar, formatDay, parseDay } from "@jalon/engine";
import { createTimeScale, dayToX } from "@jalon/shared/gantt";
import { describe, expect, it, vi } from "vitest";
import { buildModel, datesOf } from "../model";
import { smallPlanning } from "../testData";
import { POINTER_IDLE, type PointerState } from "./pointerMachine";
import { perFrame, tipKey, tipTarget } from "./hoverTool";
import { isMenuKey, menuItems, type MenuTarget } from "./contextMenu";
import { createPlaceAt, rowAt } from "./createTool";
import { frenchDay, tipContent, type TipLookups } from "./tipContent";
import { zonePaths } from "../overlays/PlanningTooltip";

const d = parseDay;
const world = (hit: number | null, link: [number, number] | null = null) => ({
  hitAt: vi.fn(() => (hit === null ? null : { id: hit })),
  linkAt: vi.fn(() => (link ? { parentId: link[0], childId: link[1] } : null)),
});

describe("hover tool (the tooltip's subject)", () => {
  it("a resting pointer: the bar under it, else the link, else nothing", () => {
    expect(tipTarget(POINTER_IDLE, world(3), 10, 10)).toEqual({ kind: "event", id: 3 });
    const w = world(null, [1, 2]);
    expect(tipTarget(POINTER_IDLE, w, 10, 10)).toEqual({ kind: "link", parentId: 1, childId: 2 });
    expect(tipTarget(POINTER_IDLE, world(null), 10, 10)).toBeNull();
  });
  it("a drag shows the dragged bar and its shift; a resize its new duration; a press or a pan nothing", () => {
    const dragging: PointerState = {
      ...POINTER_IDLE,
      drag: { kind: "dragging", anchorId: 2, selection: [2], startX: 0, anchorStartDay: 0, targetDay: 0, k: 3 },
    };
    const w = world(5);
    expect(tipTarget(dragging, w, 0, 0)).toEqual({ kind: "move", id: 2, k: 3 });
    // No hit test while dragging: the bar under the pointer is the dragged one.
    expect(w.hitAt).not.toHaveBeenCalled();
    const resizing: PointerState = {
      ...POINTER_IDLE,
      resize: { kind: "resizing", id: 1, startDay: 0, startX: 0, originalDays: 3, days: 5 },
    };
    expect(tipTarget(resizing, w, 0, 0)).toEqual({ kind: "resize", id: 1, days: 5, shift: 2 });
    const pressing: PointerState = {
      ...POINTER_IDLE,
      drag: { kind: "pressing", anchorId: 2, selection: [2], startX: 0, anchorStartDay: 0, additive: false },
    };
    expect(tipTarget(pressing, w, 0, 0)).toBeNull();
    const panning: PointerState = { ...POINTER_IDLE, gesture: { kind: "panning", cx: 0, cy: 0 } };
    expect(tipTarget(panning, w, 0, 0)).toBeNull();
    expect(tipKey({ kind: "move", id: 2, k: 3 })).not.toBe(tipKey({ kind: "move", id: 2, k: 4 }));
  });
  it("asks at most once per animation frame, with the latest pointer", () => {
    const frames: (() => void)[] = [];
    const seen: number[] = [];
    const push = perFrame<number>(
      (v) => seen.push(v),
      (cb) => frames.push(cb),
    );
    push(1);
    push(2);
    push(3);
    expect(frames).toHaveLength(1);
    frames.shift()!();
    expect(seen).toEqual([3]);
    push(4);
    push.cancel();
    frames.shift()!();
    expect(seen).toEqual([3]);
  });
});

describe("tooltip content", () => {
  const cal = createCalendar({});
  const base = (over: Partial<TipLookups> = {}): TipLookups => ({
    event: (id) =>
      id === 1
        ? { id: 1, name: "Terrassement", kind: "task", numberOfDays: 3, lotId: 41, zoneId: 31, progress: 40 }
        : id === 2
          ? { id: 2, name: "Fondations", kind: "task", numberOfDays: 2, lotId: null, zoneId: null, progress: 0 }
          : null,
    liveOf: (id) => (id === 1 ? [d("2026-02-02"), d("2026-02-04")] : [d("2026-02-05"), d("2026-02-06")]),
    committedOf: (id) => (id === 1 ? [d("2026-02-02"), d("2026-02-04")] : [d("2026-02-05"), d("2026-02-06")]),
    link: () => ({ type: 0, delay: 2 }),
    lotName: () => "Gros œuvre",
    zoneName: () => "Bâtiment A / R+0 / Logements nord",
    float: 4,
    calendar: cal,
    t: (key, o) => (o ? `${key}|${String(o.signed ?? o.parent ?? "")}` : key),
    ...over,
  });
  it("a bar: name, dd/MM/yyyy dates, duration, lot, zone path, marge and progress", () => {
    const c = tipContent({ kind: "event", id: 1 }, base())!;
    expect(c.title).toBe("Terrassement");
    const v = Object.fromEntries(c.lines.map((l) => [l.label, l.value]));
    expect(v["planningDirect.tip.start"]).toBe("02/02/2026");
    expect(v["planningDirect.tip.end"]).toBe("04/02/2026");
    expect(v["planningDirect.tip.duration"]).toBe("planningDirect.tip.workingDays|3");
    expect(v["planningDirect.tip.lot"]).toBe("Gros œuvre");
    expect(v["planningDirect.tip.zone"]).toBe("Bâtiment A / R+0 / Logements nord");
    expect(v["planningDirect.tip.float"]).toBe("planningDirect.tip.workingDays|4");
    expect(v["planningDirect.tip.progress"]).toBe("40 %");
  });
  it("a drag: the new dates and the shift in working days the engine placed (a weekend is not counted)", () => {
    // Fondations previewed from Thu 05/02 to Mon 09/02: two working days later.
    const c = tipContent({ kind: "move", id: 2, k: 2 }, base({ liveOf: () => [d("2026-02-09"), d("2026-02-10")] }))!;
    const v = Object.fromEntries(c.lines.map((l) => [l.label, l.value]));
    expect(v["planningDirect.tip.start"]).toBe("09/02/2026");
    expect(v["planningDirect.tip.end"]).toBe("10/02/2026");
    expect(v["planningDirect.tip.shift"]).toBe("planningDirect.tip.workingDays|+2");
    const back = tipContent(
      { kind: "move", id: 2, k: -1 },
      base({ liveOf: () => [d("2026-02-04"), d("2026-02-05")] }),
    )!;
    expect(back.lines.find((l) => l.testId === "tip-shift")?.value).toBe("planningDirect.tip.workingDays|-1");
  });
  it("a link: its ends, type and delay; nothing for an unknown event", () => {
    const c = tipContent({ kind: "link", parentId: 1, childId: 2 }, base())!;
    expect(c.title).toBe("planningDirect.tip.link|Terrassement");
    expect(c.lines.map((l) => l.value)).toEqual(["events.linkTypes.end-begin", "planningDirect.tip.workingDays|2"]);
    expect(tipContent({ kind: "event", id: 99 }, base())).toBeNull();
    expect(frenchDay(d("2026-12-31"))).toBe("31/12/2026");
  });
});

describe("context menu", () => {
  const task: MenuTarget = { kind: "event", id: 1, eventKind: "task", locked: false, zoneId: 31, lotId: 41, day: 0 };
  it("offers the bar's commands, lock or unlock by its state, writes disabled when read-only", () => {
    const all = { writable: true, canOpen: true, canInstantiate: true };
    expect(menuItems(task, all).map((i) => i.command)).toEqual([
      "open",
      "addSuccessor",
      "addPredecessor",
      "duplicate",
      "delete",
      "lock",
      "instantiate",
      "copyDates",
    ]);
    expect(menuItems({ ...task, locked: true }, all).some((i) => i.command === "unlock")).toBe(true);
    const ro = menuItems(task, { writable: false, canOpen: false, canInstantiate: false });
    expect(ro.filter((i) => !i.disabled).map((i) => i.command)).toEqual(["copyDates"]);
    const row: MenuTarget = { kind: "row", zoneId: 31, lotId: null, day: 0, rowY: 0, x: 0 };
    expect(menuItems(row, all).map((i) => i.command)).toEqual(["createHere", "instantiate"]);
  });
  it("opens on the menu key and Shift+F10 only", () => {
    expect(isMenuKey({ key: "ContextMenu", shiftKey: false })).toBe(true);
    expect(isMenuKey({ key: "F10", shiftKey: true })).toBe(true);
    expect(isMenuKey({ key: "F10", shiftKey: false })).toBe(false);
    expect(isMenuKey({ key: "Enter", shiftKey: true })).toBe(false);
  });
});

describe("create tool (a task typed in place)", () => {
  const data = smallPlanning();
  const model = buildModel(data, datesOf(data), { grouping: "zone" });
  const scale = createTimeScale("month", 75, d("2026-02-01"), d("2026-02-28"));
  it("finds the row under the pointer, its zone, and the clicked day moved to a working day", () => {
    const group = model.rows.find((r) => r.kind === "group" && r.groupId === 32)!;
    // Saturday 07/02 on the zone "Extérieurs" header row: Monday 09/02 in that zone.
    const place = createPlaceAt(model, scale, "zone", dayToX(scale, d("2026-02-07")) + 2, group.y + 2)!;
    expect(place).toMatchObject({ zoneId: 32, lotId: null, rowY: group.y });
    expect(formatDay(place.day)).toBe("2026-02-09");
    // An event row gives its event's zone and lot.
    const row = model.rows[model.rowOfId.get(1)!];
    expect(createPlaceAt(model, scale, "zone", 5, row.y + 1)).toMatchObject({ zoneId: 31, lotId: 41 });
    const last = model.rows[model.rows.length - 1];
    expect(rowAt(model, last.y + last.height + 5)).toBeNull();
    expect(createPlaceAt(model, scale, "zone", 5, last.y + last.height + 5)).toBeNull();
  });
});

describe("zone paths (the tooltip's zone)", () => {
  it("names a zone by its whole path from its building", () => {
    const paths = zonePaths([
      { id: 3, name: "Logements nord", parentId: 2 },
      { id: 1, name: "Bâtiment A", parentId: null },
      { id: 2, name: "R+0", parentId: 1 },
    ]);
    expect(paths.get(3)).toBe("Bâtiment A / R+0 / Logements nord");
    expect(paths.get(1)).toBe("Bâtiment A");
  });
});
