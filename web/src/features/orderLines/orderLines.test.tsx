import { describe, expect, it } from "vitest";
import { fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import type { OrderLine, OrderLineImport, OrderLineTask } from "@jalon/shared";
import { Providers } from "../../app/App";
import { routes } from "../../app/routeTable";
import { renderRoutes, makeProject, mockApi, selectProject, signIn, users, type Handler } from "../../test/render";
import { formatAmount, formatQuantity, parseNumber } from "./format";
import { EMPTY_ORDER_LINE, createBody, draftOf, updateBody, validateOrderLine } from "./orderLineForm";
import { importRefusal } from "./importProblems";
import { OrderLinesTab } from "./OrderLinesTab";
import { ApiError } from "../../api/http";

// The order-line screens on their real paths (the route table's screens), project 7 / version 11 selected.
function renderAt(path: string) {
  signIn(users.manager);
  selectProject(makeProject({ id: 7, currentVersionId: 11 }));
  const paths = ["/dashboard/order-lines", "/dashboard/order-line/:id"];
  return renderRoutes(
    paths.map((p) => {
      const Screen = routes.find((r) => r.path === p)!.screen!;
      return { path: p, element: <Screen /> };
    }),
    path,
  );
}

const listOf = <T,>(data: T[], total = data.length) => ({ data, count: data.length, total });
const scope = { projectId: 7, versionId: 11, trackingId: 1 };

function line(overrides: Partial<OrderLine> = {}): OrderLine {
  return {
    ...scope,
    id: 21,
    label: "Cloisons placo BA13",
    type: "labor",
    unit: "m²",
    familyId: 3,
    family: { id: 3, name: "Plâtrerie" },
    macroTaskId: 8,
    macroTask: { id: 8, name: "Cloisons" },
    participantGroupProId: 5,
    participantGroupPro: { id: 5, name: "Lot plâtrerie" },
    price: 42.5,
    quantity: 300,
    currency: "EUR",
    amount: 12750,
    plannedQuantity: 180,
    plannedAmount: 7650,
    tasksCount: 2,
    importId: null,
    createdAt: "2026-11-20T09:00:00.000Z",
    updatedAt: "2026-11-20T09:00:00.000Z",
    ...overrides,
  };
}

function task(overrides: Partial<OrderLineTask> = {}): OrderLineTask {
  return {
    ...scope,
    id: 61,
    orderLineId: 21,
    orderLine: {
      id: 21,
      label: "Cloisons placo BA13",
      type: "labor",
      unit: "m²",
      price: 42.5,
      currency: "EUR",
      familyId: 3,
      family: { id: 3, name: "Plâtrerie" },
      macroTaskId: 8,
      macroTask: { id: 8, name: "Cloisons" },
    },
    eventId: null,
    event: null,
    zoneId: 31,
    zone: { id: 31, name: "Bâtiment A / R+1" },
    specialityId: null,
    speciality: null,
    price: null,
    effectivePrice: 42.5,
    quantity: 100,
    amount: 4250,
    priceSupply: null,
    isOrdered: false,
    startDate: null,
    linkedTo: null,
    createdAt: "2026-11-20T09:00:00.000Z",
    updatedAt: "2026-11-20T09:00:00.000Z",
    ...overrides,
  };
}

function history(overrides: Partial<OrderLineImport> = {}): OrderLineImport {
  return {
    id: 4,
    projectId: 7,
    versionId: 11,
    fileName: "commandes-novembre.xlsx",
    fileSize: 1_234_567,
    createdAt: "2026-11-24T10:15:00.000Z",
    url: "/api/order-line/import/4/file",
    linesCount: 12,
    createdBy: null,
    ...overrides,
  };
}

const references = {
  "GET /api/macro-task": listOf([{ id: 8, name: "Cloisons" }]),
  "GET /api/participant-group-pro": listOf([{ id: 5, name: "Lot plâtrerie" }]),
  "GET /api/family": listOf([{ id: 3, name: "Plâtrerie" }]),
  "GET /api/zone": listOf([{ id: 31, name: "R+1", fullName: "Bâtiment A / R+1" }]),
  "GET /api/speciality": listOf([{ id: 41, name: "Cloisonneur" }]),
};

describe("order-line format", () => {
  it("writes amounts in euros with no decimals, quantities in French, and reads typed numbers", () => {
    expect(formatAmount(12750.6).replace(/\s/g, " ")).toBe("12 751 €");
    expect(formatAmount(null)).toBe("—");
    expect(formatQuantity(12.5)).toBe("12,5");
    expect(parseNumber("1 200,5")).toBe(1200.5);
    expect(parseNumber("")).toBeNull();
    expect(parseNumber("abc")).toBeNaN();
  });

  it("checks the form and sends only the changed fields", () => {
    expect(validateOrderLine(EMPTY_ORDER_LINE)).toEqual(["labelRequired"]);
    expect(validateOrderLine({ ...EMPTY_ORDER_LINE, label: "x", price: "-3", quantity: "a" })).toEqual([
      "price",
      "quantity",
    ]);
    expect(createBody({ ...EMPTY_ORDER_LINE, label: " Enduit ", price: "12,5" })).toMatchObject({
      label: "Enduit",
      price: 12.5,
      quantity: null,
      unit: "U",
      currency: "EUR",
    });
    const l = line();
    expect(updateBody(l, { ...draftOf(l), quantity: "320", label: "Cloisons placo BA13" })).toEqual({ quantity: 320 });
  });

  it("reads the refused import's row and column from the server's problems", () => {
    const e = new ApiError(400, "validation", "Ligne 3, colonne « Unité » : unité inconnue", {
      problems: [{ row: 3, column: "Unité", message: "unité « m4 » inconnue" }],
    });
    expect(importRefusal(e)).toEqual({
      message: "Ligne 3, colonne « Unité » : unité inconnue",
      problems: [{ row: 3, column: "Unité", message: "unité « m4 » inconnue" }],
    });
    expect(importRefusal(new ApiError(400, "import_format", "")).message).toBe(
      "Le format du fichier importé est incorrect.",
    );
  });
});

describe("/dashboard/order-lines", () => {
  it("lists the version's lines with their amounts, filters and sorts them on the server, deletes the ticked ones", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...references,
      "GET /api/order-line": listOf([line(), line({ id: 22, label: "Enduit", type: "supply", amount: null })], 2),
      "GET /api/order-line/import/list": listOf([]),
      "DELETE /api/order-line/bulk-delete": { ids: [22] },
    });
    renderAt("/dashboard/order-lines");
    expect(await screen.findByRole("heading", { level: 1, name: "Lignes de commande" })).toBeInTheDocument();
    const table = await screen.findByRole("table", { name: "Liste des lignes de commande" });
    const row = (await within(table).findByRole("link", { name: "Cloisons placo BA13" })).closest("tr")!;
    expect(within(row).getByText("12 750 €")).toBeInTheDocument();
    expect(within(row).getByText("Main d'œuvre")).toBeInTheDocument();
    expect(within(row).getByText("Lot plâtrerie")).toBeInTheDocument();
    expect(within(table).getByText("Fourniture")).toBeInTheDocument();
    const first = calls.find((c) => c.path === "/api/order-line")!;
    expect(first.query.getAll("filter")).toEqual(["projectId||$eq||7", "versionId||$eq||11"]);
    expect(first.query.get("limit")).toBe("25");
    expect(first.query.get("sort")).toBe("label,ASC");

    await user.selectOptions(screen.getByRole("combobox", { name: "Type" }), "supply");
    await user.selectOptions(screen.getByRole("combobox", { name: "Macro-tâche" }), "8");
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === "/api/order-line")
          .at(-1)!
          .query.getAll("filter"),
      ).toEqual(["projectId||$eq||7", "versionId||$eq||11", "type||$eq||supply", "macroTaskId||$eq||8"]),
    );
    await user.click(within(table).getByText("Montant"));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => c.path === "/api/order-line")
          .at(-1)!
          .query.get("sort"),
      ).toBe("amount,ASC"),
    );

    await user.click(screen.getByRole("checkbox", { name: "Sélectionner Enduit" }));
    await user.click(screen.getByRole("button", { name: /Supprimer la sélection/ }));
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByText(/La ligne de commande sélectionnée/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ ids: [22] }));
    expect(await screen.findByText("Ligne de commande supprimée.")).toBeInTheDocument();
  });

  it("creates a line in a dialog, refusing an empty label, then opens it", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...references,
      "GET /api/order-line": listOf([]),
      "GET /api/order-line/import/list": listOf([]),
      "POST /api/order-line": { status: 201, body: line({ id: 23, label: "Peinture" }) },
      "GET /api/order-line/23": line({ id: 23, label: "Peinture", orderLineTasks: [] }),
    });
    const router = renderAt("/dashboard/order-lines");
    expect(await screen.findByText("Aucune ligne de commande dans cette version.")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Nouvelle ligne de commande" }));
    const dialog = await screen.findByRole("dialog", { name: "Créer une ligne de commande" });
    await user.click(within(dialog).getByRole("button", { name: "Créer" }));
    expect(await within(dialog).findByText("Le libellé est obligatoire.")).toBeInTheDocument();
    expect(calls.some((c) => c.method === "POST")).toBe(false);
    await user.type(within(dialog).getByRole("textbox", { name: /Libellé/ }), "Peinture");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: /Unité/ }), "m²");
    await user.type(within(dialog).getByRole("textbox", { name: "Prix unitaire" }), "18,5");
    await user.type(within(dialog).getByRole("textbox", { name: "Quantité" }), "400");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Famille" }), "3");
    await user.click(within(dialog).getByRole("button", { name: "Créer" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/dashboard/order-line/23"));
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      projectId: 7,
      versionId: 11,
      label: "Peinture",
      type: "labor",
      unit: "m²",
      familyId: 3,
      macroTaskId: null,
      participantGroupProId: null,
      price: 18.5,
      quantity: 400,
      currency: "EUR",
    });
  });

  it("imports a filled template, says which row and column a refused file has wrong, and lists the imports", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const { calls } = mockApi({
      ...references,
      "GET /api/order-line": listOf([]),
      "GET /api/order-line/import/list": listOf([history()]),
      "POST /api/order-line/import/data": () =>
        refuse
          ? {
              status: 400,
              body: {
                code: "errors.validation",
                message: "Ligne 3, colonne « Unité » : unité « m4 » inconnue",
                details: { problems: [{ row: 3, column: "Unité", message: "unité « m4 » inconnue" }] },
              },
            }
          : { status: 201, body: { import: history({ id: 5 }), data: [line()], count: 1, total: 1 } },
      "DELETE /api/order-line/import/4": { status: 204 },
    });
    renderAt("/dashboard/order-lines");
    const historyTable = await screen.findByRole("table", { name: "Historique des imports de lignes de commande" });
    const row = (await within(historyTable).findByText("commandes-novembre.xlsx")).closest("tr")!;
    // 1,234,567 bytes: shown in MB as bytes / 1000 rounded (issue 19).
    expect(within(row).getByText("1235")).toBeInTheDocument();
    expect(within(row).getByText("24/11/2026 11:15")).toBeInTheDocument();

    const input = screen.getByTestId("order-line-import-file");
    // Not an .xlsx: refused before any call.
    fireEvent.change(input, { target: { files: [new File(["a;b"], "commandes.csv")] } });
    expect(
      await within(screen.getByTestId("order-line-import-refusal")).findByText("Le fichier doit être au format .xlsx."),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.path === "/api/order-line/import/data")).toBe(false);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x50, 0x4b])], "commandes.xlsx")] } });
    const refusal = await screen.findByTestId("order-line-import-refusal");
    expect(await within(refusal).findByText("Ligne 3, colonne « Unité » : unité « m4 » inconnue")).toBeInTheDocument();
    const sent = calls.find((c) => c.path === "/api/order-line/import/data")!.body as FormData;
    expect(sent.get("projectId")).toBe("7");
    expect(sent.get("versionId")).toBe("11");
    expect((sent.get("file") as File).name).toBe("commandes.xlsx");

    refuse = false;
    fireEvent.change(input, { target: { files: [new File([new Uint8Array([0x50, 0x4b])], "commandes.xlsx")] } });
    expect(await screen.findByText("1 ligne de commande importée.")).toBeInTheDocument();
    expect(screen.queryByTestId("order-line-import-refusal")).not.toBeInTheDocument();

    await user.click(within(row).getByRole("button", { name: "Supprimer l'import commandes-novembre.xlsx" }));
    const dialog = await screen.findByRole("dialog", { name: "Supprimer l'import" });
    expect(within(dialog).getByText(/les 12 lignes de commande qu'il a créées/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Supprimer" }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/order-line/import/4")).toBe(true),
    );
    expect(await screen.findByText("Import supprimé.")).toBeInTheDocument();
  });
});

describe("/dashboard/order-line/{id}", () => {
  const tasks = [
    task(),
    task({
      id: 62,
      zoneId: 32,
      zone: { id: 32, name: "Bâtiment A / R+2" },
      eventId: 91,
      event: { id: 91, name: "Cloisons R+2", startDate: "2026-12-01", endDate: "2026-12-04" },
      linkedTo: "event",
      quantity: 80,
      price: 40,
      effectivePrice: 40,
      amount: 3200,
    }),
  ];

  it("edits the line's changed fields, and shows its tasks per zone coloured when planned", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...references,
      "GET /api/order-line/21": line({ orderLineTasks: tasks }),
      "PATCH /api/order-line/21": (({ body }) => line({ ...(body as object), orderLineTasks: tasks })) as Handler,
    });
    renderAt("/dashboard/order-line/21");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Ligne de commande : Cloisons placo BA13" }),
    ).toBeInTheDocument();
    const table = screen.getByRole("table", { name: "Tâches de la ligne par zone" });
    const planned = within(table).getByText("Cloisons R+2").closest("tr")!;
    expect(within(planned).getByText("Planifiée (tâche liée)")).toBeInTheDocument();
    expect(within(planned).getByText("3 200 €")).toBeInTheDocument();
    const unplanned = within(table).getByText("Bâtiment A / R+1").closest("tr")!;
    expect(within(unplanned).getByText("Non planifiée")).toBeInTheDocument();
    expect(planned.className).not.toBe(unplanned.className);
    expect(screen.getByText("Total : 180 m² pour 7 650 €")).toBeInTheDocument();

    const save = screen.getByRole("button", { name: "Enregistrer" });
    expect(save).toBeDisabled();
    const quantity = screen.getByRole("textbox", { name: "Quantité" });
    await user.clear(quantity);
    await user.type(quantity, "320");
    await user.click(save);
    await waitFor(() => expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({ quantity: 320 }));
    expect(await screen.findByText("Ligne de commande mise à jour.")).toBeInTheDocument();
  });

  it("adds a task per zone, changes one and deletes the ticked ones", async () => {
    const user = userEvent.setup();
    const { calls } = mockApi({
      ...references,
      "GET /api/order-line/21": line({ orderLineTasks: tasks }),
      "PATCH /api/order-line-task/multiple": listOf([task()]),
      "DELETE /api/order-line-task/bulk-delete": { ids: [61] },
    });
    renderAt("/dashboard/order-line/21");
    await screen.findByRole("table", { name: "Tâches de la ligne par zone" });
    await user.click(screen.getByRole("button", { name: "Ajouter une tâche par zone" }));
    const dialog = await screen.findByRole("dialog", { name: "Ajouter une tâche par zone" });
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Zone" }), "31");
    await user.selectOptions(within(dialog).getByRole("combobox", { name: "Spécialité" }), "41");
    await user.type(within(dialog).getByRole("textbox", { name: "Quantité" }), "12,5");
    await user.click(within(dialog).getByRole("button", { name: "Ajouter" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        projectId: 7,
        versionId: 11,
        data: [{ orderLineId: 21, zoneId: 31, specialityId: 41, quantity: 12.5, price: null, eventId: null }],
      }),
    );
    expect(await screen.findByText("Tâche par zone ajoutée.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Modifier la tâche de Bâtiment A / R+2" }));
    const edit = await screen.findByRole("dialog", { name: "Modifier la tâche par zone" });
    expect(within(edit).getByText("Cloisons R+2")).toBeInTheDocument();
    await user.click(within(edit).getByRole("button", { name: "Retirer la tâche" }));
    await user.click(within(edit).getByRole("button", { name: "Enregistrer" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PATCH").at(-1)?.body).toMatchObject({
        data: [{ id: 62, zoneId: 32, quantity: 80, price: 40, eventId: null }],
      }),
    );

    // The dialog closes (until then the page behind it is hidden from the accessibility tree).
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    await user.click(await screen.findByRole("checkbox", { name: "Sélectionner Bâtiment A / R+1" }));
    await user.click(screen.getByRole("button", { name: /Supprimer la sélection/ }));
    await user.click(within(await screen.findByRole("dialog")).getByRole("button", { name: "Supprimer" }));
    await waitFor(() => expect(calls.find((c) => c.method === "DELETE")?.body).toEqual({ ids: [61] }));
  });
});

describe("the task modal's order-lines tab", () => {
  it("lists the order-line tasks planned on the task, links a free one and unlinks one", async () => {
    const user = userEvent.setup();
    signIn(users.manager);
    const linked = task({
      id: 62,
      eventId: 91,
      event: { id: 91, name: "Cloisons R+2", startDate: "2026-12-01", endDate: "2026-12-04" },
      linkedTo: "event",
      zone: { id: 32, name: "Bâtiment A / R+2" },
    });
    const { calls } = mockApi({
      "GET /api/order-line-task/all": listOf([linked]),
      "GET /api/order-line-task": listOf([task({ orderLine: { ...task().orderLine, label: "Enduit" } })]),
      "PATCH /api/order-line-task/multiple": listOf([linked]),
    });
    const router = createMemoryRouter(
      [
        {
          path: "*",
          element: <OrderLinesTab projectId={7} versionId={11} event={{ id: 91, name: "Cloisons R+2" }} />,
        },
      ],
      { initialEntries: ["/dashboard/event/91"] },
    );
    render(
      <Providers>
        <RouterProvider router={router} />
      </Providers>,
    );
    const table = await screen.findByRole("table", { name: "Lignes de commande de la tâche" });
    const row = (await within(table).findByRole("link", { name: "Cloisons placo BA13" })).closest("tr")!;
    expect(within(row).getByText("100 m²")).toBeInTheDocument();
    expect(within(row).getByText("4 250 €")).toBeInTheDocument();
    const all = calls.find((c) => c.path === "/api/order-line-task/all")!;
    expect(Object.fromEntries(all.query)).toEqual({ projectId: "7", versionId: "11", eventIds: "91" });

    await user.click(screen.getByRole("button", { name: "Lier une ligne de commande" }));
    const dialog = await screen.findByRole("dialog", { name: "Lier une tâche par zone à cette tâche" });
    expect(calls.find((c) => c.path === "/api/order-line-task")!.query.getAll("filter")).toContain("eventId||isnull");
    await within(dialog).findByRole("button", { name: "Lier Enduit (Bâtiment A / R+1)" });
    await user.type(within(dialog).getByRole("searchbox", { name: "Rechercher une ligne ou une zone" }), "peinture");
    expect(within(dialog).queryByRole("button", { name: "Lier Enduit (Bâtiment A / R+1)" })).not.toBeInTheDocument();
    await user.clear(within(dialog).getByRole("searchbox", { name: "Rechercher une ligne ou une zone" }));
    await user.click(await within(dialog).findByRole("button", { name: "Lier Enduit (Bâtiment A / R+1)" }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PATCH")?.body).toEqual({
        projectId: 7,
        versionId: 11,
        data: [{ id: 61, eventId: 91 }],
      }),
    );
    expect(await screen.findByText("Tâche par zone liée.")).toBeInTheDocument();

    await user.click(screen.getByRole("button", { name: "Délier Cloisons placo BA13" }));
    await waitFor(() =>
      expect(calls.filter((c) => c.method === "PATCH").at(-1)?.body).toMatchObject({
        data: [{ id: 62, eventId: null }],
      }),
    );
  });
});
