import { describe, expect, it } from "vitest";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { EventTemplate, EventTemplatePro, SequenceTemplate, SequenceTemplatePro } from "@jalon/shared";
import { ApiError } from "../../api/http";
import { i18n } from "../../i18n";
import { renderRoutes, makeProject, mockApi, selectProject, signIn, users } from "../../test/render";
import { routes } from "../../app/routeTable";
import { navigationTree, visibleTree, type NavNode } from "../../app/navigation";
import {
  NEW_EVENT_TEMPLATE,
  PARENT_REFUSAL,
  eventTemplateBody,
  eventTemplateValid,
  sameFirstAndLast,
  sequenceTemplateBody,
  sequenceTemplateValid,
  templateErrorMessage,
  type EventTemplateDraft,
  type SequenceTemplateDraft,
} from "./templateForm";

// The template screens on their real paths (the route table's screens), project 7 / version 11 selected.
function renderTemplates(path: string, user = users.admin) {
  signIn(user);
  selectProject(makeProject({ id: 7, currentVersionId: 11 }));
  const paths = [
    "/dashboard/events-library",
    "/dashboard/event-library/:eventTemplateProId/:sequenceTemplateProId",
    "/dashboard/events-pro",
    "/dashboard/event-pro/:eventTemplateId/:sequenceTemplateId",
    "/dashboard/sequences-library",
    "/dashboard/sequence-library/:id",
    "/dashboard/sequences-pro",
    "/dashboard/sequence-pro/:id",
  ];
  return renderRoutes(
    [
      ...paths.map((p) => {
        const Screen = routes.find((r) => r.path === p)!.screen!;
        return { path: p, element: <Screen /> };
      }),
      { path: "/dashboard/projects", element: <div>projets</div> },
    ],
    path,
  );
}

const listOf = <T,>(data: T[], total = data.length) => ({ data, count: data.length, total });

function libraryEvent(overrides: Partial<EventTemplate> = {}): EventTemplate {
  return {
    id: 31,
    name: "Cloisons",
    trigram: "CLO",
    numberOfDays: 5,
    numberOfPeople: 2,
    rate: null,
    typology: [],
    comments: null,
    prerequisitesDelay: 0,
    finishesDelay: 0,
    prerequisitesDocumentName: null,
    finishesDocumentName: null,
    sequenceTemplateId: 3,
    parentSequenceTemplate: { id: 3, name: "Second œuvre" },
    parentsET: [],
    childrenET: [],
    createdAt: null,
    updatedAt: null,
    participantGroupId: null,
    participantGroup: null,
    ...overrides,
  };
}

function proEvent(overrides: Partial<EventTemplatePro> = {}): EventTemplatePro {
  const { participantGroupId: _g, participantGroup: _p, ...common } = libraryEvent();
  return {
    ...common,
    projectId: 7,
    trackingId: 900,
    eventTemplateId: null,
    participantGroupProId: null,
    participantGroupPro: null,
    macroTaskId: null,
    macroTask: null,
    specialityId: null,
    speciality: null,
    participantId: null,
    participant: null,
    instances: 0,
    tags: [],
    ...overrides,
  };
}

function librarySequence(overrides: Partial<SequenceTemplate> = {}): SequenceTemplate {
  return {
    id: 3,
    name: "Second œuvre",
    category: "Logements",
    color: "#1E88E5",
    duration: 12,
    numberOfDays: 12,
    isGeneric: false,
    typology: ["Logements"],
    firstEventTemplateId: null,
    lastEventTemplateId: null,
    firstEventTemplate: null,
    lastEventTemplate: null,
    createdAt: null,
    updatedAt: null,
    eventsTemplates: [],
    projects: 0,
    ...overrides,
  };
}

function proSequence(overrides: Partial<SequenceTemplatePro> = {}): SequenceTemplatePro {
  const { projects: _p, eventsTemplates: _e, ...common } = librarySequence();
  return {
    ...common,
    projectId: 7,
    trackingId: 800,
    isImported: true,
    sequenceTemplateId: 3,
    synchronizableStatus: "ok",
    eventsTemplates: [],
    instantiated: 0,
    tags: [],
    ...overrides,
  };
}

const draft = (overrides: Partial<EventTemplateDraft> = {}): EventTemplateDraft => ({
  ...NEW_EVENT_TEMPLATE,
  name: "Peinture",
  ...overrides,
});

describe("task template form rules (spec 001 section 5)", () => {
  it("creation: trigram upper case, numbers only when numeric, delays as integers defaulting to 0", () => {
    expect(
      eventTemplateBody(
        null,
        draft({
          trigram: "pei",
          numberOfDays: "abc",
          numberOfPeople: "2,5",
          prerequisitesDelay: "",
          finishesDelay: "3 j",
          parents: [{ id: 4, name: "Enduit", type: "begin-begin", delay: "2.7" }],
        }),
      ),
    ).toEqual({
      name: "Peinture",
      trigram: "PEI",
      numberOfPeople: 2.5,
      prerequisitesDelay: 0,
      finishesDelay: 3,
      parentsET: [{ id: 4, type: "begin-begin", delay: 2 }],
    });
    expect(eventTemplateBody(null, draft({ numberOfDays: "4", numberOfPeople: "" }))).toMatchObject({
      numberOfDays: 4,
    });
    expect(eventTemplateBody(null, draft({ numberOfPeople: "" }))).not.toHaveProperty("numberOfPeople");
    expect(
      eventTemplateBody(null, draft({ parents: [{ id: 4, name: "E", type: "end-begin", delay: "x" }] })),
    ).toMatchObject({ parentsET: [{ id: 4, type: "end-begin", delay: 0 }] });
  });

  it("update: only the changed fields; a non-numeric number is not sent; a name is required", () => {
    const original = draft({ trigram: "PEI", numberOfDays: "3", numberOfPeople: "1" });
    expect(eventTemplateBody(original, original)).toEqual({});
    expect(eventTemplateValid(original, original)).toBe(false);
    expect(eventTemplateBody(original, { ...original, trigram: "pein" })).toEqual({ trigram: "PEIN" });
    expect(eventTemplateBody(original, { ...original, numberOfDays: "deux" })).toEqual({});
    expect(eventTemplateBody(original, { ...original, numberOfDays: "6", comments: " Deux couches " })).toEqual({
      numberOfDays: 6,
      comments: "Deux couches",
    });
    expect(eventTemplateBody(original, { ...original, trigram: "" })).toEqual({ trigram: null });
    expect(
      eventTemplateBody(original, { ...original, parents: [{ id: 9, name: "Enduit", type: "end-end", delay: "-1" }] }),
    ).toEqual({ parentsET: [{ id: 9, type: "end-end", delay: -1 }] });
    expect(eventTemplateValid(original, { ...original, name: " " })).toBe(false);
    expect(eventTemplateValid(null, draft({ name: "" }))).toBe(false);
  });

  it("maps the server's parent refusal to errors.parent_task_assignation", () => {
    const text = i18n.t("errors.parent_task_assignation");
    expect(templateErrorMessage(new ApiError(400, "default", PARENT_REFUSAL))).toBe(text);
    expect(templateErrorMessage(new ApiError(400, "parent_task_assignation", "x"))).toBe(text);
    expect(templateErrorMessage(new ApiError(409, "event_template_in_use", "x"))).toBe(
      "Ce modèle de tâche est utilisé et ne peut pas être supprimé.",
    );
    expect(templateErrorMessage(new Error("boom"))).toBe(i18n.t("errors.default"));
  });

  it("sequence template: changed fields only, first and last tasks must differ", () => {
    const original: SequenceTemplateDraft = {
      name: "Second œuvre",
      category: "",
      color: "#1e88e5",
      typology: ["Logements"],
      firstEventTemplateId: 1,
      lastEventTemplateId: 3,
      tagIds: [],
    };
    expect(sequenceTemplateBody(original, { ...original, color: "#1E88E5" })).toEqual({});
    expect(sequenceTemplateBody(original, { ...original, category: " Lots ", typology: [] })).toEqual({
      category: "Lots",
      typology: [],
    });
    const same = { ...original, lastEventTemplateId: 1 };
    expect(sameFirstAndLast(same)).toBe(true);
    expect(sequenceTemplateValid(original, same)).toBe(false);
    expect(sequenceTemplateValid(original, { ...original, lastEventTemplateId: null })).toBe(true);
  });
});

describe("navigation", () => {
  const paths = (nodes: NavNode[]): string[] =>
    nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...paths(n.children ?? [])]);
  it("admins reach the libraries, managers only the project's templates", () => {
    const admin = paths(visibleTree(navigationTree, "admin", true));
    expect(admin).toEqual(expect.arrayContaining(["/dashboard/events-library", "/dashboard/sequences-library"]));
    const manager = paths(visibleTree(navigationTree, "manager", false));
    expect(manager).not.toContain("/dashboard/events-library");
    expect(manager).toEqual(expect.arrayContaining(["/dashboard/events-pro", "/dashboard/sequences-pro"]));
    for (const p of ["/dashboard/events-library", "/dashboard/events-pro", "/dashboard/sequences-pro"])
      expect(routes.find((r) => r.path === p)?.screen).toBeDefined();
  });
});

describe("/dashboard/events-library", () => {
  it("asks 10 rows first, then the chosen page size, and searches by name", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/event-template": listOf([libraryEvent()], 31),
      "GET /api/sequence-template": listOf([librarySequence()]),
    });
    renderTemplates("/dashboard/events-library");
    const table = await screen.findByRole("table", { name: "Modèles de tâches de la bibliothèque" });
    await waitFor(() => expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Cloisons"));
    expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Second œuvre");
    const first = calls.find((c) => c.path === "/api/event-template")!;
    expect(first.query.get("limit")).toBe("10");
    expect(first.query.get("offset")).toBe("0");
    expect(first.query.get("sort")).toBe("name,ASC");
    expect(screen.getByText("1–10 sur 31")).toBeInTheDocument();

    await user.selectOptions(screen.getByRole("combobox", { name: "Lignes par page" }), "25");
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === "/api/event-template")
          .at(-1)!
          .query.get("limit"),
      ).toBe("25"),
    );
    await user.click(screen.getByRole("button", { name: "Page suivante" }));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === "/api/event-template")
          .at(-1)!
          .query.get("offset"),
      ).toBe("25"),
    );
    await user.type(screen.getByRole("searchbox", { name: "Rechercher un modèle de tâche" }), "clo");
    // A new search starts again from the first page.
    await waitFor(() => {
      const last = calls.filter((c) => c.path === "/api/event-template").at(-1)!;
      expect(last.query.getAll("filter")).toContain("name||contL||clo");
      expect(last.query.get("offset")).toBe("0");
    });
  });

  it("shows the catalogue's refusal when a task template in use cannot be deleted", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/event-template": listOf([libraryEvent()]),
      "GET /api/sequence-template": listOf([]),
      "DELETE /api/event-template/bulk-delete": {
        status: 409,
        body: {
          code: "event_template_in_use",
          message: "Ce modèle de tâche est utilisé et ne peut pas être supprimé.",
        },
      },
    });
    renderTemplates("/dashboard/events-library");
    await user.click(await screen.findByRole("checkbox", { name: "Sélectionner Cloisons" }));
    await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    expect(await screen.findByText("Ce modèle de tâche est utilisé et ne peut pas être supprimé.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "DELETE")!.body).toEqual({ ids: [31] });
  });

  it("imports an .xlsx as base64 and shows import_format when the server cannot read it", async () => {
    const { calls } = mockApi({
      "GET /api/event-template": listOf([]),
      "GET /api/sequence-template": listOf([]),
      "POST /api/event-template/importManyXLSX": {
        status: 400,
        body: { code: "errors.import_format", message: "Le format du fichier importé est incorrect." },
      },
    });
    renderTemplates("/dashboard/events-library");
    await screen.findByText("Aucun modèle de tâche.");
    fireEvent.change(screen.getByTestId("import-file"), {
      target: { files: [new File([new Uint8Array([0x50, 0x4b, 0x03, 0x04])], "taches.xlsx")] },
    });
    expect(await screen.findByText("Le format du fichier importé est incorrect.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ data: "UEsDBA==" });
  });
});

describe("/dashboard/events-pro", () => {
  it("lists the project's copies and imports library templates into the project", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/event-template-pro": listOf([proEvent({ participantGroupPro: { id: 5, name: "Plâtrerie" } })]),
      "GET /api/sequence-template-pro": listOf([proSequence()]),
      "GET /api/event-template": listOf([libraryEvent({ id: 41, name: "Peinture" })]),
      "POST /api/event-template/import/7": { status: 201, body: listOf([proEvent({ id: 42, name: "Peinture" })]) },
    });
    renderTemplates("/dashboard/events-pro", users.manager);
    const table = await screen.findByRole("table", { name: "Modèles de tâches du projet" });
    await waitFor(() => expect(within(table).getAllByRole("row")[1]).toHaveTextContent("Plâtrerie"));
    expect(calls.find((c) => c.path === "/api/event-template-pro")!.query.getAll("filter")).toContain(
      "projectId||$eq||7",
    );
    const open = screen.getByRole("button", { name: "Importer depuis la bibliothèque" });
    await user.click(open);
    const dialog = await screen.findByRole("dialog");
    await user.click(await within(dialog).findByRole("checkbox", { name: "Peinture (Second œuvre)" }));
    await user.click(within(dialog).getByRole("button", { name: "Importer" }));
    expect(await screen.findByText("1 modèle de tâche importé.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ eventTemplateIds: [41] });
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
  });
});

describe("/dashboard/event-pro/{id}/{sequenceTemplateId}", () => {
  it("shows and sends the trigram upper case, only the changed fields", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/event-template-pro/31": proEvent(),
      "GET /api/sequence-template-pro/3": proSequence({ eventsTemplates: [proEvent()] }),
      "GET /api/participant-group-pro": listOf([]),
      "PATCH /api/event-template-pro/31": (c: { body: unknown }) =>
        proEvent({ trigram: (c.body as { trigram: string }).trigram }),
    });
    renderTemplates("/dashboard/event-pro/31/3", users.manager);
    const trigram = await screen.findByRole("textbox", { name: /Trigramme/ });
    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    await user.clear(trigram);
    await user.type(trigram, "cls");
    expect(trigram).toHaveValue("CLS");
    await user.click(save);
    expect(await screen.findByText("Modèle de tâche mis à jour.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ trigram: "CLS", projectId: 7 });
  });

  it("ticks the version's tags and sends their ids (project copies only)", async () => {
    const user = userEvent.setup();
    const tag = { id: 71, name: "Lot technique", color: null, projectId: 7, versionId: 11, type: null };
    const { calls } = mockApi({
      "GET /api/event-template-pro/31": proEvent(),
      "GET /api/sequence-template-pro/3": proSequence({ eventsTemplates: [proEvent()] }),
      "GET /api/participant-group-pro": listOf([]),
      "GET /api/tag": listOf([{ ...tag, categoryId: null, category: null }]),
      "PATCH /api/event-template-pro/31": proEvent({ tags: [{ id: 71, name: "Lot technique", color: null }] }),
    });
    renderTemplates("/dashboard/event-pro/31/3", users.manager);
    await user.click(await screen.findByRole("checkbox", { name: "Lot technique" }));
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByText("Modèle de tâche mis à jour.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "PATCH")!.body).toEqual({ tagIds: [71], projectId: 7 });
    expect(screen.getByRole("checkbox", { name: "Lot technique" })).toBeChecked();
  });

  it("shows the parent refusal as errors.parent_task_assignation", async () => {
    const user = userEvent.setup();
    const enduit = proEvent({ id: 32, name: "Enduit" });
    mockApi({
      "GET /api/event-template-pro/31": proEvent(),
      "GET /api/sequence-template-pro/3": proSequence({ eventsTemplates: [proEvent(), enduit] }),
      "GET /api/participant-group-pro": listOf([]),
      "PATCH /api/event-template-pro/31": { status: 400, body: { message: PARENT_REFUSAL } },
    });
    renderTemplates("/dashboard/event-pro/31/3", users.manager);
    await user.selectOptions(await screen.findByRole("combobox", { name: "Prédécesseur à ajouter" }), "32");
    await user.click(screen.getByRole("button", { name: "Ajouter un prédécesseur" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Type de lien avec Enduit" }), "begin-begin");
    await user.clear(screen.getByRole("textbox", { name: "Décalage après Enduit" }));
    await user.type(screen.getByRole("textbox", { name: "Décalage après Enduit" }), "2");
    await user.click(screen.getByRole("button", { name: "Enregistrer" }));
    expect(await screen.findByRole("alert")).toHaveTextContent(i18n.t("errors.parent_task_assignation"));
  });
});

describe("/dashboard/sequence-pro/{id}", () => {
  it("synchronises the template's instances of the version and says what changed", async () => {
    const user = userEvent.setup();
    let status: "ok" | "partial" = "partial";
    const { calls } = mockApi({
      "GET /api/sequence-template-pro/3": () => proSequence({ synchronizableStatus: status }),
      "GET /api/participant-group-pro": listOf([]),
      "GET /api/tag": listOf([]),
      "GET /api/zone/11/typologies": { data: ["Logements", "Niveau"] },
      "POST /api/sequence-template-pro/3/synchronize": () => {
        status = "ok";
        // Wrapped: an answer with a `status` field would be read as the fake response's own.
        return { status: 200, body: { status: "ok", reasons: [], added: 4, removed: 0, updated: 2 } };
      },
    });
    renderTemplates("/dashboard/sequence-pro/3", users.manager);
    expect(await screen.findByText("Partielle")).toBeInTheDocument();
    expect(await screen.findByRole("checkbox", { name: "Niveau" })).not.toBeChecked();
    expect(screen.getByRole("checkbox", { name: "Logements" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Synchroniser" }));
    await waitFor(() =>
      expect(calls.map((c) => `${c.method} ${c.path}`)).toContain("POST /api/sequence-template-pro/3/synchronize"),
    );
    expect(
      await screen.findByText("Séquences synchronisées : 4 tâches ajoutées, 0 supprimées, 2 mises à jour."),
    ).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ projectId: 7, versionId: 11 });
    expect(await screen.findByText("À jour")).toBeInTheDocument();
  });
});

describe("/dashboard/sequences-library and /dashboard/sequence-library/{id}", () => {
  it("shows both sequence deletion refusals of the catalogue", async () => {
    const user = userEvent.setup();
    let answer = "sequence_template_referenced";
    mockApi({
      "GET /api/sequence-template": listOf([librarySequence()]),
      "DELETE /api/sequence-template/bulk-delete": () => ({ status: 409, body: { code: answer, message: "x" } }),
    });
    renderTemplates("/dashboard/sequences-library");
    const remove = async () => {
      await user.click(screen.getByRole("button", { name: "Supprimer la sélection" }));
      await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    };
    await user.click(await screen.findByRole("checkbox", { name: "Sélectionner Second œuvre" }));
    await remove();
    expect(
      await screen.findByText("Ce modèle de séquence est référencé et ne peut pas être supprimé."),
    ).toBeInTheDocument();
    answer = "sequence_template_instantiated";
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await remove();
    expect(
      await screen.findByText("Ce modèle de séquence est instancié et ne peut pas être supprimé."),
    ).toBeInTheDocument();
  });

  it("refuses the same first and last task, and adds a task linked to another", async () => {
    const user = userEvent.setup();
    const a = libraryEvent({ id: 1, name: "Cloisons" });
    const b = libraryEvent({
      id: 2,
      name: "Électricité",
      parentsET: [{ id: 1, name: "Cloisons", type: "end-begin", delay: 0 }],
    });
    const { calls } = mockApi({
      "GET /api/sequence-template/3": librarySequence({ eventsTemplates: [a, b] }),
      "GET /api/participant-group": listOf([]),
      "POST /api/event-template": { status: 201, body: libraryEvent({ id: 5, name: "Peinture" }) },
    });
    renderTemplates("/dashboard/sequence-library/3");
    expect(await screen.findByRole("heading", { name: "Modèle de séquence : Second œuvre" })).toBeInTheDocument();
    expect(screen.getByText("Cloisons (Fin → Début, 0 j)")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Première tâche" }), "1");
    await user.selectOptions(screen.getByRole("combobox", { name: "Dernière tâche" }), "1");
    expect(screen.getByText(i18n.t("errors.first_and_last_eventTemplates_are_the_same"))).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeDisabled();

    const add = screen.getByRole("button", { name: "Ajouter une tâche" });
    await user.click(add);
    const dialog = await screen.findByRole("dialog");
    await user.type(within(dialog).getByRole("textbox", { name: /^Nom( \*)?$/ }), "Peinture");
    await user.type(within(dialog).getByRole("textbox", { name: /Trigramme/ }), "pei");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Prédécesseur à ajouter" }), "2");
    await user.click(within(dialog).getByRole("button", { name: "Ajouter un prédécesseur" }));
    await user.click(within(dialog).getByRole("button", { name: "Créer" }));
    expect(await screen.findByText("Modèle de tâche créé.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "Peinture",
      trigram: "PEI",
      numberOfDays: 1,
      numberOfPeople: 1,
      prerequisitesDelay: 0,
      finishesDelay: 0,
      parentsET: [{ id: 2, type: "end-begin", delay: 0 }],
      sequenceTemplateId: 3,
    });
    await waitFor(() => expect(add).toHaveFocus());
  });

  it("copies library task templates into the sequence template", async () => {
    const user = userEvent.setup();
    const own = libraryEvent({ id: 1, name: "Cloisons" });
    const { calls } = mockApi({
      "GET /api/sequence-template/3": librarySequence({ eventsTemplates: [own] }),
      "GET /api/participant-group": listOf([]),
      "GET /api/event-template": listOf([
        own,
        libraryEvent({ id: 41, name: "Faïence", parentSequenceTemplate: { id: 8, name: "Salles de bains" } }),
      ]),
      "POST /api/sequence-template/3/import-event-template": {
        status: 201,
        body: librarySequence({ eventsTemplates: [own, libraryEvent({ id: 42, name: "Faïence" })] }),
      },
    });
    renderTemplates("/dashboard/sequence-library/3");
    const open = await screen.findByRole("button", { name: "Copier des tâches de la bibliothèque" });
    await user.click(open);
    const dialog = await screen.findByRole("dialog", { name: "Copier des modèles de tâche de la bibliothèque" });
    await user.click(await within(dialog).findByRole("checkbox", { name: "Faïence (Salles de bains)" }));
    expect(within(dialog).queryByRole("checkbox", { name: /Cloisons/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Importer" }));
    expect(await screen.findByText("1 tâche copiée dans le modèle.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({ eventTemplateIds: [41] });
    await waitFor(() => expect(open).toHaveFocus());
  });

  it("is read-only for a manager (admins write the library)", async () => {
    mockApi({
      "GET /api/sequence-template/3": librarySequence({ eventsTemplates: [libraryEvent({ id: 1 })] }),
      "GET /api/participant-group": listOf([]),
    });
    renderTemplates("/dashboard/sequence-library/3", users.manager);
    expect(await screen.findByRole("button", { name: "Ajouter une tâche" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Dupliquer" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  });
});

describe("/dashboard/event-library/new/{sequenceTemplateId}", () => {
  it("says when a number is not one, and creates without it", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      "GET /api/sequence-template/3": librarySequence(),
      "GET /api/participant-group": listOf([{ id: 2, name: "Plâtrerie", color: "#FFFFFF", projects: 0 }]),
      "POST /api/event-template": { status: 201, body: libraryEvent({ id: 9, name: "Ragréage" }) },
      "GET /api/event-template/9": libraryEvent({ id: 9, name: "Ragréage" }),
    });
    const router = renderTemplates("/dashboard/event-library/new/3");
    await user.type(await screen.findByRole("textbox", { name: /^Nom( \*)?$/ }), "Ragréage");
    const days = screen.getByRole("textbox", { name: "Nombre de jours" });
    await user.clear(days);
    await user.type(days, "deux");
    expect(screen.getByText("Ce n'est pas un nombre : la valeur ne sera pas enregistrée.")).toBeInTheDocument();
    await user.selectOptions(screen.getByRole("combobox", { name: "Lot" }), "2");
    await user.click(screen.getByRole("checkbox", { name: "Logements" }));
    await user.click(screen.getByRole("button", { name: "Créer" }));
    expect(await screen.findByText("Modèle de tâche créé.")).toBeInTheDocument();
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      name: "Ragréage",
      numberOfPeople: 1,
      typology: ["Logements"],
      participantGroupId: 2,
      prerequisitesDelay: 0,
      finishesDelay: 0,
      sequenceTemplateId: 3,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/event-library/9/3"));
  });
});
