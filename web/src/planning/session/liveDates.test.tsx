import { describe, expect, it } from "vitest";
import { act, render } from "@testing-library/react";
import { memo } from "react";
import { createStore } from "zustand/vanilla";
import { committedLive, LiveDates, mergeLive, onPreview, useLiveNow } from "./liveDates";
import type { DayMap, SessionState } from "./PlanningSession";

const storeWith = (preview: DayMap | null) => createStore<SessionState>(() => ({ preview }) as unknown as SessionState);

describe("live dates (a drag's preview over the committed moves)", () => {
  it("merges the preview over the moves, the preview winning, without touching either", () => {
    const moved = new Map([
      [1, [10, 12] as const],
      [2, [20, 21] as const],
    ]);
    const preview = new Map([[2, [23, 24] as const]]);
    const merged = mergeLive(moved, preview);
    expect([...merged]).toEqual([
      [1, [10, 12]],
      [2, [23, 24]],
    ]);
    expect(moved.get(2)).toEqual([20, 21]);
    expect(mergeLive(moved, null)).toBe(moved);
    expect(mergeLive(new Map(), preview)).toBe(preview);
  });

  it("reads the store's preview of the moment, merged once per preview", () => {
    const store = storeWith(null);
    const live = new LiveDates(store, new Map([[1, [10, 12] as const]]));
    expect(live.get(1)).toEqual([10, 12]);
    expect(live.has(5)).toBe(false);
    store.setState({ preview: new Map([[5, [30, 31] as const]]) });
    expect(live.get(5)).toEqual([30, 31]);
    expect(live.size).toBe(2);
    expect(live.now()).toBe(live.now());
    expect([...live.keys()].sort()).toEqual([1, 5]);
    store.setState({ preview: null });
    expect(live.get(5)).toBeUndefined();
    expect(live.size).toBe(1);
  });

  it("re-renders the part that draws the dates on a preview, not its parent", () => {
    const store = storeWith(null);
    const live = new LiveDates(store, new Map());
    const renders = { parent: 0, child: 0 };
    const Child = memo(function Child({ dates }: { dates: DayMap }) {
      renders.child++;
      const now = useLiveNow(dates);
      return <span data-testid="day">{now.get(7)?.[0] ?? "none"}</span>;
    });
    function Parent() {
      renders.parent++;
      return <Child dates={live} />;
    }
    const view = render(<Parent />);
    expect(view.getByTestId("day").textContent).toBe("none");
    act(() => store.setState({ preview: new Map([[7, [40, 41] as const]]) }));
    expect(view.getByTestId("day").textContent).toBe("40");
    act(() => store.setState({ preview: null }));
    expect(view.getByTestId("day").textContent).toBe("none");
    expect(renders).toEqual({ parent: 1, child: 3 });
  });

  it("draws a plain map as it is", () => {
    function Show({ dates }: { dates: DayMap }) {
      return <span data-testid="day">{useLiveNow(dates).get(3)?.[1]}</span>;
    }
    const view = render(<Show dates={new Map([[3, [1, 9] as const]])} />);
    expect(view.getByTestId("day").textContent).toBe("9");
  });

  it("tells the canvas of each new preview only, and gives the grid the committed dates", () => {
    const store = storeWith(null);
    const moved = new Map([[1, [10, 12] as const]]);
    const live = new LiveDates(store, moved);
    let redraws = 0;
    const stop = onPreview(live, () => redraws++);
    store.setState({ preview: new Map([[1, [11, 13] as const]]) });
    store.setState({ selectedLink: null } as Partial<SessionState>);
    store.setState({ preview: null });
    stop();
    store.setState({ preview: new Map() });
    expect(redraws).toBe(2);
    expect(committedLive(live)).toBe(moved);
    expect(onPreview(moved, () => redraws++)).toBeTypeOf("function");
  });
});
