import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { abbreviateLeft, PATH_SEPARATOR, zonePathTexts, zonePaths } from "../src/gantt/index.js";
import { frenchKey } from "../src/frenchOrder.js";

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
  it("zonePathTexts gives each zone its path joined, and its French key, as zonePaths does (cycles, orphans, repeats)", () => {
    const zone = fc.record({
      id: fc.integer({ min: 1, max: 12 }),
      name: fc.constantFrom("Bâtiment A", "R+0", "Étage", "lgt", "Zone É"),
      parentId: fc.option(fc.integer({ min: 1, max: 14 }), { nil: null }),
    });
    fc.assert(
      fc.property(fc.array(zone, { maxLength: 16 }), (zones) => {
        const { labels, keys } = zonePathTexts(zones, frenchKey, frenchKey(PATH_SEPARATOR));
        const paths = zonePaths(zones);
        expect(new Map(labels)).toEqual(new Map([...paths].map(([id, names]) => [id, names.join(PATH_SEPARATOR)])));
        for (const [id, label] of labels) expect(keys?.get(id)).toBe(frenchKey(label));
      }),
      { numRuns: 500 },
    );
    expect(zonePathTexts(zones).labels.get(3)).toBe("Bâtiment A / R+0 / Logements nord");
    expect(zonePathTexts(zones).keys).toBeNull();
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
