import { describe, expect, it } from "vitest";
import { createTimeScale, ROUTE_LENGTH, type GanttRow } from "@jalon/shared/gantt";
import { parseDay } from "@jalon/engine";
import { eventGeometry } from "../model";
import { linkDisplay, linkShown, MANY_LINKS } from "./linkFilter";
import { badgeOf, BADGE_GAP, placeBadge } from "./drawCompareBadges";
import { geometryInto } from "./linkRouting";
import { referenceIndex } from "../compare/reference";

describe("link filter", () => {
  it("draws every link up to the threshold, then only the selection's and critical ones", () => {
    expect(linkDisplay(MANY_LINKS, false)).toBe("all");
    expect(linkDisplay(MANY_LINKS + 1, false)).toBe("selection");
    expect(linkDisplay(5000, true)).toBe("all");
    const sel = new Set([7]);
    expect(linkShown("selection", 7, 9, sel, false)).toBe(true);
    expect(linkShown("selection", 3, 7, sel, false)).toBe(true);
    expect(linkShown("selection", 3, 4, sel, false)).toBe(false);
    expect(linkShown("selection", 3, 4, sel, true)).toBe(true);
    expect(linkShown("all", 3, 4, sel, false)).toBe(true);
  });
});

describe("compare badges", () => {
  const base = (startDelta: number, endDelta: number) => ({ startDay: 0, endDay: 0, startDelta, endDelta });
  it("says the shift against the reference, and nothing for an unmoved task", () => {
    expect(badgeOf(base(3, 5), "Nouvelle")).toEqual({ text: "Δ +3 / +5", tone: "later" });
    expect(badgeOf(base(-2, -1), "Nouvelle")).toEqual({ text: "Δ −2 / −1", tone: "earlier" });
    expect(badgeOf(base(0, 0), "Nouvelle")).toBeNull();
    expect(badgeOf(null, "Nouvelle")).toEqual({ text: "Nouvelle", tone: "new" });
    expect(badgeOf(undefined, "Nouvelle")).toBeNull();
  });
  it("sits right of the bar's end, and not at all when wholly off screen", () => {
    expect(placeBadge(100, 40, 0, 500)).toEqual({ x: 100 + BADGE_GAP, width: 48 });
    expect(placeBadge(600, 40, 0, 500)).toBeNull();
    expect(placeBadge(-100, 40, 0, 500)).toBeNull();
    // Partly on screen at the left edge: drawn (its end shows).
    expect(placeBadge(-30, 40, 0, 500)).not.toBeNull();
  });
  it("measures against the referent version when compared, else the first chosen", () => {
    const versions = [
      { versionId: 4, name: "V4", color: "#000" },
      { versionId: 2, name: "V2", color: "#000" },
    ];
    expect(referenceIndex(versions, 2)).toBe(1);
    expect(referenceIndex(versions, 9)).toBe(0);
    expect(referenceIndex(versions, null)).toBe(0);
  });
});

describe("link routing geometry", () => {
  it("gives the bars' and milestones' boxes as eventGeometry does, into a reused box", () => {
    const scale = createTimeScale("month", 75, parseDay("2026-01-01"), parseDay("2026-03-31"));
    const row: GanttRow = { key: "e1", kind: "event", label: "", y: 48, height: 28, events: [0], band: 4 };
    const box = { x: 0, y: 0, width: 0, height: 0 };
    const day = parseDay("2026-02-02");
    for (const kind of ["task", "milestone"] as const) {
      const e = { id: 1, kind, name: "", startDay: day, endDay: day + 3, numberOfDays: 4, color: "#fff" };
      expect({ ...geometryInto(box, scale, row, e, day, day + 3) }).toEqual({ ...eventGeometry(scale, row, e) });
    }
    expect(ROUTE_LENGTH).toBe(12);
  });
});

describe("time header labels", () => {
  const measure = (s: string) => s.length * 6;
  const ticksOf = (days: string[], width: number) =>
    days.map((d, i) => ({ day: parseDay(d), x: i * width, width, label: "" }));
  const months = ["2026-08-01", "2026-09-01", "2026-10-01", "2026-11-01"];

  it("has a month's three forms, longest first", async () => {
    const { monthForms } = await import("./headerLabels");
    expect(monthForms(parseDay("2026-09-01"))).toEqual(["septembre 2026", "sept. 2026", "09/26"]);
    expect(monthForms(parseDay("2027-01-01"))).toEqual(["janvier 2027", "janv. 2027", "01/27"]);
  });

  it("drops to shorter labels, then to every other one, as months narrow", async () => {
    const { chooseLabels, labelAt, tickForms } = await import("./headerLabels");
    const pick = (width: number) => {
      const ticks = ticksOf(months, width);
      const forms = ticks.map((t) => tickForms("month", "top", t));
      const choice = chooseLabels(ticks, forms, measure);
      const shown = ticks.map((_, i) => labelAt(ticks, forms, choice, i, measure)?.text ?? null);
      return { choice, shown };
    };
    expect(pick(200).shown).toEqual(["août 2026", "septembre 2026", "octobre 2026", "novembre 2026"]);
    expect(pick(75).shown).toEqual(["août 2026", "sept. 2026", "oct. 2026", "nov. 2026"]);
    expect(pick(45).shown).toEqual(["08/26", "09/26", "10/26", "11/26"]);
    const narrow = pick(20);
    expect(narrow.choice.step).toBe(2);
    expect(narrow.shown).toEqual(["08/26", null, "10/26", null]);
    // No two drawn labels overlap: each fits the room of the ticks it stands for.
    for (const w of [200, 75, 45, 20, 8]) {
      const { shown, choice } = pick(w);
      shown.forEach((s) => {
        if (s) expect(measure(s) + 8).toBeLessThanOrEqual(w * choice.step);
      });
    }
  });

  it("does not let a tick cut by the range's edge choose the form of the whole band", async () => {
    const { chooseLabels, tickForms } = await import("./headerLabels");
    const ticks = ticksOf(months, 200);
    const cut = [{ ...ticks[0], width: 30 }, ...ticks.slice(1)];
    const forms = cut.map((t) => tickForms("month", "top", t));
    expect(chooseLabels(cut, forms, measure)).toEqual({ level: 0, step: 1 });
  });

  it("shortens the year view's months and the week view's days", async () => {
    const { tickForms } = await import("./headerLabels");
    const t = { day: parseDay("2026-09-14"), x: 0, width: 10, label: "" };
    expect(tickForms("year", "bottom", t)).toEqual(["septembre", "sept.", "S"]);
    expect(tickForms("year", "top", t)).toEqual(["2026", "26"]);
    expect(tickForms("week", "bottom", t)).toEqual(["LUN 14", "14"]);
  });
});
