import { describe, expect, it } from "vitest";
import {
  CycleError,
  InvalidDateError,
  InvalidDurationError,
  InvalidLinkError,
  DuplicateEventError,
  UnknownEventError,
  scheduleDocument,
  type ScheduleDocument,
} from "../src/index.js";

function deepFreeze<T>(o: T): T {
  if (typeof o === "object" && o !== null) {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}

describe("typed errors", () => {
  it("refuses a cycle and names the ids on it, in link order", () => {
    const doc: ScheduleDocument = {
      events: [
        { id: 10, type: "task", numberOfDays: 1, startDate: "2026-02-02" },
        { id: 11, type: "task", numberOfDays: 1 },
        { id: 12, type: "task", numberOfDays: 1 },
        { id: 13, type: "task", numberOfDays: 1 },
        { id: 14, type: "task", numberOfDays: 1 },
      ],
      links: [
        { parentId: 10, childId: 11, type: "end-begin" },
        { parentId: 11, childId: 12, type: "end-begin" },
        { parentId: 12, childId: 13, type: "begin-begin" },
        { parentId: 13, childId: 11, type: "end-end" },
        { parentId: 13, childId: 14, type: "end-begin" },
      ],
    };
    try {
      scheduleDocument(doc);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(CycleError);
      expect((e as CycleError).ids).toEqual([11, 12, 13]);
      expect((e as CycleError).code).toBe("cycle");
    }
  });
  it("refuses a link to itself as a cycle", () => {
    expect(() =>
      scheduleDocument({
        events: [{ id: 1, type: "task", startDate: "2026-02-02" }],
        links: [{ parentId: 1, childId: 1, type: "end-begin" }],
      }),
    ).toThrow(CycleError);
  });
  it("refuses an unknown parent or child", () => {
    expect(() =>
      scheduleDocument({
        events: [{ id: 1, type: "task", startDate: "2026-02-02" }],
        links: [{ parentId: 9, childId: 1, type: "end-begin" }],
      }),
    ).toThrow(UnknownEventError);
    expect(() =>
      scheduleDocument({
        events: [{ id: 1, type: "task", startDate: "2026-02-02" }],
        links: [{ parentId: 1, childId: 9, type: "end-begin" }],
      }),
    ).toThrow(UnknownEventError);
  });
  it("refuses a non-positive or fractional duration of a task", () => {
    for (const numberOfDays of [0, -2, 1.5]) {
      expect(() =>
        scheduleDocument({ events: [{ id: 1, type: "task", numberOfDays, startDate: "2026-02-02" }] }),
      ).toThrow(InvalidDurationError);
    }
  });
  it("refuses an invalid date", () => {
    expect(() => scheduleDocument({ events: [{ id: 1, type: "task", startDate: "2026-02-31" }] })).toThrow(
      InvalidDateError,
    );
    expect(() => scheduleDocument({ calendar: { holidays: ["demain"] }, events: [] })).toThrow("Date invalide");
  });
  it("refuses an unknown link type, a fractional delay and duplicate ids", () => {
    const events = [
      { id: 1, type: "task" as const, startDate: "2026-02-02" },
      { id: 2, type: "task" as const },
    ];
    expect(() =>
      scheduleDocument({ events, links: [{ parentId: 1, childId: 2, type: "start-start" as never }] }),
    ).toThrow(InvalidLinkError);
    expect(() =>
      scheduleDocument({ events, links: [{ parentId: 1, childId: 2, type: "end-begin", delay: 0.5 }] }),
    ).toThrow(InvalidLinkError);
    expect(() => scheduleDocument({ events: [events[0], events[0]] })).toThrow(DuplicateEventError);
  });
  it("never mutates its input", () => {
    const doc = deepFreeze({
      calendar: { holidays: ["2026-05-01"] },
      events: [
        { id: 1, type: "task" as const, numberOfDays: 2, startDate: "2026-04-30" },
        { id: 2, type: "milestone" as const },
      ],
      links: [{ parentId: 1, childId: 2, type: "end-begin" as const, delay: 0 }],
    });
    const copy = JSON.parse(JSON.stringify(doc));
    scheduleDocument(doc);
    expect(doc).toEqual(copy);
  });
});
