import { describe, expect, it } from "vitest";
import { compareFrench, frenchKey } from "../src/frenchOrder.js";
import { buildRows, type GanttEvent } from "../src/gantt/index.js";

describe("French order", () => {
  it("folds accents and case, then keeps the raw text as a tie-break", () => {
    expect(frenchKey("Électricité")).toBe("electricite");
    expect(frenchKey("Zinguerie")).toBe("zinguerie");
    const names = ["Zinguerie", "électricité", "Étanchéité", "Eric", "éric", "Bâtiment B", "bâtiment A", "Chapes"];
    expect([...names].sort(compareFrench)).toEqual([
      "bâtiment A",
      "Bâtiment B",
      "Chapes",
      "électricité",
      "Eric",
      "éric",
      "Étanchéité",
      "Zinguerie",
    ]);
  });

  it("orders the Gantt's group headings as the server orders its lists", () => {
    const ev = (id: number, zoneId: number): GanttEvent => ({
      id,
      kind: "task",
      name: `t${id}`,
      startDay: 20600 + id,
      endDay: 20601 + id,
      numberOfDays: 2,
      color: "#FFFFFF",
      zoneId,
    });
    const labels = new Map([
      [1, "Zone Ouest"],
      [2, "Étage 2"],
      [3, "entrée"],
      [4, "Bâtiment A / R+1"],
    ]);
    const rows = buildRows([ev(1, 1), ev(2, 2), ev(3, 3), ev(4, 4), ev(5, 99)], {
      grouping: "zone",
      groupLabels: labels,
    });
    expect(rows.filter((r) => r.kind === "group").map((r) => r.label)).toEqual([
      "99",
      "Bâtiment A / R+1",
      "entrée",
      "Étage 2",
      "Zone Ouest",
    ]);
  });
});
