import ExcelJS from "exceljs";
import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// Reference data of the demo project: zones reordered by drag keep their order after a reload; an export is a
// real .xlsx with French headers and one row per zone; the lots, library and specialities screens render.

async function zoneTable(page: Page) {
  const table = page.getByRole("table", { name: "Zones" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  return table;
}

/** Names of the macro-zones (level 0) in display order. */
async function macroZones(page: Page): Promise<string[]> {
  const table = await zoneTable(page);
  const rows = table.getByRole("row");
  const out: string[] = [];
  for (let i = 1; i < (await rows.count()); i++) {
    const cells = rows.nth(i).getByRole("cell");
    // drag handle, checkbox, position, name, level...
    if ((await cells.nth(4).innerText()).trim() === "Macro-zone") out.push((await cells.nth(3).innerText()).trim());
  }
  return out;
}

test("reorder zones by drag and find the order kept after a reload; export the zones as .xlsx", async ({ page }) => {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/zones");
  const table = await zoneTable(page);
  await page.getByRole("combobox", { name: "Lignes par page" }).selectOption("250");
  await shot(page, "zones-list");

  const before = await macroZones(page);
  expect(before.length).toBeGreaterThanOrEqual(2);
  const [first, second] = before;
  const source = table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: second, exact: true }) })
    .first();
  const target = table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: first, exact: true }) })
    .first();
  await source.dragTo(target);
  await expect(page.locator(".fui-ToastTitle", { hasText: "L'ordre des zones a été enregistré." })).toBeVisible();
  await expect.poll(() => macroZones(page)).toEqual([second, first, ...before.slice(2)]);
  await shot(page, "zones-reordered");

  await page.reload();
  await zoneTable(page);
  await page.getByRole("combobox", { name: "Lignes par page" }).selectOption("250");
  await expect.poll(() => macroZones(page)).toEqual([second, first, ...before.slice(2)]);

  // Export: a real .xlsx, French headers, one row per zone, in the new order.
  const range = await page.getByText(/^\d+–\d+ sur \d+$/).innerText();
  const total = Number(range.split(" sur ")[1]);
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exporter (.xlsx)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^Zones_.*\.xlsx$/);
  const path = await download.path();
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(path);
  const ws = wb.worksheets[0];
  expect(ws.getRow(1).values).toEqual([
    undefined,
    "Nom",
    "Nom complet",
    "Zone parente",
    "Niveau",
    "Unité",
    "Typologie",
    "Position",
    "Étiquettes",
  ]);
  expect(ws.rowCount - 1).toBe(total);
  const macroRows: string[] = [];
  ws.eachRow((row, n) => {
    if (n > 1 && row.getCell(4).value === "Macro-zone") macroRows.push(String(row.getCell(1).value));
  });
  expect(macroRows.slice(0, 2)).toEqual([second, first]);

  // One zone's page.
  await table.getByRole("row").nth(2).click();
  await expect(page).toHaveURL(/\/dashboard\/zone\/\d+$/);
  await expect(page.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  await shot(page, "zone-page");
});

test("lots, a lot's tabs (/dashboard/participant-group/{id}/{page}), the library and specialities render with their data", async ({
  page,
}) => {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);

  await page.goto("/dashboard/participants");
  const lots = page.getByRole("table", { name: "Lots du projet" });
  await expect(lots.getByRole("row").nth(1)).toBeVisible();
  await expect(page.getByText(/^1–\d+ sur \d+$/)).toBeVisible();
  await shot(page, "lots-list");

  // Export of the lots: an .xlsx with its headers.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Exporter (.xlsx)" }).click(),
  ]);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(await download.path());
  expect(wb.worksheets[0].getRow(1).values).toEqual([
    undefined,
    "Nom",
    "Couleur",
    "Spécialités",
    "Participants",
    "Étiquettes",
    "Nombre de tâches",
  ]);
  expect(wb.worksheets[0].rowCount).toBeGreaterThan(1);

  await lots.getByRole("row").nth(1).click();
  await expect(page).toHaveURL(/\/dashboard\/participant-group\/\d+\/informations$/);
  await expect(page.getByRole("textbox", { name: /Nom du lot/ })).not.toHaveValue("");
  await shot(page, "lot-informations");
  await page.getByRole("tab", { name: "Suivi" }).click();
  await expect(page.getByText(/Tâches et jalons de ce lot/)).toBeVisible();
  await shot(page, "lot-monitoring");
  await page.getByRole("tab", { name: "Spécialités" }).click();
  await shot(page, "lot-specialities");
  await page.getByRole("tab", { name: "Participants" }).click();
  await expect(page.getByRole("table", { name: "Participants" })).toBeVisible();
  await shot(page, "lot-participants");

  await page.goto("/dashboard/participants-library");
  await expect(page.getByRole("table", { name: "Bibliothèque des lots" })).toBeVisible();
  await page.getByRole("button", { name: "Nouveau lot de bibliothèque" }).click();
  await page
    .getByRole("dialog")
    .getByRole("textbox", { name: /Nom du lot/ })
    .fill("Lot de bibliothèque E2E");
  await page.getByRole("dialog").getByRole("button", { name: "Créer" }).click();
  await expect(
    page.getByRole("table", { name: "Bibliothèque des lots" }).getByRole("row", { name: /Lot de bibliothèque E2E/ }),
  ).toBeVisible();
  await shot(page, "lots-library");

  await page.goto("/dashboard/specialities");
  await expect(page.getByRole("table", { name: "Spécialités" })).toBeVisible();
  await shot(page, "specialities-list");
  await page.getByRole("button", { name: "Nouvelle spécialité" }).click();
  await page.getByRole("textbox", { name: /Nom/ }).fill("Spécialité E2E");
  await shot(page, "speciality-form");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/specialities$/);
  await expect(page.locator(".fui-ToastTitle", { hasText: "Spécialité créée." })).toBeVisible();
  await page.getByRole("combobox", { name: "Lignes par page" }).selectOption("250");
  await expect(
    page.getByRole("table", { name: "Spécialités" }).getByRole("row", { name: /Spécialité E2E/ }),
  ).toBeVisible();
});
