import { createCalendar, parseDay } from "@jalon/engine";
import { describe, expect, it } from "vitest";
import { durationAt, RESIZE_IDLE, resizeStep } from "./resizeTool";
import { LINK_IDLE, linkStep, linkTypeOf } from "./linkTool";

const cal = createCalendar({ holidays: [parseDay("2026-02-11")] });
const MON = parseDay("2026-02-09");

describe("resize tool", () => {
  it("counts working days from the start to the day under the pointer, at least one", () => {
    expect(durationAt(cal, MON, 2, 0, 20)).toBe(2);
    expect(durationAt(cal, MON, 2, 20, 20)).toBe(2); // Wed 11 is a holiday: still 2 working days
    expect(durationAt(cal, MON, 2, 40, 20)).toBe(3); // to Thursday
    expect(durationAt(cal, MON, 2, -200, 20)).toBe(1);
  });
  it("previews each new duration and commits once on release", () => {
    const ctx = { calendar: cal, dayWidth: 20 };
    let s = resizeStep(RESIZE_IDLE, { type: "pointerDown", x: 100, id: 4, startDay: MON, numberOfDays: 2 }, ctx).state;
    const a = resizeStep(s, { type: "pointerMove", x: 140 }, ctx);
    expect(a.effects).toEqual([{ type: "preview", id: 4, days: 3 }]);
    s = a.state;
    expect(resizeStep(s, { type: "pointerMove", x: 142 }, ctx).effects).toEqual([]);
    const up = resizeStep(s, { type: "pointerUp" }, ctx);
    expect(up.effects).toEqual([{ type: "commit", id: 4, days: 3 }]);
    const back = resizeStep(
      resizeStep(
        resizeStep(RESIZE_IDLE, { type: "pointerDown", x: 0, id: 4, startDay: MON, numberOfDays: 2 }, ctx).state,
        { type: "pointerMove", x: 3 },
        ctx,
      ).state,
      { type: "pointerUp" },
      ctx,
    );
    expect(back.effects).toEqual([{ type: "clearPreview" }]);
  });
});

describe("link tool", () => {
  const target = { x: 100, width: 40 };
  it("takes the link type from the handle and the half of the target", () => {
    expect(linkTypeOf("end", 110, target)).toBe("end-begin");
    expect(linkTypeOf("end", 135, target)).toBe("end-end");
    expect(linkTypeOf("begin", 105, target)).toBe("begin-begin");
    expect(linkTypeOf("begin", 139, target)).toBe("begin-end");
  });
  it("draws while moving and creates the link on a drop on another bar only", () => {
    let s = linkStep(LINK_IDLE, { type: "pointerDown", parentId: 1, side: "end", x: 50, y: 10 }).state;
    const move = linkStep(s, { type: "pointerMove", x: 90, y: 40 });
    expect(move.effects).toEqual([{ type: "draw", from: [50, 10], to: [90, 40] }]);
    s = move.state;
    expect(linkStep(s, { type: "pointerUp", target: { id: 2, ...target }, x: 105 }).effects).toEqual([
      { type: "clear" },
      { type: "create", parentId: 1, childId: 2, linkType: "end-begin" },
    ]);
    expect(linkStep(s, { type: "pointerUp", target: { id: 1, ...target }, x: 105 }).effects).toEqual([
      { type: "clear" },
    ]);
    expect(linkStep(s, { type: "pointerUp", target: null, x: 105 }).effects).toEqual([{ type: "clear" }]);
  });
});
