import { describe, expect, it } from "vitest";
import { parseDay } from "@jalon/engine";
import { i18n } from "../../i18n";
import { groupRowLabel, taskRowLabel } from "./rowLabels";

// Issue 22: a treegrid row has a concise name of its own, not its cells' texts run together.
describe("the grid rows' accessible names", () => {
  const t = i18n.t.bind(i18n) as (key: string, options?: Record<string, unknown>) => string;
  const day = (iso: string) => parseDay(iso);

  it("names a task by its name, its dates dd/MM/yyyy and its lot", () => {
    const task = { name: "Dallage", milestone: false, start: day("2026-02-09"), end: day("2026-02-10") };
    expect(taskRowLabel(t, { ...task, lotName: "Gros œuvre" })).toBe(
      "Dallage, du 09/02/2026 au 10/02/2026, lot Gros œuvre",
    );
    expect(taskRowLabel(t, { ...task, lotName: "" })).toBe("Dallage, du 09/02/2026 au 10/02/2026, sans lot");
  });

  it("names a milestone by its one day, and says the markers its name cell shows", () => {
    const start = day("2026-03-02");
    expect(taskRowLabel(t, { name: "Hors d'eau", milestone: true, start, end: start, lotName: "" })).toBe(
      "Hors d'eau, jalon le 02/03/2026, sans lot",
    );
    const marked = taskRowLabel(t, {
      name: "Cloisons",
      milestone: false,
      start,
      end: start,
      lotName: "Plâtrerie",
      qualityLate: true,
      roadblock: true,
      lateCounting: true,
    });
    expect(marked).toBe(
      [
        "Cloisons, du 02/03/2026 au 02/03/2026, lot Plâtrerie",
        t("quality.planning.marker"),
        t("roadblocks.planning.marker"),
        t("planning.recalibration.lateMark"),
      ].join(", "),
    );
  });

  it("names a group by its title (a zone's whole path) and its count of tasks, folded or not", () => {
    expect(groupRowLabel(t, { label: "Bâtiment A / R+1", tasks: 12, folded: false })).toBe(
      "Bâtiment A / R+1, 12 tâches",
    );
    expect(groupRowLabel(t, { label: "Extérieurs", tasks: 1, folded: false })).toBe("Extérieurs, 1 tâche");
    expect(groupRowLabel(t, { label: "Extérieurs", tasks: 3, folded: true })).toBe("Extérieurs, 3 tâches regroupées");
  });
});
