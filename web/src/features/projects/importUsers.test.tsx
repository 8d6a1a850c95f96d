import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { makeProject, makeUser, mockApi, renderApp, selectProject, signIn, users } from "../../test/render";

const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const emptyList = { data: [], count: 0, total: 0 };

describe("user import from .xlsx (project users tab)", () => {
  it("describes the structure, offers the template, refuses other files, shows a refused row and imports", async () => {
    const project = makeProject();
    const camille = makeUser({
      id: 40,
      firstname: "Camille",
      lastname: "Durand",
      email: "camille.durand@exemple.fr",
      type: "external",
    });
    signIn(users.manager);
    selectProject(project);
    let imports = 0;
    const { calls } = mockApi({
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "GET /api/user": (c: { query: URLSearchParams }) => {
        const members = c.query.getAll("filter").includes("projectId||$eq||7");
        const list = members
          ? imports > 1
            ? [users.manager, camille]
            : [users.manager]
          : [users.manager, users.external];
        return { data: list, count: list.length, total: list.length };
      },
      "PUT /api/project/7/start-student-project": () => {
        imports += 1;
        if (imports === 1)
          return {
            status: 400,
            body: { code: "import_missing_email", message: "Une adresse e-mail est manquante.", details: { row: 3 } },
          };
        return { count: 2, created: 1 };
      },
    });
    renderApp("/dashboard/project/7?tab=users");
    await userEvent.click(await screen.findByRole("button", { name: "Importer des utilisateurs" }));
    const dialog = await screen.findByRole("dialog", { name: "Importer des utilisateurs (.xlsx)" });
    expect(within(dialog).getByText("Prénom (obligatoire)")).toBeInTheDocument();
    expect(within(dialog).getByRole("link", { name: /Télécharger le modèle/ })).toHaveAttribute(
      "href",
      "/api/project/users-import/template",
    );
    const confirm = within(dialog).getByRole("button", { name: "Importer" });
    expect(confirm).toBeDisabled();

    const input = within(dialog).getByLabelText("Fichier à importer");
    fireEvent.change(input, { target: { files: [new File(["a;b"], "equipe.csv", { type: "text/csv" })] } });
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Le fichier doit être au format .xlsx.");
    expect(confirm).toBeDisabled();

    const file = new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], "equipe.xlsx", { type: XLSX });
    fireEvent.change(input, { target: { files: [file] } });
    expect(within(dialog).getByText("equipe.xlsx")).toBeInTheDocument();
    await userEvent.click(confirm);
    expect(await within(dialog).findByRole("alert")).toHaveTextContent("Une adresse e-mail est manquante. (ligne 3)");
    const put = calls.find((c) => c.method === "PUT")!;
    expect(put.body).toBeInstanceOf(FormData);
    expect(((put.body as FormData).get("data") as File).name).toBe("equipe.xlsx");

    await userEvent.click(confirm);
    expect(await screen.findByText("Utilisateur : 2 utilisateurs ajoutés au projet.")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    const table = await screen.findByRole("table", { name: "Utilisateurs du projet" });
    expect(await within(table).findByText("camille.durand@exemple.fr")).toBeInTheDocument();
  });

  it("shows the catalogue message when every user of the file is already in the project", async () => {
    const project = makeProject();
    signIn(users.manager);
    selectProject(project);
    mockApi({
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "GET /api/user": { data: [users.manager], count: 1, total: 1 },
      "PUT /api/project/7/start-student-project": {
        status: 409,
        body: { code: "users_already_assigned", message: "" },
      },
    });
    renderApp("/dashboard/project/7?tab=users");
    await userEvent.click(await screen.findByRole("button", { name: "Importer des utilisateurs" }));
    const dialog = await screen.findByRole("dialog");
    fireEvent.change(within(dialog).getByLabelText("Fichier à importer"), {
      target: { files: [new File(["x"], "equipe.xlsx", { type: XLSX })] },
    });
    await userEvent.click(within(dialog).getByRole("button", { name: "Importer" }));
    expect(await within(dialog).findByRole("alert")).toHaveTextContent(
      "Les utilisateurs renseignés ont déjà été affectés au projet",
    );
  });

  it("is disabled on an archived project", async () => {
    const project = makeProject({ isArchived: true });
    signIn(users.manager);
    selectProject(project);
    mockApi({
      "GET /api/project/7": project,
      "GET /api/version": emptyList,
      "GET /api/user": { data: [users.manager], count: 1, total: 1 },
    });
    renderApp("/dashboard/project/7?tab=users");
    expect(await screen.findByRole("button", { name: "Importer des utilisateurs" })).toBeDisabled();
    // Every text input of the product is limited to 200 characters, the user search included.
    expect(screen.getByRole("combobox", { name: "Ajouter un utilisateur" })).toHaveAttribute("maxlength", "200");
  });
});
