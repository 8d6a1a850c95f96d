import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Providers } from "../../app/App";
import { eventsApi } from "../../api/events";
import { LinksTab } from "./LinksTab";
import { emptyEventValues, type EventFormValues, type LinkRow } from "./eventForm";
import { VERSION_ID, pickerPages } from "./testing";

vi.mock("../../api/events", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/events")>();
  return { ...actual, eventsApi: { ...actual.eventsApi, picker: vi.fn() } };
});

const link = (id: number, name: string, delay: string, startDate: string): LinkRow => ({
  id,
  name,
  eventType: "task",
  type: "end-begin",
  delay,
  startDate,
  endDate: startDate,
});

function Harness({ initial, seen }: { initial: EventFormValues; seen: (v: EventFormValues) => void }) {
  const [values, setValues] = useState(initial);
  return (
    <LinksTab
      values={values}
      selfId={1}
      versionId={VERSION_ID}
      onChange={(v) => {
        seen(v);
        setValues(v);
      }}
    />
  );
}

function bodyRowsOf(table: HTMLElement) {
  const [, body] = within(table).getAllByRole("rowgroup");
  return within(body).getAllByRole("row");
}

describe("LinksTab", () => {
  it("lists each side on a table that sorts, edits a row by its event and removes it", async () => {
    const user = userEvent.setup();
    const seen = vi.fn();
    const initial = {
      ...emptyEventValues("task"),
      name: "Cloisons",
      parents: [link(7, "Maçonnerie", "3", "2026-03-02"), link(8, "Coffrage", "0", "2026-02-02")],
    };
    render(
      <Providers>
        <Harness initial={initial} seen={seen} />
      </Providers>,
    );
    const parents = screen.getByRole("table", { name: "Prédécesseurs" });
    // Sorted by name, then by the delay column on click.
    expect(bodyRowsOf(parents).map((r) => within(r).getAllByRole("cell")[0].textContent)).toEqual([
      "Coffrage ",
      "Maçonnerie ",
    ]);
    await user.click(within(parents).getByRole("columnheader", { name: /Décalage/ }));
    await user.click(within(parents).getByRole("columnheader", { name: /Décalage/ }));
    expect(bodyRowsOf(parents)[0]).toHaveTextContent("Maçonnerie");
    await user.selectOptions(within(parents).getByLabelText("Type de lien avec Coffrage"), "Fin → Fin");
    expect(seen.mock.lastCall?.[0].parents).toEqual([initial.parents[0], { ...initial.parents[1], type: "end-end" }]);
    await user.click(within(parents).getByRole("button", { name: "Retirer Maçonnerie" }));
    expect(seen.mock.lastCall?.[0].parents.map((r: LinkRow) => r.id)).toEqual([8]);
    expect(screen.getByRole("region", { name: "Successeurs" })).toHaveTextContent("Aucun successeur.");
    // Both sides export, and keep at least one column.
    expect(screen.getAllByRole("button", { name: "Exporter (.csv)" })).toHaveLength(2);
  });

  it("adds a successor chosen in the picker, the event itself and the linked ones disabled", async () => {
    const user = userEvent.setup();
    vi.mocked(eventsApi.picker).mockImplementation(pickerPages(3));
    const seen = vi.fn();
    render(
      <Providers>
        <Harness
          initial={{ ...emptyEventValues("task"), children: [link(1001, "Tâche 002", "0", "2026-03-02")] }}
          seen={seen}
        />
      </Providers>,
    );
    await user.click(screen.getByRole("button", { name: "Ajouter un successeur" }));
    const dialog = await screen.findByRole("dialog", { name: "Choisir un successeur" });
    expect(await within(dialog).findByRole("button", { name: "Choisir Tâche 002" })).toBeDisabled();
    await user.click(within(dialog).getByRole("button", { name: "Choisir Tâche 003" }));
    expect(seen.mock.lastCall?.[0].children.map((r: LinkRow) => [r.id, r.type, r.delay])).toEqual([
      [1001, "end-begin", "0"],
      [1002, "end-begin", "0"],
    ]);
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });
});
