import { describe, expect, it } from "vitest";
import type { LinkType } from "@jalon/shared";
import { networkSchedule, topologicalOrder, type NetworkLink } from "./templateNetwork.js";

const link = (parentId: number, childId: number, type: LinkType = "end-begin", delay = 0): NetworkLink => ({
  parentId,
  childId,
  type,
  delay,
});

describe("networkSchedule", () => {
  it("chains A(5) -> B(3) -> C(4) end-begin: 12 working days", () => {
    const { starts, length } = networkSchedule(
      [
        { id: 1, days: 5 },
        { id: 2, days: 3 },
        { id: 3, days: 4 },
      ],
      [link(1, 2), link(2, 3)],
    );
    expect([...starts.entries()].sort()).toEqual([
      [1, 0],
      [2, 5],
      [3, 8],
    ]);
    expect(length).toBe(12);
  });

  it("follows the four link types and their delays as the engine dates them", () => {
    const tasks = [
      { id: 1, days: 5 },
      { id: 2, days: 3 },
    ];
    const start = (type: "end-begin" | "begin-begin" | "end-end" | "begin-end", delay: number) =>
      networkSchedule(tasks, [{ parentId: 1, childId: 2, type, delay }]).starts.get(2);
    expect(start("end-begin", 2)).toBe(7);
    expect(start("begin-begin", 1)).toBe(1);
    expect(start("end-end", 0)).toBe(2); // ends on day 4 with its parent
    expect(start("begin-end", 0)).toBe(-2); // ends on day 0, when its parent starts
    expect(networkSchedule(tasks, [link(1, 2, "begin-begin", -3)]).length).toBe(5 + 3);
  });

  it("lets a successor start on a milestone's day (a milestone ends when its day begins)", () => {
    const { starts, length } = networkSchedule(
      [
        { id: 1, days: 2 },
        { id: 2, days: 0 },
        { id: 3, days: 1 },
      ],
      [link(1, 2), link(2, 3)],
    );
    expect([starts.get(2), starts.get(3)]).toEqual([2, 2]);
    expect(length).toBe(3);
  });

  it("finds the tasks on a cycle and gives a cyclic network no length", () => {
    expect(topologicalOrder([1, 2, 3, 4], [link(1, 2), link(2, 3), link(3, 2)])).toEqual({ cycle: [2, 3] });
    expect(
      networkSchedule(
        [
          { id: 1, days: 2 },
          { id: 2, days: 2 },
        ],
        [link(1, 2), link(2, 1)],
      ).length,
    ).toBe(0);
  });
});
