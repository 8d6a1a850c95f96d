import { expect, test } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// The demo's milestones list: rows ticked, the deletion asked and cancelled (the shared demo keeps its
// milestones for the other flows).

test("the milestones list asks before deleting the ticked rows, and a cancel deletes nothing", async ({ page }) => {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/milestones");
  const table = page.getByRole("table", { name: "Liste des jalons" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const rows = await table.getByRole("row").count();
  const first = (await table.getByRole("row").nth(1).getByRole("cell").nth(1).innerText()).trim();
  await page.getByRole("checkbox", { name: `Sélectionner ${first}` }).check();
  await page.getByRole("button", { name: "Supprimer la sélection (1)" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Le jalon sélectionné sera supprimé de la version.")).toBeVisible();
  // The dialog fades in: let it finish before the screenshot.
  await page.waitForTimeout(800);
  await shot(page, "milestones-delete-confirm");
  await dialog.getByRole("button", { name: "Annuler" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Supprimer la sélection (1)" })).toBeVisible();
  await page.reload();
  await expect(table.getByRole("row")).toHaveCount(rows);
});
