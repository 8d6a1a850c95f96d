import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Providers } from "../../app/App";
import { makeProject, mockApi, selectProject, signIn, users } from "../../test/render";
import { UndoButton } from "../../features/projects/UndoButton";

describe("the undo button's history", () => {
  it("lists the version's steps in words, latest first, with the undos, and never ids", async () => {
    signIn(users.manager);
    selectProject(makeProject({ id: 7, currentVersionId: 11, undoRemaining: 2 }));
    mockApi({
      "GET /api/undo/history": {
        data: [
          {
            key: "undone-3",
            action: "update",
            label: { k: "rename", name: "Pose", to: "Pose carrelage" },
            at: "2026-11-27T10:05:00Z",
            undone: true,
            userName: "Camille Martin",
          },
          {
            key: "step-9",
            action: "bulk_move",
            label: { k: "move", count: 12 },
            at: "2026-11-27T10:00:00Z",
            undone: false,
            userName: "Camille Martin",
          },
          {
            key: "step-8",
            action: "update",
            label: { k: "duration", name: "Cloisons R+1", from: 5, to: 8 },
            at: "2026-11-27T09:00:00Z",
            undone: false,
            userName: null,
          },
          {
            key: "step-7",
            action: "recalibration",
            label: null,
            at: "2026-11-27T08:00:00Z",
            undone: false,
            userName: null,
          },
        ],
      },
    });
    render(
      <Providers>
        <UndoButton />
      </Providers>,
    );
    await userEvent.setup().click(screen.getByRole("button", { name: "Historique des actions" }));
    const list = await screen.findByTestId("undo-history");
    const items = within(list).getAllByRole("listitem");
    expect(items.map((li) => li.querySelector("span")?.textContent)).toEqual([
      "Défait : « Pose » renommée « Pose carrelage »",
      "Déplacement de 12 tâches",
      "Durée de « Cloisons R+1 » : 5 → 8 jours",
      "Recalage",
    ]);
    expect(items[1].textContent).toContain("Prochaine action défaite");
    expect(items[1].textContent).toContain("par Camille Martin");
    expect(list.textContent).not.toMatch(/\d+:\d+ ->/);
  });
});
