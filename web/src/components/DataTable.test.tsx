import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { fireEvent, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Providers } from "../app/App";
import { useToasts } from "../store/toasts";
import { DataTable, type DataTableColumn, type TableQuery } from "./DataTable";

interface Row {
  id: number;
  name: string;
  position: number;
}

const rows: Row[] = Array.from({ length: 60 }, (_, i) => ({
  id: i + 1,
  name: `Zone ${String(60 - i).padStart(2, "0")}`,
  position: i,
}));
const columns: DataTableColumn<Row>[] = [
  { id: "name", header: "Nom" },
  { id: "position", header: "Position" },
];

function bodyRows() {
  const [, body] = screen.getAllByRole("rowgroup");
  return within(body).getAllByRole("row");
}

describe("DataTable", () => {
  it("starts on page 0 with 25 rows sorted by name ascending, pages with the arrows and shows the range", async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <DataTable columns={columns} rows={rows} getRowId={(r) => r.id} ariaLabel="Zones" />
      </Providers>,
    );
    expect(bodyRows()).toHaveLength(25);
    expect(bodyRows()[0]).toHaveTextContent("Zone 01");
    expect(screen.getByText("1–25 sur 60")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Page précédente" })).toBeDisabled();
    await user.click(screen.getByRole("button", { name: "Page suivante" }));
    expect(screen.getByText("26–50 sur 60")).toBeInTheDocument();
    expect(bodyRows()[0]).toHaveTextContent("Zone 26");
    await user.click(screen.getByRole("button", { name: "Dernière page" }));
    expect(screen.getByText("51–60 sur 60")).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByRole("button", { name: "Page suivante" })).toBeDisabled();
  });

  it("offers 25, 50, 100 and 250 rows per page and goes back to page 0 on change", async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <DataTable columns={columns} rows={rows} getRowId={(r) => r.id} ariaLabel="Zones" />
      </Providers>,
    );
    await user.click(screen.getByRole("button", { name: "Page suivante" }));
    const select = screen.getByRole("combobox", { name: "Lignes par page" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["25", "50", "100", "250"]);
    await user.selectOptions(select, "100");
    expect(bodyRows()).toHaveLength(60);
    expect(screen.getByText("1–60 sur 60")).toBeInTheDocument();
  });

  it("sorts a column on click, descending on a second click", async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <DataTable columns={columns} rows={rows} getRowId={(r) => r.id} ariaLabel="Zones" />
      </Providers>,
    );
    await user.click(screen.getByRole("columnheader", { name: /Nom/ }));
    expect(bodyRows()[0]).toHaveTextContent("Zone 60");
    await user.click(screen.getByRole("columnheader", { name: /Position/ }));
    expect(bodyRows()[0]).toHaveTextContent("Zone 60"); // position 0
    await user.click(screen.getByRole("columnheader", { name: /Position/ }));
    expect(bodyRows()[0]).toHaveTextContent("Zone 01"); // position 59
  });

  it("asks the server for each page and sort in server mode and shows its total", async () => {
    const user = userEvent.setup();
    const changes: TableQuery[] = [];
    function Server() {
      const [q, setQ] = useState<TableQuery | null>(null);
      const page = q?.page ?? 0;
      return (
        <DataTable
          columns={columns}
          rows={rows.slice(page * 25, page * 25 + 25)}
          getRowId={(r) => r.id}
          ariaLabel="Zones"
          serverSide
          total={312}
          onQueryChange={(next) => {
            changes.push(next);
            setQ(next);
          }}
        />
      );
    }
    render(
      <Providers>
        <Server />
      </Providers>,
    );
    expect(screen.getByText("1–25 sur 312")).toBeInTheDocument();
    // Server rows are shown in the order received, not re-sorted.
    expect(bodyRows()[0]).toHaveTextContent("Zone 60");
    await user.click(screen.getByRole("button", { name: "Page suivante" }));
    expect(changes.at(-1)).toEqual({ page: 1, pageSize: 25, sort: { field: "name", direction: "ASC" } });
    expect(screen.getByText("26–50 sur 312")).toBeInTheDocument();
    await user.click(screen.getByRole("columnheader", { name: /Position/ }));
    expect(changes.at(-1)).toEqual({ page: 0, pageSize: 25, sort: { field: "position", direction: "ASC" } });
  });

  it("hides columns from the menu but always keeps one shown", async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <DataTable columns={columns} rows={rows} getRowId={(r) => r.id} ariaLabel="Zones" />
      </Providers>,
    );
    await user.click(screen.getByRole("button", { name: "Colonnes" }));
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Position" }));
    expect(screen.queryByRole("columnheader", { name: /Position/ })).not.toBeInTheDocument();
    expect(screen.getByRole("menuitemcheckbox", { name: "Nom" })).toHaveAttribute("aria-disabled", "true");
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Nom" }));
    expect(screen.getByRole("columnheader", { name: /Nom/ })).toBeInTheDocument();
  });

  it("selects rows and hands the ids to bulk delete", async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(
      <Providers>
        <DataTable
          columns={columns}
          rows={rows.slice(0, 3)}
          getRowId={(r) => r.id}
          ariaLabel="Zones"
          selectable
          onDeleteSelected={onDelete}
        />
      </Providers>,
    );
    expect(screen.queryByRole("button", { name: "Supprimer la sélection" })).not.toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Sélectionner Zone 59" }));
    expect(screen.getByText("1 ligne sélectionnée")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    expect(onDelete).toHaveBeenCalledWith([2]);
    await user.click(screen.getByRole("checkbox", { name: "Tout sélectionner" }));
    expect(screen.getByText("3 lignes sélectionnées")).toBeInTheDocument();
    await user.click(screen.getByRole("checkbox", { name: "Tout sélectionner" }));
    expect(screen.queryByText(/sélectionnée/)).not.toBeInTheDocument();
  });

  it("reports a row dropped on another one", () => {
    const onReorder = vi.fn();
    render(
      <Providers>
        <DataTable
          columns={columns}
          rows={rows.slice(0, 3)}
          getRowId={(r) => r.id}
          ariaLabel="Zones"
          onReorder={onReorder}
          defaultSort={{ field: "position", direction: "ASC" }}
        />
      </Providers>,
    );
    const [first, , third] = bodyRows();
    const dataTransfer = { setData: vi.fn(), effectAllowed: "" };
    fireEvent.dragStart(first, { dataTransfer });
    fireEvent.dragOver(third, { dataTransfer });
    fireEvent.drop(third, { dataTransfer });
    expect(onReorder).toHaveBeenCalledWith(1, 3);
  });

  it("gives each table of a page its own rows-per-page label (no duplicate id)", async () => {
    const user = userEvent.setup();
    const { container } = render(
      <Providers>
        <DataTable columns={columns} rows={rows} getRowId={(r) => r.id} ariaLabel="Lots" />
        <DataTable columns={columns} rows={rows} getRowId={(r) => r.id} ariaLabel="Participants" />
      </Providers>,
    );
    const ids = [...container.querySelectorAll("[id]")].map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    const selects = screen.getAllByRole("combobox", { name: "Lignes par page" });
    expect(selects).toHaveLength(2);
    await user.selectOptions(selects[1], "50");
    expect(within(screen.getByRole("table", { name: "Participants" })).getAllByRole("row")).toHaveLength(51);
    expect(within(screen.getByRole("table", { name: "Lots" })).getAllByRole("row")).toHaveLength(26);
  });

  it("sorts names the French way (É with E, before Z) and leaves a non-sortable column alone", async () => {
    const user = userEvent.setup();
    const trades: Row[] = [
      { id: 1, name: "Zinguerie", position: 0 },
      { id: 2, name: "Électricité", position: 1 },
      { id: 3, name: "Etanchéité", position: 2 },
      { id: 4, name: "Charpente", position: 3 },
    ];
    const cols: DataTableColumn<Row>[] = [
      { id: "name", header: "Nom" },
      { id: "position", header: "Position", sortable: false },
    ];
    render(
      <Providers>
        <DataTable columns={cols} rows={trades} getRowId={(r) => r.id} ariaLabel="Lots" />
      </Providers>,
    );
    expect(bodyRows().map((r) => r.textContent)).toEqual(["Charpente3", "Électricité1", "Etanchéité2", "Zinguerie0"]);
    await user.click(screen.getByRole("columnheader", { name: /Position/ }));
    expect(bodyRows()[0]).toHaveTextContent("Charpente");
    expect(screen.getByRole("columnheader", { name: /Position/ })).not.toHaveAttribute("aria-sort");
  });

  it("offers the list's export beside the columns menu and shows a failure as an error toast", async () => {
    const user = userEvent.setup();
    const run = vi.fn().mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error("boom"));
    render(
      <Providers>
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(r) => r.id}
          ariaLabel="Zones"
          exportFile={{ run, subject: "zone" }}
        />
      </Providers>,
    );
    const button = screen.getByRole("button", { name: "Exporter (.xlsx)" });
    await user.click(button);
    expect(run).toHaveBeenCalledTimes(1);
    expect(useToasts.getState().items.filter((i) => i.intent === "error")).toHaveLength(0);
    await user.click(button);
    expect(run).toHaveBeenCalledTimes(2);
    expect(useToasts.getState().items.find((i) => i.intent === "error")).toMatchObject({
      message: "L'export a échoué.",
      subject: "zone",
    });
  });

  it("shows no export button without an export, and names it as the list asks", () => {
    const { unmount } = render(
      <Providers>
        <DataTable columns={columns} rows={rows} getRowId={(r) => r.id} ariaLabel="Zones" />
      </Providers>,
    );
    expect(screen.queryByRole("button", { name: /Exporter/ })).not.toBeInTheDocument();
    unmount();
    render(
      <Providers>
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(r) => r.id}
          ariaLabel="Zones"
          exportFile={{ label: "Exporter les zones", run: vi.fn() }}
        />
      </Providers>,
    );
    expect(screen.getByRole("button", { name: "Exporter les zones" })).toBeInTheDocument();
  });

  it("labels the select-all checkbox as the list asks and right-aligns an 'end' column", () => {
    const cols: DataTableColumn<Row>[] = [
      { id: "name", header: "Nom" },
      { id: "position", header: "Position", align: "end" },
    ];
    render(
      <Providers>
        <DataTable
          columns={cols}
          rows={rows.slice(0, 2)}
          getRowId={(r) => r.id}
          ariaLabel="Zones"
          selectable
          selectAllLabel="Sélectionner toutes les zones de la page"
        />
      </Providers>,
    );
    expect(screen.getByRole("checkbox", { name: "Sélectionner toutes les zones de la page" })).toBeInTheDocument();
    expect(screen.getByRole("columnheader", { name: /Position/ })).toHaveStyle({ textAlign: "right" });
    expect(within(bodyRows()[0]).getAllByRole("cell").at(-1)).toHaveStyle({ textAlign: "right" });
  });

  it("keeps its rows and shows a small spinner in the bar while it reloads", () => {
    render(
      <Providers>
        <DataTable columns={columns} rows={rows} getRowId={(r) => r.id} ariaLabel="Zones" loading />
      </Providers>,
    );
    expect(bodyRows()).toHaveLength(25);
    expect(screen.getByLabelText("Chargement…")).toBeInTheDocument();
  });

  it("draws no placeholder row: the empty text and the first load's spinner stand under the header", () => {
    const { rerender } = render(
      <Providers>
        <DataTable columns={columns} rows={[]} getRowId={(r: Row) => r.id} ariaLabel="Zones" loading />
      </Providers>,
    );
    expect(screen.getAllByRole("row")).toHaveLength(1);
    expect(screen.getByLabelText("Chargement…")).toBeInTheDocument();
    rerender(
      <Providers>
        <DataTable columns={columns} rows={[]} getRowId={(r: Row) => r.id} ariaLabel="Zones" emptyText="Aucune zone." />
      </Providers>,
    );
    expect(screen.getAllByRole("row")).toHaveLength(1);
    expect(screen.getByText("Aucune zone.")).toBeInTheDocument();
  });
});

describe("DataTable: export, fixed page size and row labels", () => {
  async function savedCsv(click: () => Promise<void>): Promise<{ name: string; bom: number[]; text: string }> {
    let blob: Blob | null = null;
    const create = vi.spyOn(URL, "createObjectURL").mockImplementation((b) => {
      blob = b as Blob;
      return "blob:csv";
    });
    const revoke = vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    let name = "";
    const anchorClick = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      name = this.download;
    });
    try {
      await click();
      expect(blob).not.toBeNull();
      const bytes = new Uint8Array(await (blob as unknown as Blob).arrayBuffer());
      return { name, bom: [...bytes.slice(0, 3)], text: new TextDecoder().decode(bytes) };
    } finally {
      create.mockRestore();
      revoke.mockRestore();
      anchorClick.mockRestore();
    }
  }

  it("exports every filtered row in the shown order and the shown columns, leaving action columns out", async () => {
    const user = userEvent.setup();
    const cols: DataTableColumn<Row & { done: boolean }>[] = [
      { id: "name", header: "Nom", render: (r) => <strong>{r.name}</strong> },
      { id: "position", header: "Position" },
      { id: "done", header: "Fait" },
      { id: "note", header: "Note", render: (r) => `a "b"; ${r.id}` },
      { id: "actions", header: "Actions", render: () => <button>x</button>, exportValue: false },
    ];
    const data = rows.map((r) => ({ ...r, done: r.id % 2 === 0 }));
    render(
      <Providers>
        <DataTable
          columns={cols}
          rows={data}
          getRowId={(r) => r.id}
          ariaLabel="Zones"
          csvExport={{ fileName: "Zones" }}
        />
      </Providers>,
    );
    await user.click(screen.getByRole("button", { name: "Colonnes" }));
    await user.click(screen.getByRole("menuitemcheckbox", { name: "Position" }));
    await user.keyboard("{Escape}");
    await user.click(screen.getByRole("columnheader", { name: /Nom/ }));
    const { name, bom, text } = await savedCsv(() =>
      user.click(screen.getByRole("button", { name: "Exporter (.csv)" })),
    );
    expect(name).toBe("Zones.csv");
    expect(bom).toEqual([0xef, 0xbb, 0xbf]); // the byte-order mark Excel reads the accents by
    const lines = text.trimEnd().split("\r\n");
    expect(lines).toHaveLength(61); // every page, not only the 25 rows shown
    expect(lines[0]).toBe("Nom;Fait;Note");
    // Sorted as shown (name descending after the click), the quote doubled and the cell quoted.
    expect(lines[1]).toBe('Zone 60;Non;"a ""b""; 1"');
    expect(lines[2]).toBe('Zone 59;Oui;"a ""b""; 2"');
  });

  it("fixes the page at a single size without a rows-per-page select and names its rows", async () => {
    const user = userEvent.setup();
    render(
      <Providers>
        <DataTable
          columns={columns}
          rows={rows}
          getRowId={(r) => r.id}
          ariaLabel="Versions"
          pageSizes={[15]}
          rowLabel={(r) => r.name}
        />
      </Providers>,
    );
    expect(bodyRows()).toHaveLength(15);
    expect(screen.queryByRole("combobox", { name: "Lignes par page" })).not.toBeInTheDocument();
    expect(screen.getByText("1–15 sur 60")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Page suivante" }));
    expect(screen.getByText("16–30 sur 60")).toBeInTheDocument();
    expect(screen.getByRole("row", { name: "Zone 16" })).toBeInTheDocument();
  });
});
