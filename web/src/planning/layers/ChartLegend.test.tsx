import { describe, expect, it } from "vitest";
import { render, screen } from "@testing-library/react";
import type { GanttEvent } from "@jalon/shared/gantt";
import { Providers } from "../../test/render";
import { barStatesOf, ChartLegend } from "./ChartLegend";

// Issue 22: each bar state drawn on the chart has a mark besides its colour, and the legend names the marks the
// version's bars carry.
const task = (id: number, more: Partial<GanttEvent> = {}): GanttEvent =>
  ({
    id,
    kind: "task",
    name: `T${id}`,
    color: "#FFD54F",
    startDay: 0,
    endDay: 1,
    numberOfDays: 2,
    ...more,
  }) as GanttEvent;

describe("the chart legend's bar states", () => {
  it("finds counted and locked tasks (a milestone's progress is not drawn)", () => {
    expect(barStatesOf([task(1), task(2)])).toEqual({ progress: false, locked: false });
    expect(barStatesOf([task(1, { progress: 40 }), task(2)])).toEqual({ progress: true, locked: false });
    expect(barStatesOf([task(1, { locked: true }), task(2, { kind: "milestone", progress: 50 })])).toEqual({
      progress: false,
      locked: true,
    });
  });

  it("names the progress and padlock marks only when the version has such bars; nothing at all otherwise", () => {
    const { rerender } = render(
      <Providers>
        <ChartLegend showCritical={false} events={[task(1)]} />
      </Providers>,
    );
    expect(screen.queryByTestId("chart-legend")).toBeNull();
    rerender(
      <Providers>
        <ChartLegend showCritical={false} events={[task(1, { progress: 30 }), task(2, { locked: true })]} />
      </Providers>,
    );
    expect(screen.getByTestId("legend-progress").textContent).toBe(
      "Avancement : part réalisée soulignée et fermée d'un trait, pourcentage écrit",
    );
    expect(screen.getByTestId("legend-locked").textContent).toBe("Tâche verrouillée : cadenas");
  });
});
