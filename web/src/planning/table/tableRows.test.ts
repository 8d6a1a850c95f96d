import { beforeAll, describe, expect, it } from "vitest";
import { parseDay } from "@jalon/engine";
import { i18n, initI18n } from "../../i18n";
import { fr } from "../../i18n/fr";
import { buildModel, datesOf } from "../model";
import { smallPlanning } from "../testData";
import { holidaysIn, linkText, tableRows, type TableSources } from "./tableRows";

beforeAll(() => initI18n(fr));

function rowsOf(grouping: "zone" | "none", sources: Partial<TableSources> = {}, aggregated?: Set<number>) {
  const data = smallPlanning();
  // 1 -> 2 with a delay of 2 days, begin-begin; 2 -> 3 end-end with one day ahead.
  data.graph.linkType = [1, 2, 0];
  data.graph.linkDelay = [2, -1, 0];
  const model = buildModel(data, datesOf(data), { grouping, aggregated }, new Set([1, 2]));
  return tableRows(i18n.t, model, {
    zoneNames: new Map([[31, "Bâtiment A / R+1"]]),
    lotNames: new Map([
      [41, "Gros œuvre"],
      [42, "Cloisons"],
    ]),
    critical: new Set([1, 3]),
    datesOf: () => undefined,
    ...sources,
  });
}

describe("the planning's table view rows", () => {
  it("names each link with its type and delay in French, both ways", () => {
    const rows = rowsOf("none");
    const byId = new Map(rows.map((r) => [r.id, r]));
    expect(byId.get(1)!.successors).toEqual(["Fondations (Début → Début, décalage +2 jours)"]);
    expect(byId.get(2)!.predecessors).toEqual(["Terrassement (Début → Début, décalage +2 jours)"]);
    expect(byId.get(2)!.successors).toEqual(["Dallage (Fin → Fin, décalage −1 jour)"]);
    expect(byId.get(4)!.predecessors).toEqual(["Dallage (Fin → Début)"]);
    expect(byId.get(5)!.predecessors).toEqual([]);
    expect(linkText(i18n.t, "Peinture", 3, 0)).toBe("Peinture (Début → Fin)");
  });

  it("gives dates as dd/MM/yyyy, the duration in working days (0 for a milestone), zone path and lot", () => {
    const rows = rowsOf("none");
    const first = rows.find((r) => r.id === 1)!;
    expect(first).toMatchObject({ start: "02/02/2026", end: "04/02/2026", days: 3 });
    expect(first).toMatchObject({ zone: "Bâtiment A / R+1", lot: "Gros œuvre", progress: 0 });
    expect(rows.filter((r) => r.locked).map((r) => r.id)).toEqual([2]);
    expect(rows.find((r) => r.id === 4)).toMatchObject({ milestone: true, days: 0, start: "11/02/2026" });
    // A drag's preview is what the table shows.
    const moved = rowsOf("none", {
      datesOf: (id) => (id === 1 ? [parseDay("2026-02-09"), parseDay("2026-02-11")] : undefined),
    });
    expect(moved.find((r) => r.id === 1)).toMatchObject({ start: "09/02/2026", end: "11/02/2026" });
  });

  it("flags the critical tasks from the critical path it is given, none while it is unknown", () => {
    const rows = rowsOf("none");
    expect(rows.filter((r) => r.critical).map((r) => r.id)).toEqual([1, 3]);
    expect(rowsOf("none", { critical: undefined }).some((r) => r.critical)).toBe(false);
  });

  it("lists every task in the chart's row order, an aggregated group's members in its place", () => {
    const plain = rowsOf("zone").map((r) => r.id);
    expect(plain).toHaveLength(5);
    expect(
      rowsOf("zone", {}, new Set([31]))
        .map((r) => r.id)
        .sort(),
    ).toEqual([...plain].sort());
  });

  it("keeps the holidays of the period only, in order", () => {
    const d = parseDay;
    const days = [d("2026-05-01"), d("2026-01-01"), d("2026-05-08"), d("2027-01-01")];
    expect(holidaysIn(days, d("2026-01-02"), d("2026-12-31"))).toEqual(["01/05/2026", "08/05/2026"]);
  });
});
