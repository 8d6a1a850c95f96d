import { afterEach, describe, expect, it } from "vitest";
import { fireEvent, render, screen } from "@testing-library/react";
import { usePlanningStore } from "../planningStore";
import { DEFAULT_COLUMN_WIDTHS } from "./columnWidths";
import { GridHeader } from "./GridHeader";

describe("grid header: column widths (issue 20)", () => {
  afterEach(() => usePlanningStore.setState({ columnWidths: DEFAULT_COLUMN_WIDTHS }));

  it("a separator per border, named by its column, moved by the arrow keys (Shift: larger steps)", () => {
    render(<GridHeader />);
    const handles = screen.getAllByRole("separator");
    expect(handles).toHaveLength(4);
    const name = screen.getByRole("separator", { name: "Largeur de la colonne « Nom »" });
    expect(name).toHaveAttribute("aria-valuenow", "172");
    expect(name).toHaveAttribute("aria-orientation", "vertical");
    expect(name).toHaveAttribute("aria-valuemax", String(172 + 80 - 40));
    name.focus();
    fireEvent.keyDown(name, { key: "ArrowRight" });
    expect(usePlanningStore.getState().columnWidths).toEqual([180, 72, 72, 72, 44]);
    expect(name).toHaveAttribute("aria-valuenow", "180");
    fireEvent.keyDown(name, { key: "ArrowLeft", shiftKey: true });
    expect(usePlanningStore.getState().columnWidths).toEqual([148, 104, 72, 72, 44]);
    // At the lot column's minimum the border stops.
    for (let i = 0; i < 20; i++) fireEvent.keyDown(name, { key: "ArrowRight", shiftKey: true });
    expect(usePlanningStore.getState().columnWidths).toEqual([212, 40, 72, 72, 44]);
  });

  it("a drag on a handle moves its border with the pointer", () => {
    render(<GridHeader />);
    const handle = screen.getByTestId("grid-resize-name");
    handle.setPointerCapture = () => undefined;
    fireEvent.pointerDown(handle, { button: 0, clientX: 300, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 330, pointerId: 1 });
    expect(usePlanningStore.getState().columnWidths).toEqual([202, 50, 72, 72, 44]);
    fireEvent.pointerMove(handle, { clientX: 320, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 320, pointerId: 1 });
    expect(usePlanningStore.getState().columnWidths).toEqual([192, 60, 72, 72, 44]);
    // Released: the pointer's moves no longer resize.
    fireEvent.pointerMove(handle, { clientX: 400, pointerId: 1 });
    expect(usePlanningStore.getState().columnWidths).toEqual([192, 60, 72, 72, 44]);
  });
});
