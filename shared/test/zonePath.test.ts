import { describe, expect, it } from "vitest";
import { abbreviateLeft, zonePaths } from "../src/gantt/index.js";

describe("zone paths", () => {
  const zones = [
    { id: 1, name: "Bâtiment A", parentId: null },
    { id: 2, name: "R+0", parentId: 1 },
    { id: 3, name: "Logements nord", parentId: 2 },
    { id: 4, name: "Orpheline", parentId: 99 },
  ];
  it("names every zone by its full path from the top zone", () => {
    const p = zonePaths(zones);
    expect(p.get(3)).toEqual(["Bâtiment A", "R+0", "Logements nord"]);
    expect(p.get(1)).toEqual(["Bâtiment A"]);
    expect(p.get(4)).toEqual(["Orpheline"]);
  });
  it("ends a path at a cycle instead of looping", () => {
    const p = zonePaths([
      { id: 1, name: "A", parentId: 2 },
      { id: 2, name: "B", parentId: 1 },
    ]);
    expect(p.get(1)).toEqual(["B", "A"]);
  });
  it("abbreviates from the left when narrow, always keeping the zone's own name", () => {
    const measure = (s: string) => s.length;
    const names = ["Bâtiment A", "R+0", "Logements nord"];
    expect(abbreviateLeft(names, 100, measure)).toBe("Bâtiment A / R+0 / Logements nord");
    expect(abbreviateLeft(names, 25, measure)).toBe("… / R+0 / Logements nord");
    expect(abbreviateLeft(names, 18, measure)).toBe("… / Logements nord");
    expect(abbreviateLeft(names, 5, measure)).toBe("… / Logements nord");
  });
});
