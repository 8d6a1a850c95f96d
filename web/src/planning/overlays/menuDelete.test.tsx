import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router-dom";
import { parseDay } from "@jalon/engine";
import { toWire } from "@jalon/shared/planning";
import { mockApi, Providers } from "../../test/render";
import { PlanningView } from "../PlanningView";
import { smallPlanning } from "../testData";

// Issue 22: the context menu's Supprimer asks first, in the keyboard's confirmation dialog, and the dialog gives
// the focus back to the row the menu was opened from. jsdom has no 2D canvas: the Konva stages are left out (the grid's rows are there).
vi.mock("../GanttCanvas", () => ({ GanttCanvas: () => null }));
vi.mock("../TimeHeader", () => ({ TimeHeader: () => null, HEADER_HEIGHT: 44 }));
/** The planning's view with the small planning; the bulk delete answers `deleteAnswer`. */
async function openPlanning(deleteAnswer: () => unknown) {
  const data = smallPlanning();
  data.graph.locked = data.graph.locked.map(() => 0);
  const deletes: unknown[] = [];
  mockApi({
    "GET /api/planning/data": () => toWire(data),
    "DELETE /api/event/bulk-delete": ({ body }: { body: unknown }) => {
      deletes.push(body);
      return deleteAnswer();
    },
  });
  const notify = vi.fn();
  render(
    <Providers>
      <MemoryRouter>
        <PlanningView projectId={7} versionId={11} today={parseDay("2026-02-02")} notify={notify} />
      </MemoryRouter>
    </Providers>,
  );
  const row = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('[data-testid="grid-row"][data-event-id="3"]');
    expect(el).not.toBeNull();
    return el!;
  });
  return { row, deletes, notify };
}

/** A right click on the row (which focuses it, as a browser does), then the menu's Supprimer. */
async function chooseDelete(row: HTMLElement) {
  row.focus();
  fireEvent.contextMenu(row);
  const menu = await screen.findByTestId("planning-context-menu");
  await userEvent.click(within(menu).getByRole("menuitem", { name: "Supprimer" }));
  return screen.findByRole("dialog", { name: "Supprimer « Dallage » ?" });
}

describe("the context menu's Supprimer", () => {
  it("asks first: Annuler keeps the task and gives the focus back to the row; the confirm deletes it", async () => {
    const { row, deletes, notify } = await openPlanning(() => ({ ids: [3], count: 1 }));
    let dialog = await chooseDelete(row);
    expect(screen.queryByTestId("planning-context-menu")).toBeNull();
    expect(deletes).toEqual([]);
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
    await userEvent.click(within(dialog).getByRole("button", { name: "Annuler" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(deletes).toEqual([]);
    await waitFor(() => expect(row).toHaveFocus());

    dialog = await chooseDelete(row);
    await userEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(deletes).toEqual([{ ids: [3], projectId: 7, versionId: 11 }]));
    await waitFor(() => expect(notify).toHaveBeenCalledWith("success", "Tâche supprimée."));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("says the catalogue's refusal once confirmed", async () => {
    const { row, deletes, notify } = await openPlanning(() => ({
      status: 400,
      body: { code: "ImplementationError", message: "Référencé" },
    }));
    const dialog = await chooseDelete(row);
    await userEvent.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() =>
      expect(notify).toHaveBeenCalledWith(
        "error",
        "Certains éléments sont référencés par d'autres et ne peuvent pas être supprimés.",
      ),
    );
    expect(deletes).toHaveLength(1);
    await waitFor(() => expect(row).toHaveFocus());
  });
});
