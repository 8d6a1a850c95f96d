import { beforeEach, describe, expect, it, vi } from "vitest";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { Providers } from "../../app/App";
import { ApiError } from "../../api/http";
import { zonesApi } from "../../api/reference";
import { importsApi } from "../../api/referenceMore";
import { i18n } from "../../i18n";
import { useProject } from "../../store/project";
import { makeProject, selectProject } from "../../test/render";
import ImportsPage from "./ImportsPage";

vi.mock("../../api/referenceMore", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/referenceMore")>();
  return { ...actual, importsApi: { structure: vi.fn(), exportStructure: vi.fn() } };
});
vi.mock("../../api/reference", async (importOriginal) => {
  const actual = await importOriginal<typeof import("../../api/reference")>();
  return { ...actual, zonesApi: { import: vi.fn(), export: vi.fn() } };
});

const api = vi.mocked(importsApi);
const zones = vi.mocked(zonesApi);
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

function renderPage() {
  selectProject(makeProject({ id: 7, currentVersionId: 11 }));
  const router = createMemoryRouter([{ path: "/dashboard/imports", element: <ImportsPage /> }], {
    initialEntries: ["/dashboard/imports"],
  });
  render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
}

const region = (name: string) => screen.findByRole("region", { name });

beforeEach(() => vi.clearAllMocks());

describe("/dashboard/imports", () => {
  it("imports a structure file and confirms with confirmation_messages.import_success and the counts", async () => {
    const user = userEvent.setup({ applyAccept: false });
    api.structure.mockResolvedValue({ counts: { tags: 2, phases: 1, macroTasks: 0, holidays: 3 }, undoRemaining: 4 });
    renderPage();
    const card = await region("Structure");
    const file = new File(["x"], "structure.xlsx", { type: XLSX });
    await user.upload(within(card).getByLabelText("Fichier .xlsx"), file);
    await user.click(within(card).getByRole("button", { name: "Importer" }));
    await waitFor(() => expect(api.structure).toHaveBeenCalledWith(7, 11, file));
    expect(
      await screen.findByText(
        "Import réalisé avec succès. 2 étiquette(s), 1 phase(s), 0 macro-tâche(s), 3 jour(s) férié(s) ou congé(s) importés.",
      ),
    ).toBeInTheDocument();
    // The import is one undo step: the header's undo counter shows the server's count.
    expect(useProject.getState().project?.undoRemaining).toBe(4);
  });

  it("refuses a file that is not .xlsx before sending it", async () => {
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const card = await region("Structure");
    await user.upload(
      within(card).getByLabelText("Fichier .xlsx"),
      new File(["a;b"], "structure.csv", { type: "text/csv" }),
    );
    await user.click(within(card).getByRole("button", { name: "Importer" }));
    expect(await screen.findByText("Le fichier doit être au format .xlsx.")).toBeInTheDocument();
    expect(api.structure).not.toHaveBeenCalled();
  });

  it("shows errors.{code} of the server's 400: import_format, import_invalid, the server's message for wrong content", async () => {
    const user = userEvent.setup({ applyAccept: false });
    api.structure
      .mockRejectedValueOnce(new ApiError(400, "import_format", "Le fichier .xlsx ne peut pas être lu."))
      .mockRejectedValueOnce(new ApiError(400, "import_invalid", "Le fichier ne contient aucune ligne à importer."))
      .mockRejectedValueOnce(
        new ApiError(400, "validation", "Feuille « Macro-tâches » : ligne 2, colonne Lot : lot « X » inconnu"),
      )
      .mockRejectedValueOnce(new ApiError(404, "version_not_found", "x"))
      .mockRejectedValueOnce(new ApiError(500, "default", "boom"))
      .mockRejectedValueOnce(new ApiError(413, "payload_too_large_unknown", "trop gros"));
    renderPage();
    const card = await region("Structure");
    const input = within(card).getByLabelText("Fichier .xlsx");
    const importer = within(card).getByRole("button", { name: "Importer" });
    await user.upload(input, new File(["x"], "a.xlsx", { type: XLSX }));
    const shows = async (text: string) => {
      await user.click(importer);
      expect(await screen.findByText(text)).toBeInTheDocument();
      expect(screen.queryByText(/Import réalisé avec succès/)).toBeNull();
    };
    await shows("Le format du fichier importé est incorrect.");
    await shows("Le fichier importé est invalide.");
    await shows("Feuille « Macro-tâches » : ligne 2, colonne Lot : lot « X » inconnu");
    await shows(i18n.t("errors.version_not_found"));
    expect(screen.getAllByText("Le format du fichier importé est incorrect.")).toHaveLength(1);
    await user.click(importer);
    await waitFor(() => expect(screen.getAllByText("Le format du fichier importé est incorrect.")).toHaveLength(2));
    await shows("Le fichier importé est invalide.");
  });

  it("the zone card reads the same codes (the server's 400 import_format is not a generic failure)", async () => {
    const user = userEvent.setup({ applyAccept: false });
    zones.import.mockRejectedValueOnce(new ApiError(400, "import_format", "Le fichier doit être au format .xlsx."));
    renderPage();
    const card = await region("Zones");
    await user.upload(
      within(card).getByLabelText("Fichier .xlsx"),
      new File(["not a workbook"], "zones.xlsx", { type: XLSX }),
    );
    await user.click(within(card).getByRole("button", { name: "Importer" }));
    expect(await screen.findByText("Le format du fichier importé est incorrect.")).toBeInTheDocument();
  });

  it("sends a zone file to POST /zone/import and offers the existing files", async () => {
    const user = userEvent.setup({ applyAccept: false });
    zones.import.mockResolvedValue({ data: [{ id: 1 }, { id: 2 }], count: 2, total: 2 } as never);
    api.exportStructure.mockResolvedValue();
    renderPage();
    const card = await region("Zones");
    const file = new File(["x"], "zones.xlsx", { type: XLSX });
    await user.upload(within(card).getByLabelText("Fichier .xlsx"), file);
    await user.click(within(card).getByRole("button", { name: "Importer" }));
    await waitFor(() => expect(zones.import).toHaveBeenCalledWith(7, 11, file));
    expect(await screen.findByText("Import réalisé avec succès. 2 zones importées.")).toBeInTheDocument();
    const existing = await region("Fichiers existants");
    await user.click(within(existing).getByRole("button", { name: /Structure \(\.xlsx\)/ }));
    expect(api.exportStructure).toHaveBeenCalledWith(7, 11);
  });
});
