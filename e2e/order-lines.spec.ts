import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// Order lines (issue 19): the .xlsx template downloaded from /dashboard/order-lines, filled here with exceljs (two
// lines on the demo's first zone, macro-task and lot), refused when a cell is wrong (the row and column said,
// nothing imported), imported, listed with their amounts in euros, the import in the history; one line opened with
// its task per zone.

const RUN = Date.now() % 100000;
const LABELS = [`Cloisons placo E2E ${RUN}`, `Plaques de plâtre E2E ${RUN}`];

function toast(page: Page, text: string) {
  return page.locator(".fui-ToastTitle").filter({ hasText: text });
}

/** The first value of each column of the template's "Listes" sheet, by header. */
function firstOfLists(wb: ExcelJS.Workbook): Record<string, string | undefined> {
  const lists = wb.getWorksheet("Listes")!;
  const out: Record<string, string | undefined> = {};
  lists.getRow(1).eachCell((cell, col) => {
    const v = lists.getRow(2).getCell(col).value;
    out[String(cell.value)] = v === null || v === undefined ? undefined : String(v);
  });
  return out;
}

/** Writes `rows` (by header) under the template's header row and saves it as `name`. */
async function fill(wb: ExcelJS.Workbook, rows: Record<string, string | number | undefined>[], name: string) {
  const sheet = wb.getWorksheet("Lignes de commande")!;
  const columns = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, col) => columns.set(String(cell.value).replace(/\s*\*$/, ""), col));
  rows.forEach((values, i) => {
    const row = sheet.getRow(i + 2);
    for (const [header, value] of Object.entries(values)) {
      if (value === undefined) continue;
      const col = columns.get(header);
      if (!col) throw new Error(`no column ${header} in the template: ${[...columns.keys()].join(", ")}`);
      row.getCell(col).value = value;
    }
    row.commit();
  });
  const path = join(mkdtempSync(join(tmpdir(), "jalon-order-lines-")), name);
  await wb.xlsx.writeFile(path);
  return path;
}

test("import order lines from the filled template, see them listed and open one", async ({ page }) => {
  test.setTimeout(120_000);
  const failed: string[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/api/") && res.status() >= 400)
      failed.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/order-lines");
  await expect(page.getByRole("heading", { level: 1, name: "Lignes de commande" })).toBeVisible();
  const table = page.getByRole("table", { name: "Liste des lignes de commande" });
  await expect(table).toBeVisible();
  await page.waitForLoadState("networkidle");
  await shot(page, "order-lines-list");

  // One line created by hand: the dialog refuses an empty label, then the new line opens.
  await page.getByRole("button", { name: "Nouvelle ligne de commande" }).click();
  const create = page.getByRole("dialog", { name: "Créer une ligne de commande" });
  await create.getByRole("button", { name: "Créer" }).click();
  await expect(create.getByText("Le libellé est obligatoire.")).toBeVisible();
  await create.getByRole("textbox", { name: "Libellé" }).fill(`Enduit E2E ${RUN}`);
  await create.getByRole("combobox", { name: "Unité" }).selectOption("m²");
  await create.getByRole("textbox", { name: "Prix unitaire" }).fill("8,5");
  await create.getByRole("textbox", { name: "Quantité" }).fill("120");
  await page.waitForTimeout(300);
  await shot(page, "order-lines-create");
  await create.getByRole("button", { name: "Créer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/order-line\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Ligne de commande : Enduit E2E ${RUN}` })).toBeVisible();
  await expect(page.getByText(/^1\s020\s€$/).first()).toBeVisible();
  await page.getByRole("button", { name: "Retour aux lignes de commande" }).click();
  await expect(table.getByRole("link", { name: `Enduit E2E ${RUN}` })).toBeVisible();

  // The template, as the server gives it.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Télécharger le modèle (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const template = await download.path();
  const read = async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(template);
    return wb;
  };
  const lists = firstOfLists(await read());
  const zone = lists["Zone"];
  expect(zone, "the demo version has zones").toBeTruthy();
  const common = {
    Type: "Main d'œuvre",
    Unité: "m²",
    Devise: "EUR",
    Zone: zone,
    "Macro-tâche": lists["Macro-tâche"],
    Lot: lists["Lot"],
  };

  // A wrong unit on the second line: the import is refused with its row and column, and nothing is imported.
  const input = page.getByTestId("order-line-import-file");
  const bad = await fill(
    await read(),
    [
      { ...common, Libellé: LABELS[0], "Prix unitaire": 42.5, Quantité: 300 },
      { ...common, Libellé: LABELS[1], Unité: "m4", "Prix unitaire": 12, Quantité: 150 },
    ],
    "lignes-erreur.xlsx",
  );
  await input.setInputFiles(bad);
  const refusal = page.getByTestId("order-line-import-refusal");
  await expect(refusal).toContainText("Ligne 3, colonne « Unité »");
  await expect(page.getByRole("link", { name: LABELS[0] })).toHaveCount(0);
  await page.waitForTimeout(500);
  await shot(page, "order-lines-import-refused");

  // The corrected file: both lines imported and listed with their amounts (no decimals, in euros).
  const good = await fill(
    await read(),
    [
      { ...common, Libellé: LABELS[0], "Prix unitaire": 42.5, Quantité: 300 },
      { ...common, Libellé: LABELS[1], Type: "Fourniture", "Prix unitaire": 12.4, Quantité: 150 },
    ],
    "lignes-commande.xlsx",
  );
  await input.setInputFiles(good);
  await expect(toast(page, "2 lignes de commande importées.").first()).toBeVisible();
  await expect(refusal).toHaveCount(0);
  await page.getByRole("searchbox", { name: "Rechercher un libellé" }).fill(`E2E ${RUN}`);
  const first = table.getByRole("row").filter({ has: page.getByRole("link", { name: LABELS[0], exact: true }) });
  await expect(first).toBeVisible();
  await expect(first).toContainText(/12\s750\s€/);
  await expect(first).toContainText("Main d'œuvre");
  const second = table.getByRole("row").filter({ has: page.getByRole("link", { name: LABELS[1], exact: true }) });
  await expect(second).toContainText(/1\s860\s€/);
  await expect(second).toContainText("Fourniture");
  const history = page.getByRole("table", { name: "Historique des imports de lignes de commande" });
  await expect(history.getByRole("row").filter({ hasText: "lignes-commande.xlsx" })).toBeVisible();
  // The imported file comes back as it was sent.
  const [again] = await Promise.all([
    page.waitForEvent("download"),
    history.getByRole("button", { name: "Télécharger lignes-commande.xlsx" }).click(),
  ]);
  expect(again.suggestedFilename()).toBe("lignes-commande.xlsx");
  const back = new ExcelJS.Workbook();
  await back.xlsx.readFile(await again.path());
  expect(String(back.getWorksheet("Lignes de commande")!.getRow(2).getCell(1).value)).toBe(LABELS[0]);
  await page.getByRole("heading", { name: "Historique des imports" }).scrollIntoViewIfNeeded();
  await shot(page, "order-lines-imported");

  // One line opened: its fields and its task in the demo's zone.
  await first.getByRole("link", { name: LABELS[0], exact: true }).click();
  await expect(page).toHaveURL(/\/dashboard\/order-line\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Ligne de commande : ${LABELS[0]}` })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Libellé" })).toHaveValue(LABELS[0]);
  const tasks = page.getByRole("table", { name: "Tâches de la ligne par zone" });
  await expect(tasks.getByRole("row").nth(1)).toContainText(/300\sm²/);
  await page.waitForLoadState("networkidle");
  await shot(page, "order-line-edit");

  // A task's modal: its "Lignes de commande" tab links the line's task per zone to it.
  await page.goto("/dashboard/events");
  const events = page.getByRole("table").first();
  const eventLink = events.getByRole("row").nth(1).getByRole("link").first();
  const eventName = (await eventLink.innerText()).trim();
  await eventLink.click();
  await expect(page).toHaveURL(/\/dashboard\/event\/\d+$/);
  await page.getByRole("tab", { name: "Lignes de commande" }).click();
  const tab = page.getByRole("table", { name: "Lignes de commande de la tâche" });
  await expect(tab).toBeVisible();
  await page.getByRole("button", { name: "Lier une ligne de commande" }).click();
  const dialog = page.getByRole("dialog", { name: "Lier une tâche par zone à cette tâche" });
  await dialog.getByRole("searchbox", { name: "Rechercher une ligne ou une zone" }).fill(LABELS[0]);
  await dialog.getByRole("button", { name: new RegExp(`^Lier ${LABELS[0]} `) }).click();
  await expect(toast(page, "Tâche par zone liée.").first()).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(tab.getByRole("link", { name: LABELS[0] })).toBeVisible();
  await page.waitForTimeout(500);
  await shot(page, "task-modal-order-lines");

  // Back on the line, its task is now planned on that task (coloured, and said so).
  await tab.getByRole("link", { name: LABELS[0] }).click();
  const planned = page.getByRole("table", { name: "Tâches de la ligne par zone" }).getByRole("row").nth(1);
  await expect(planned).toContainText(eventName);
  await expect(planned).toContainText("Planifiée (tâche liée)");
  await shot(page, "order-line-planned");
  // No call failed but the refused import's.
  expect(failed).toEqual(["400 POST /api/order-line/import/data"]);
});
