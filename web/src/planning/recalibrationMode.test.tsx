import { describe, expect, it } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createTimeScale } from "@jalon/shared/gantt";
import { Providers } from "../app/App";
import type { RecalibrationTask } from "../api/dashboard";
import { useRefresh } from "../store/refresh";
import { mockApi } from "../test/render";
import { drawLateCountingMarkers, LATE_COUNTING_COLOR } from "./layers/drawLateCounting";
import { buildModel, datesOf } from "./model";
import { usePlanningStore } from "./planningStore";
import { RecalibrationPanel } from "./RecalibrationPanel";
import { smallPlanning } from "./testData";
import { useLateTasks } from "./useLateTasks";

const task = (id: number, name: string, progress: number): RecalibrationTask => ({
  id,
  name,
  startDate: "2026-03-02",
  endDate: "2026-03-05",
  numberOfDays: 4,
  numberOfPeople: 2,
  zoneId: null,
  participantGroupProId: null,
  progress,
  lastCountingDate: "2026-03-04",
  theoreticalProgress: 75,
  newStartDate: "2026-03-04",
  newEndDate: "2026-03-09",
});

/** The planning page's wiring: the late tasks of the mode, re-read on each planning refresh. */
function Harness() {
  const refreshKey = useRefresh((s) => s.counters.planning);
  const late = useLateTasks(7, 11, "2026-03-04", true, refreshKey);
  return (
    <RecalibrationPanel
      projectId={7}
      versionId={11}
      date="2026-03-04"
      onDate={() => {}}
      tasks={late.tasks}
      loading={late.loading}
      frozen={false}
      onDone={() => useRefresh.getState().bump("planning")}
    />
  );
}

/** GET answers the late tasks until a POST re-dates some; then the ones left. */
function server() {
  let late = [task(1, "Voiles R+1", 25), task(2, "Dalle R+2", 10)];
  return mockApi({
    "GET /api/project/7/recalibration": () => ({ projectId: 7, versionId: 11, date: "2026-03-04", tasks: late }),
    "POST /api/project/7/recalibration": ({ body }: { body: unknown }) => {
      const ids = (body as { eventIds?: number[] }).eventIds;
      const done = late.filter((x) => !ids || ids.includes(x.id));
      late = late.filter((x) => !done.includes(x));
      return { projectId: 7, versionId: 11, date: "2026-03-04", tasks: done, projectedEndDate: "2026-03-19" };
    },
  });
}

describe("the planning's recalibration mode", () => {
  it("lists the late tasks, re-dates the chosen ones with the dashboard's call and reloads planning and list", async () => {
    const { calls } = server();
    usePlanningStore.setState({ selection: [], focus: null });
    const before = useRefresh.getState().counters.planning;
    render(
      <Providers>
        <Harness />
      </Providers>,
    );
    expect(await screen.findByText("2 tâches comptées en retard à cette date")).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Tâches en retard à recaler" });
    expect(within(list).getByText("Compté 25 % le 04/03/2026 ; théorique 75 %")).toBeInTheDocument();
    expect(within(list).getAllByText("Recalée du 04/03/2026 au 09/03/2026")).toHaveLength(2);
    expect(calls.find((c) => c.method === "GET")?.query.get("date")).toBe("2026-03-04");
    // A click on a task shows it on the planning.
    await userEvent.click(within(list).getByRole("button", { name: /Dalle R\+2/ }));
    expect(usePlanningStore.getState().focus).toMatchObject({ id: 2 });

    await userEvent.click(screen.getByRole("checkbox", { name: "Choisir Dalle R+2" }));
    await userEvent.click(screen.getByRole("button", { name: "Recaler 1 tâche choisie" }));
    const dialog = await screen.findByRole("dialog", { name: "Recaler les tâches en retard" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Recaler" }));
    await waitFor(() => expect(calls.filter((c) => c.method === "POST")).toHaveLength(1));
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ versionId: 11, date: "2026-03-04", eventIds: [1] });
    // The planning reloads (its own live event is not applied by this tab) and so does the list.
    expect(useRefresh.getState().counters.planning).toBe(before + 1);
    expect(await screen.findByText("1 tâche comptée en retard à cette date")).toBeInTheDocument();
    expect(screen.queryByText("Voiles R+1")).not.toBeInTheDocument();
  });

  it("re-dates every late task without naming them", async () => {
    const { calls } = server();
    render(
      <Providers>
        <Harness />
      </Providers>,
    );
    await userEvent.click(await screen.findByRole("button", { name: "Tout recaler (2)" }));
    const dialog = await screen.findByRole("dialog", { name: "Recaler les tâches en retard" });
    expect(dialog).toHaveTextContent("2 tâches vont être redatées");
    await userEvent.click(within(dialog).getByRole("button", { name: "Recaler" }));
    expect(await screen.findByText("Aucune tâche comptée en retard à cette date.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ versionId: 11, date: "2026-03-04" });
  });

  it("frames the late tasks' bars on the canvas, and no other", () => {
    const data = smallPlanning();
    const model = buildModel(data, datesOf(data), { grouping: "none" });
    const scale = createTimeScale("week", 1, model.events[0].startDay - 7, model.events[0].startDay + 120);
    const rects: { x: number; colour: string }[] = [];
    const ctx = {
      strokeStyle: "",
      lineWidth: 1,
      save() {},
      restore() {},
      translate() {},
      setLineDash() {},
      strokeRect(this: { strokeStyle: string }, x: number) {
        rects.push({ x, colour: this.strokeStyle });
      },
    } as unknown as CanvasRenderingContext2D;
    const input = { model, scale, width: 4000, height: 2000, scrollLeft: 0, scrollTop: 0, live: new Map() };
    // 4 is a milestone: never framed.
    expect(drawLateCountingMarkers(ctx, { ...input, late: new Set([1, 4]) })).toBe(1);
    expect(rects).toEqual([{ x: expect.any(Number), colour: LATE_COUNTING_COLOR }]);
    expect(drawLateCountingMarkers(ctx, { ...input, late: new Set() })).toBe(0);
  });
});
