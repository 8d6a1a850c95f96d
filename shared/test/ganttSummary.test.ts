import { describe, expect, it } from "vitest";
import { sequenceSummaries, type GanttEvent } from "../src/gantt/index.js";

const ev = (id: number, startDay: number, endDay: number, sequenceId: number | null): GanttEvent => ({
  id,
  kind: "task",
  name: `t${id}`,
  startDay,
  endDay,
  numberOfDays: endDay - startDay + 1,
  color: "#FFFFFF",
  sequenceId,
});

describe("sequence summaries in a group row", () => {
  const events = [ev(1, 10, 14, 7), ev(2, 15, 17, 7), ev(3, 5, 6, 8), ev(4, 1, 30, null), ev(5, 18, 21, 7)];
  it("spans each sequence's events among the members, in order of first start, ignoring loose events", () => {
    expect(sequenceSummaries(events, [0, 1, 2, 3, 4])).toEqual([
      { sequenceId: 8, startDay: 5, endDay: 6, count: 1 },
      { sequenceId: 7, startDay: 10, endDay: 21, count: 3 },
    ]);
    // Only the row's members count.
    expect(sequenceSummaries(events, [0, 1])).toEqual([{ sequenceId: 7, startDay: 10, endDay: 17, count: 2 }]);
  });
  it("follows the live days of a drag", () => {
    const live = (id: number) => (id === 5 ? ([25, 28] as const) : undefined);
    expect(sequenceSummaries(events, [0, 1, 4], live)).toEqual([{ sequenceId: 7, startDay: 10, endDay: 28, count: 3 }]);
  });
});
