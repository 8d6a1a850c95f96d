import { afterEach, describe, expect, it } from "vitest";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ScheduleImportAnswer } from "@jalon/shared";
import { makeProject, mockApi, renderApp, signIn, users } from "../../test/render";
import { useProject } from "../../store/project";
import { useToasts } from "../../store/toasts";
import { groupWarnings } from "./ImportSummaryDialog";

const BUTTON = "Importer un planning (MS Project, Primavera P6)";
const FILE_LABEL = "Fichier de planning MS Project (.xml) ou Primavera P6 (.xer)";
const emptyList = { data: [], count: 0, total: 0 };
const imported = makeProject({ id: 42, name: "Product #23 Development", currentVersionId: 420 });
const answer: ScheduleImportAnswer = {
  projectId: 42,
  versionId: 420,
  events: 12,
  links: 9,
  warnings: [
    { code: "link_lag_rounded", task: "Pose", detail: "Le décalage de 1,5 jour a été arrondi à 2 jours." },
    { code: "constraint_ignored", task: "Essais", detail: "La contrainte « finir au plus tard le » est ignorée." },
    { code: "link_lag_rounded", task: "Peinture", detail: "Le décalage de 0,5 jour a été arrondi à 1 jour." },
  ],
};
const xml = () => new File(['<Project xmlns="http://schemas.microsoft.com/project"/>'], "New Product.xml");

afterEach(() => useToasts.getState().clear());

async function openProjects(handlers: Record<string, unknown>) {
  signIn(users.manager);
  const api = mockApi({ "GET /api/project": emptyList, ...handlers });
  const rendered = renderApp("/dashboard/projects");
  // The lazy projects screen loads on the first render of the file: a loaded machine takes its time.
  const button = await screen.findByRole("button", { name: BUTTON }, { timeout: 30_000 });
  return { ...api, ...rendered, button };
}

describe("schedule import from the projects list", () => {
  it("sends the file, shows the counts and the warnings by kind, and gives the focus back to the button", async () => {
    const user = userEvent.setup({ applyAccept: false });
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (release = resolve));
    const { calls, button } = await openProjects({
      "POST /api/project/import-schedule": { status: 201, body: answer },
      "GET /api/event": (c: { query: URLSearchParams }) => {
        expect(c.query.getAll("filter")).toEqual(["versionId||$eq||420", "type||$eq||milestone"]);
        release();
        return { data: [], count: 0, total: 3 };
      },
    });
    await user.upload(screen.getByLabelText(FILE_LABEL), xml());
    await answered;
    const dialog = await screen.findByRole("dialog", { name: "Planning importé" });
    const sent = calls.find((c) => c.path === "/api/project/import-schedule")!;
    expect(sent.method).toBe("POST");
    expect((sent.body as FormData).get("file")).toBeInstanceOf(File);
    expect(
      within(dialog).getByText("Le fichier « New Product.xml » est devenu un nouveau projet."),
    ).toBeInTheDocument();
    const counts = within(dialog).getByTestId("schedule-import-counts");
    expect(
      within(counts)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["9 tâches", "3 jalons", "9 liens"]);
    expect(within(dialog).getByText("3 points à vérifier")).toBeInTheDocument();
    const warnings = within(dialog).getByTestId("schedule-import-warnings");
    expect(within(warnings).getByText("Décalages arrondis au jour ouvré (2)")).toBeInTheDocument();
    expect(
      within(warnings).getByText("Contraintes sans équivalent dans Jalon, dates du fichier gardées (1)"),
    ).toBeInTheDocument();
    expect(
      within(warnings).getByText(/Tâche « Pose » : Le décalage de 1,5 jour a été arrondi à 2 jours\./),
    ).toBeInTheDocument();
    // The progress toast is gone once the answer is there.
    expect(useToasts.getState().items.filter((t) => t.message.startsWith("Import du planning"))).toEqual([]);

    await user.keyboard("{Escape}");
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await waitFor(() => expect(button).toHaveFocus());
  }, 60_000);

  it("opens the imported project's planning from the summary", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { router } = await openProjects({
      "POST /api/project/import-schedule": { status: 201, body: { ...answer, warnings: [] } },
      "GET /api/event": { data: [], count: 0, total: 0 },
      "GET /api/project/42": imported,
      "GET /api/version": emptyList,
    });
    await user.upload(screen.getByLabelText(FILE_LABEL), xml());
    const dialog = await screen.findByRole("dialog", { name: "Planning importé" });
    expect(within(dialog).getByText("Tout le contenu du fichier a été repris sans écart.")).toBeInTheDocument();
    expect(within(dialog).getByText("12 tâches")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Ouvrir le planning importé" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/planning"));
    expect(useProject.getState().projectId).toBe(42);
    expect(useProject.getState().versionId).toBe(420);
  });

  it("shows the server's refusal and opens no dialog; refuses other files without sending them", async () => {
    const user = userEvent.setup({ applyAccept: false });
    const { calls } = await openProjects({
      "POST /api/project/import-schedule": {
        status: 400,
        body: { code: "errors.import_format", message: "Ce fichier n'est ni un planning MS Project ni un fichier P6." },
      },
    });
    await user.upload(screen.getByLabelText(FILE_LABEL), new File(["a;b"], "planning.csv"));
    await waitFor(() =>
      expect(useToasts.getState().items.map((t) => t.message)).toContain(
        "Le fichier doit être un planning MS Project (.xml) ou Primavera P6 (.xer).",
      ),
    );
    expect(calls.some((c) => c.path === "/api/project/import-schedule")).toBe(false);

    await user.upload(screen.getByLabelText(FILE_LABEL), new File(["x"], "chantier.xer"));
    await waitFor(() =>
      expect(useToasts.getState().items.map((t) => t.message)).toContain(
        "L'import du planning a échoué : Ce fichier n'est ni un planning MS Project ni un fichier P6.",
      ),
    );
    expect(screen.queryByRole("dialog")).not.toBeInTheDocument();
  });

  it("is not offered to external users", async () => {
    signIn(users.external);
    mockApi({ "GET /api/project": { data: [makeProject()], count: 1, total: 1 } });
    renderApp("/dashboard/projects");
    await screen.findByText("Résidence Les Tilleuls");
    expect(screen.queryByRole("button", { name: BUTTON })).not.toBeInTheDocument();
  });
});

describe("groupWarnings", () => {
  it("groups by code in the contract's order, unknown codes last", () => {
    const groups = groupWarnings([
      { code: "task_unnamed", detail: "a" },
      { code: "unheard_of" as never, detail: "b" },
      { code: "link_summary_dropped", detail: "c" },
      { code: "task_unnamed", detail: "d" },
    ]);
    expect(groups.map(([code, items]) => [code, items.length])).toEqual([
      ["link_summary_dropped", 1],
      ["task_unnamed", 2],
      ["other", 1],
    ]);
  });
});
