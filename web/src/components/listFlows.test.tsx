import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Field, Input } from "@fluentui/react-components";
import { Providers } from "../app/App";
import { ApiError } from "../api/http";
import { useToasts } from "../store/toasts";
import { useDraftDialog } from "../lib/useDraftDialog";
import { useSelectionDelete } from "../lib/useSelectionDelete";
import { ConfirmDelete } from "./ConfirmDelete";
import { CreateDialog } from "./CreateDialog";
import { EditForm } from "./EditForm";
import { DataTable } from "./DataTable";

interface Row {
  id: number;
  name: string;
}
const rows: Row[] = [
  { id: 1, name: "Bâtiment A" },
  { id: 2, name: "Bâtiment B" },
  { id: 3, name: "Bâtiment C" },
];

function DeleteList({ remove, onError }: { remove: (ids: number[]) => Promise<void>; onError?: string }) {
  const deletion = useSelectionDelete(remove, onError);
  return (
    <>
      <DataTable
        columns={[{ id: "name", header: "Nom" }]}
        rows={rows}
        getRowId={(r) => r.id}
        ariaLabel="Zones"
        {...deletion.tableProps}
        onDeleteSelected={deletion.askFor}
      />
      <ConfirmDelete flow={deletion} title="Supprimer les zones">
        {`${deletion.pending.length} zone(s) supprimée(s).`}
      </ConfirmDelete>
    </>
  );
}

describe("useSelectionDelete and ConfirmDelete", () => {
  it("asks before deleting the ticked rows, deletes them and clears the selection", async () => {
    const user = userEvent.setup();
    const remove = vi.fn().mockResolvedValue(undefined);
    render(
      <Providers>
        <DeleteList remove={remove} />
      </Providers>,
    );
    await user.click(screen.getByRole("checkbox", { name: "Sélectionner Bâtiment A" }));
    await user.click(screen.getByRole("checkbox", { name: "Sélectionner Bâtiment C" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer les zones" });
    expect(dialog).toHaveTextContent("2 zone(s) supprimée(s).");
    // Annuler deletes nothing and keeps the selection.
    await user.click(within(dialog).getByRole("button", { name: "Annuler" }));
    expect(remove).not.toHaveBeenCalled();
    expect(screen.getByText("2 lignes sélectionnées")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(remove).toHaveBeenCalledWith([1, 3]);
    expect(screen.queryByText(/sélectionnée/)).not.toBeInTheDocument();
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps the selection and shows the catalogue's refusal as a warning of the list's subject", async () => {
    const user = userEvent.setup();
    const remove = vi.fn().mockRejectedValue(new ApiError(400, "zone_used_by_events", "refusé"));
    render(
      <Providers>
        <DeleteList remove={remove} onError="zone" />
      </Providers>,
    );
    await user.click(screen.getByRole("checkbox", { name: "Sélectionner Bâtiment B" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(remove).toHaveBeenCalledWith([2]);
    expect(useToasts.getState().items.at(-1)).toMatchObject({ intent: "warning", subject: "zone" });
    expect(screen.getByText("1 ligne sélectionnée")).toBeInTheDocument();
  });
});

function CreateZone({ save }: { save: (draft: { name: string }) => Promise<void> }) {
  const creation = useDraftDialog(save, "zone");
  return (
    <>
      <button onClick={() => creation.open({ name: "" })}>Nouvelle zone</button>
      <CreateDialog flow={creation} title="Créer une zone" incomplete={(d) => d.name.trim() === ""}>
        {(draft, setDraft) => (
          <Field label="Nom">
            <Input value={draft.name} onChange={(_, d) => setDraft({ ...draft, name: d.value })} />
          </Field>
        )}
      </CreateDialog>
    </>
  );
}

describe("useDraftDialog and CreateDialog", () => {
  it("creates from a draft, Créer being off while the draft is incomplete", async () => {
    const user = userEvent.setup();
    const save = vi.fn().mockResolvedValue(undefined);
    render(
      <Providers>
        <CreateZone save={save} />
      </Providers>,
    );
    await user.click(screen.getByRole("button", { name: "Nouvelle zone" }));
    const dialog = await screen.findByRole("dialog", { name: "Créer une zone" });
    const create = within(dialog).getByRole("button", { name: "Créer" });
    expect(create).toBeDisabled();
    await user.type(within(dialog).getByLabelText("Nom"), "Niveau R+1");
    await user.click(create);
    expect(save).toHaveBeenCalledWith({ name: "Niveau R+1" });
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("keeps the dialog and its draft open on a refusal, shown as a warning", async () => {
    const user = userEvent.setup();
    const save = vi.fn().mockRejectedValue(new ApiError(409, "name_taken", "refusé"));
    render(
      <Providers>
        <CreateZone save={save} />
      </Providers>,
    );
    await user.click(screen.getByRole("button", { name: "Nouvelle zone" }));
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByLabelText("Nom"), "Niveau R+1");
    await user.click(within(dialog).getByRole("button", { name: "Créer" }));
    expect(useToasts.getState().items.at(-1)).toMatchObject({ intent: "warning", subject: "zone" });
    expect(within(screen.getByRole("dialog")).getByLabelText("Nom")).toHaveValue("Niveau R+1");
  });
});

describe("EditForm", () => {
  function Form({ onSave }: { onSave: () => Promise<void> }) {
    const [name, setName] = useState("Zone A");
    return (
      <EditForm canSave={name.trim() !== "" && name !== "Zone A"} onSave={onSave} subject="zone">
        <Field label="Nom">
          <Input value={name} onChange={(_, d) => setName(d.value)} />
        </Field>
      </EditForm>
    );
  }

  it("saves only once something valid changed, from the button or Enter, and shows a refusal as a warning", async () => {
    const user = userEvent.setup();
    const onSave = vi
      .fn()
      .mockResolvedValueOnce(undefined)
      .mockRejectedValueOnce(new ApiError(400, "cant_change_unity_zone_with_events", "refusé"));
    render(
      <Providers>
        <Form onSave={onSave} />
      </Providers>,
    );
    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.type(screen.getByLabelText("Nom"), "{Enter}");
    expect(onSave).not.toHaveBeenCalled();
    await user.type(screen.getByLabelText("Nom"), " bis");
    await user.click(save);
    expect(onSave).toHaveBeenCalledTimes(1);
    await user.type(screen.getByLabelText("Nom"), "{Enter}");
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(useToasts.getState().items.at(-1)).toMatchObject({ intent: "warning", subject: "zone" });
    expect(save).toBeEnabled();
  });
});
