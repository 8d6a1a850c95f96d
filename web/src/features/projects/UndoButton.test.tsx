import { describe, expect, it } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Providers } from "../../app/App";
import { useToasts } from "../../store/toasts";
import { makeProject, mockApi, selectProject, signIn, users } from "../../test/render";
import { UndoButton } from "./UndoButton";

function renderButton() {
  signIn(users.manager);
  selectProject(makeProject({ id: 7, currentVersionId: 11, undoRemaining: 1 }));
  render(
    <Providers>
      <UndoButton />
    </Providers>,
  );
}

async function confirmUndo() {
  const user = userEvent.setup();
  await user.click(screen.getByRole("button", { name: "Défaire la dernière action" }));
  await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Défaire l'action" }));
}

describe("UndoButton", () => {
  it("confirms an undo with one toast", async () => {
    mockApi({ "POST /api/undo/apply": { remaining: 0 } });
    renderButton();
    await confirmUndo();
    expect(await screen.findByText(/Action défaite. Il ne reste aucune action à défaire./)).toBeInTheDocument();
    expect(useToasts.getState().items).toHaveLength(1);
  });

  it("says why an undo is refused when the server names a reason (undo_import_in_use)", async () => {
    mockApi({ "POST /api/undo/apply": { status: 409, body: { code: "errors.undo_import_in_use", message: "x" } } });
    renderButton();
    await confirmUndo();
    expect(
      await screen.findByText(/une macro-tâche ou une étiquette de l'import est déjà utilisée/),
    ).toBeInTheDocument();
  });

  it("keeps 'Annulation impossible' for a plain refusal", async () => {
    mockApi({ "POST /api/undo/apply": { status: 409, body: { code: "errors.undo_nothing", message: "x" } } });
    renderButton();
    await confirmUndo();
    expect(await screen.findByText(/Annulation impossible/)).toBeInTheDocument();
  });
});
