import { describe, expect, it } from "vitest";
import { LOCK_WIDTH, lockMark, progressLabel, progressMark } from "../src/gantt/marks.js";

// Issue 22: a bar's states told without colour (WCAG 1.4.1), laid out once for every drawing of the chart.
describe("the marks of a bar's state", () => {
  const bar = { x: 100, y: 20, width: 200, height: 16 };

  it("progress: the done share closed by a tick, none at 100 %, nothing for a task never counted", () => {
    expect(progressMark(bar, 40)).toEqual({ done: 80, tick: true });
    expect(progressMark(bar, 100)).toEqual({ done: 200, tick: false });
    expect(progressMark(bar, 130)).toEqual({ done: 200, tick: false });
    for (const none of [null, undefined, 0, -5, Number.NaN]) expect(progressMark(bar, none)).toBeNull();
    // A bar too narrow for a tick keeps its underline.
    expect(progressMark({ ...bar, width: 4 }, 50)).toEqual({ done: 2, tick: false });
  });

  it("progress written after the label, rounded, and the label alone when never counted", () => {
    expect(progressLabel("FPX", 45)).toBe("FPX 45 %");
    expect(progressLabel("FPX", 33.4)).toBe("FPX 33 %");
    expect(progressLabel("", 100)).toBe("100 %");
    expect(progressLabel("FPX", 0)).toBe("FPX");
    expect(progressLabel("FPX", null)).toBe("FPX");
  });

  it("a padlock at the right end inside a wide bar, after a narrow one, centred on the bar's height", () => {
    expect(lockMark(bar)).toEqual({ x: 100 + 200 - LOCK_WIDTH - 3, y: 24, inside: true });
    expect(lockMark({ ...bar, width: 12 })).toEqual({ x: 115, y: 24, inside: false });
  });
});
