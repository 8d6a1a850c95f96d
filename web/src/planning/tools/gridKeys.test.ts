import { describe, expect, it } from "vitest";
import { gridKey } from "./gridKeys";

describe("grid keys", () => {
  it("Enter opens the event unless the planning is read-only", () => {
    expect(gridKey({ key: "Enter", altKey: false }, { canOpen: true })).toEqual({ type: "open" });
    expect(gridKey({ key: "Enter", altKey: false }, { canOpen: false })).toBeNull();
  });

  it("Alt+Up/Down moves the row; the arrows alone are the browser's", () => {
    expect(gridKey({ key: "ArrowUp", altKey: true }, { canOpen: true })).toEqual({ type: "moveRow", dir: -1 });
    expect(gridKey({ key: "ArrowDown", altKey: true }, { canOpen: false })).toEqual({ type: "moveRow", dir: 1 });
    expect(gridKey({ key: "ArrowDown", altKey: false }, { canOpen: true })).toBeNull();
    expect(gridKey({ key: "a", altKey: true }, { canOpen: true })).toBeNull();
  });
});
