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

// Every screen of the menu (web/src/app/navigation.ts), opened on the demo project with its default query: no
// error toast (nor warning), no error page, no failed API call. List screens show their table, with rows
// where the demo has some (the Tâches list answered 500 on its zones join).
const MENU: { path: string; table?: "rows" | "maybe empty" | "cards" }[] = [
  { path: "/dashboard/projects", table: "cards" },
  { path: "/dashboard/overview" },
  { path: "/dashboard/project" },
  { path: "/dashboard/imports" },
  { path: "/dashboard/events-library" },
  { path: "/dashboard/sequences-library" },
  { path: "/dashboard/events-pro" },
  { path: "/dashboard/sequences-pro" },
  { path: "/dashboard/participants-library", table: "maybe empty" },
  { path: "/dashboard/quality-control-template/prerequisites" },
  { path: "/dashboard/zones", table: "rows" },
  { path: "/dashboard/sequences", table: "maybe empty" },
  { path: "/dashboard/macro-tasks", table: "maybe empty" },
  { path: "/dashboard/events", table: "rows" },
  { path: "/dashboard/order-lines" },
  { path: "/dashboard/participants", table: "rows" },
  { path: "/dashboard/holidays", table: "rows" },
  { path: "/dashboard/milestones", table: "rows" },
  { path: "/dashboard/tags", table: "maybe empty" },
  { path: "/dashboard/phases", table: "maybe empty" },
  { path: "/dashboard/planning" },
  { path: "/dashboard/quality-calendar" },
  { path: "/dashboard/countings" },
  { path: "/dashboard/participant-countings" },
  { path: "/dashboard/roadblocks" },
  { path: "/dashboard/prerequisites" },
  { path: "/dashboard/finishes" },
  { path: "/dashboard/financial-monitoring" },
  { path: "/dashboard/productivity" },
  { path: "/dashboard/progression" },
  { path: "/dashboard/recalibration-tasks" },
  { path: "/dashboard/workforce-monitoring" },
];

test("every screen of the menu opens on the demo project without an error", async ({ page }) => {
  test.setTimeout(240_000);
  const failed: string[] = [];
  page.on("response", (res) => {
    if (res.url().includes("/api/") && res.status() >= 400)
      failed.push(`${res.status()} ${res.request().method()} ${new URL(res.url()).pathname}`);
  });
  await signIn(page, "admin@jalon.demo");
  await openDemoPlanning(page);
  const problems = page.locator('[data-toast-intent="error"], [data-toast-intent="warning"]');
  for (const screen of MENU) {
    const before = failed.length;
    await page.goto(screen.path);
    await expect(page).toHaveURL(new RegExp(`${screen.path}$`));
    await page.waitForLoadState("networkidle");
    if (screen.table === "cards")
      await expect(page.getByRole("button", { name: "Ouvrir" }).first(), screen.path).toBeVisible();
    else if (screen.table) {
      const table = page.getByRole("table").first();
      await expect(table, screen.path).toBeVisible();
      if (screen.table === "rows")
        await expect.poll(() => table.getByRole("row").count(), { message: screen.path }).toBeGreaterThan(1);
    }
    await expect(page.getByRole("heading", { name: "Oops!" }), screen.path).toHaveCount(0);
    await expect(problems, `${screen.path}: ${await problems.allInnerTexts()}`).toHaveCount(0);
    expect(failed.slice(before), screen.path).toEqual([]);
    if (screen.path === "/dashboard/events") await shot(page, "menu-events-list");
  }
  await shot(page, "menu-last-screen");
});
