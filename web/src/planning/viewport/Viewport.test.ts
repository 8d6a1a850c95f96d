import { describe, expect, it, vi } from "vitest";
import { parseDay } from "@jalon/engine";
import { createTimeScale } from "@jalon/shared/gantt";
import { buildModel, datesOf } from "../model";
import { POINTER_IDLE, pointerStep, type PointerInput, type PointerWorld } from "../tools/pointerMachine";
import { barsIn, geometryOf } from "../viewGeometry";
import { smallPlanning } from "../testData";
import { displayedRange, sameRange, type RangeInputs } from "./displayedRange";
import { GRID_WIDTH } from "./layout";
import { Viewport, type ScrollBox } from "./Viewport";

const JAN = parseDay("2026-01-01");
const DEC = parseDay("2026-12-31");
/** A year in the month view. */
const scale = createTimeScale("month", 5, JAN, DEC);

/** A scroll element as a plain object, clamped as a browser does. */
function box(width = GRID_WIDTH + 600, height = 400): ScrollBox {
  let left = 0;
  let top = 0;
  const maxLeft = () => Math.max(0, GRID_WIDTH + scale.width - width);
  return {
    get scrollLeft() {
      return left;
    },
    set scrollLeft(v: number) {
      left = Math.min(maxLeft(), Math.max(0, v));
    },
    get scrollTop() {
      return top;
    },
    set scrollTop(v: number) {
      top = Math.max(0, v);
    },
    clientWidth: width,
    clientHeight: height,
  };
}

function viewport(el = box()) {
  const vp = new Viewport();
  vp.attach(el);
  return { vp, el };
}

describe("viewport (headless)", () => {
  it("measures the element once, and renders nothing when a measure changes nothing", () => {
    const { vp } = viewport();
    const listener = vi.fn();
    vp.store.subscribe(listener);
    vp.measure();
    expect(vp.state).toMatchObject({ left: 0, top: 0, width: GRID_WIDTH + 600, height: 400, measured: true });
    expect(vp.canvasWidth).toBe(600);
    vp.measure();
    expect(listener).toHaveBeenCalledTimes(1);
  });

  it("starts on today a week back when the range holds it, else on its first day; once per base range", () => {
    const { vp, el } = viewport();
    const today = parseDay("2026-06-15");
    vp.place("a", { firstDay: JAN, lastDay: DEC }, today, scale);
    expect(el.scrollLeft).toBeCloseTo((today - 7 - JAN) * scale.dayWidth);
    el.scrollLeft = 0;
    vp.place("a", { firstDay: JAN, lastDay: DEC }, today, scale);
    expect(el.scrollLeft).toBe(0);
    const march = parseDay("2026-03-01");
    vp.place("b", { firstDay: march, lastDay: DEC }, parseDay("2027-02-01"), scale);
    expect(el.scrollLeft).toBeCloseTo((march - JAN) * scale.dayWidth);
    // A later placement is drawn in the same commit.
    expect(vp.state.left).toBe(el.scrollLeft);
  });

  it("a range action places the scroll again, on the asked day, and says so to the view", () => {
    const { vp, el } = viewport();
    vp.place("a", { firstDay: JAN, lastDay: DEC }, JAN, scale);
    const seq = vp.state.placeSeq;
    vp.placeAgain(parseDay("2026-04-01"));
    expect(vp.state.placeSeq).toBe(seq + 1);
    vp.place("a", { firstDay: JAN, lastDay: DEC }, JAN, scale);
    expect(el.scrollLeft).toBeCloseTo((parseDay("2026-04-01") - JAN) * scale.dayWidth);
  });

  it("a user's scroll towards a near edge asks for its months; away from it, or scrolled by the view, does not", () => {
    const { vp, el } = viewport();
    vp.scrollTo(3000, 0);
    expect(vp.scrolled(scale)).toBeNull();
    el.scrollLeft = 100;
    // Towards the start, within half a screen of it.
    expect(vp.scrolled(scale)).toBe("start");
    expect(vp.state.left).toBe(100);
    el.scrollLeft = 150;
    expect(vp.scrolled(scale)).toBeNull();
    el.scrollLeft = scale.width;
    expect(vp.scrolled(scale)).toBe("end");
    // The view's own scroll near an edge (a picked recalibration) adds nothing.
    vp.scrollTo(0, 0);
    expect(vp.scrolled(scale)).toBeNull();
  });

  it("listens to the element's scrolls from its attachment until it goes, and tells each one", () => {
    const vp = new Viewport();
    const seen = vi.fn();
    vp.onScroll = seen;
    const el = Object.assign(new EventTarget(), { scrollLeft: 0, scrollTop: 0, clientWidth: 900, clientHeight: 400 });
    vp.attach(el);
    el.dispatchEvent(new Event("scroll"));
    expect(seen).toHaveBeenCalledTimes(1);
    vp.attach(null);
    el.dispatchEvent(new Event("scroll"));
    expect(seen).toHaveBeenCalledTimes(1);
    // A plain box without events (the other tests' ScrollBox) is attached without listening.
    expect(() => vp.attach({ scrollLeft: 0, scrollTop: 0, clientWidth: 1, clientHeight: 1 })).not.toThrow();
  });

  it("pans as a user scrolls, and says which edge it is stuck at", () => {
    const { vp, el } = viewport();
    vp.scrollTo(500, 40);
    expect(vp.panBy(-440, 30)).toBeNull();
    expect([el.scrollLeft, el.scrollTop]).toEqual([60, 70]);
    // The pan's scroll is the user's: towards the start near it, months are asked.
    expect(vp.scrolled(scale)).toBe("start");
    vp.scrollTo(0, 0);
    expect(vp.panBy(-50, 0)).toBe("start");
    expect(vp.panBy(0, -50)).toBeNull();
    vp.scrollTo(1e9, 0);
    expect(vp.panBy(80, 0)).toBe("end");
  });

  it("after months were added before the start, keeps the same days and the same top row", () => {
    const { vp, el } = viewport(box(GRID_WIDTH + 600, 40));
    const d = smallPlanning();
    const model = buildModel(d, datesOf(d), { grouping: "none" });
    vp.scrollTo(1000, model.rows[2].y + 3);
    vp.willKeep(31, model);
    // The widened model (here: one more row on top) arrives; the scroll moves by the added days' width.
    const wider = buildModel(d, datesOf(d), { grouping: "lot" });
    vp.keep(wider, scale.dayWidth);
    expect(el.scrollLeft).toBeCloseTo(1000 + 31 * scale.dayWidth);
    const id = model.events[model.rows[2].events[0]].id;
    expect(el.scrollTop).toBe(wider.rows[wider.rowOfId.get(id)!].y + 3);
    expect(vp.state.left).toBe(el.scrollLeft);
    // Once: a later model keeps the scroll where it is.
    el.scrollLeft = 10;
    vp.keep(wider, scale.dayWidth);
    expect(el.scrollLeft).toBe(10);
  });
});

describe("displayed range", () => {
  const inputs: RangeInputs = {
    projectId: 7,
    versionId: 11,
    today: parseDay("2026-06-15"),
    startDate: null,
    endDate: null,
    fit: null,
    extended: null,
  };

  it("is the spec's default around today, or the date filter's months", () => {
    const r = displayedRange(inputs);
    expect(r.range).toBe(r.base);
    expect(r.base).toEqual({ firstDay: parseDay("2026-03-01"), lastDay: parseDay("2026-10-31") });
    const f = displayedRange({ ...inputs, startDate: "2026-09-10", endDate: "2026-11-02" });
    expect(f.base).toEqual({ firstDay: parseDay("2026-09-01"), lastDay: parseDay("2026-11-30") });
    expect(f.filterKey).not.toBe(r.filterKey);
  });

  it("keeps a fitted range while the filter is unchanged, and a widening while the base range is", () => {
    const r = displayedRange(inputs);
    const fitted = { firstDay: JAN, lastDay: DEC };
    const fit = displayedRange({ ...inputs, fit: { filterKey: r.filterKey, range: fitted } });
    expect(fit.base).toEqual(fitted);
    // Another version drops it.
    expect(displayedRange({ ...inputs, versionId: 12, fit: { filterKey: r.filterKey, range: fitted } }).base).toEqual(
      r.base,
    );
    const wide = { firstDay: parseDay("2025-12-01"), lastDay: parseDay("2026-10-31") };
    const ext = displayedRange({ ...inputs, extended: { baseKey: r.baseKey, range: wide } });
    expect(ext.range).toEqual(wide);
    expect(ext.base).toEqual(r.base);
    expect(sameRange(ext, r)).toBe(false);
    expect(sameRange(displayedRange(inputs), r)).toBe(true);
    // A widening of another base range is not this one's.
    expect(displayedRange({ ...inputs, extended: { baseKey: "other", range: wide } }).range).toEqual(r.base);
  });
});

describe("the chart's gestures over the viewport and the model", () => {
  const d = smallPlanning();
  const model = buildModel(d, datesOf(d), { grouping: "none" });
  const liveOf = (id: number) => datesOf(d).get(id);
  const g = (id: number) => geometryOf(model, scale, id, liveOf)!;

  it("the rubber band's bars: every event whose drawn bar the rectangle touches, in any corner order", () => {
    const [a, b] = [g(1), g(3)];
    const rect = [b.x + b.width + 1, b.y + b.height, a.x + a.width - 1, a.y] as const;
    const ids = barsIn(model, scale, rect, liveOf);
    expect(ids).toContain(1);
    expect(ids).toContain(3);
    // A rectangle beside every bar touches none.
    expect(barsIn(model, scale, [0, 0, 2, 500], liveOf)).toEqual([]);
  });

  it("a pan drawn by the pointer machine scrolls the viewport, and at the range's start asks for its months", () => {
    const { vp, el } = viewport();
    vp.scrollTo(200, 0);
    const world: PointerWorld = {
      editable: true,
      pickMode: "none",
      selection: [],
      dayWidth: scale.dayWidth,
      calendar: model.calendar,
      handleAt: () => null,
      hitAt: () => null,
      linkAt: () => null,
      geometryOf: () => null,
      liveDays: () => undefined,
      committedStart: () => undefined,
      barsIn: () => [],
    };
    let state = POINTER_IDLE;
    const edges: (string | null)[] = [];
    const step = (type: PointerInput["type"], cx: number) => {
      const r = pointerStep(state, { type, x: cx, y: 300, cx, cy: 300, additive: false, time: 0 }, world);
      state = r.state;
      for (const ef of r.effects) if (ef.type === "pan") edges.push(vp.panBy(ef.dx, ef.dy));
    };
    step("down", 500);
    step("move", 600);
    expect(el.scrollLeft).toBe(100);
    step("move", 800);
    expect(el.scrollLeft).toBe(0);
    step("move", 850);
    step("up", 850);
    expect(edges).toEqual([null, null, "start"]);
  });
});
