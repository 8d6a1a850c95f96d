import { expect, test } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// The project dashboard on the demo (issue 17): the demo counted its signed version up to today, so the General
// tab shows a real progress above zero, a forecast end and a signed margin for hazards.

test("the demo dashboard shows real progress, a forecast end and the margin for hazards", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);

  await page.goto("/dashboard/overview");
  await expect(page.getByRole("heading", { name: "Tableau de bord du projet" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Général", selected: true })).toBeVisible();
  await expect(page.getByText(/^Suivi de la version signée/)).toBeVisible();

  const progress = page.getByRole("region", { name: "Avancement" });
  const real = progress.getByRole("progressbar", { name: "Avancement réel" });
  await expect(real).toBeVisible();
  expect(Number(await real.getAttribute("aria-valuenow"))).toBeGreaterThan(0);
  await expect(progress.getByText(/^\d+(,\d+)?\s%$/).first()).toBeVisible();

  const forecast = page.getByRole("region", { name: "Date de fin prévisionnelle" });
  await expect(forecast.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  const margin = page.getByRole("region", { name: "Marge pour aléas" });
  await expect(margin.getByText(/jours? ouvrés?$/)).toBeVisible();
  const production = page.getByRole("region", { name: "Production" });
  await expect(production.getByText("Tâches terminées")).toBeVisible();
  await shot(page, "dashboard-general");

  // Production per week: a line per state from the first week of work to today, and its table.
  const weeks = page.getByRole("figure", { name: "Production par semaine" });
  await weeks.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await expect(weeks.locator("svg").first()).toBeVisible();
  const weekRows = weeks.getByRole("table", { name: "Production par semaine" }).getByRole("row");
  await expect(weekRows.nth(1)).toContainText(/^Semaine du \d{2}\/\d{2}\/\d{4}/);
  await shot(page, "dashboard-production-weeks");

  // At another date (dd/MM/yyyy): the figures are those of that day.
  await page.getByLabel("Date de calcul").fill("01/01/2020");
  await expect(page.getByText("Chiffres au 01/01/2020")).toBeVisible();
  await expect(real).toHaveAttribute("aria-valuenow", "0");

  await page.getByLabel("Date de calcul").fill("");
  await page.getByRole("tab", { name: "Production" }).click();
  await expect(page.getByRole("figure", { name: "Tâches par état" }).locator("svg").first()).toBeVisible();
  await shot(page, "dashboard-production");
});

test("progression, indicators and recalibration list the demo's late and on-time tasks", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);

  await page.goto("/dashboard/progression");
  await expect(page.getByRole("heading", { name: "Avancement", exact: true })).toBeVisible();
  const late = page.getByRole("table", { name: "Tâches en retard" });
  await expect(late.getByRole("row").nth(1)).toBeVisible();
  await expect(late.getByRole("row").nth(1)).toContainText("%");
  await expect(
    page
      .getByRole("figure", { name: /tâches les plus en retard/ })
      .locator("svg")
      .first(),
  ).toBeVisible();
  await shot(page, "dashboard-progression");

  await page.goto("/dashboard/indicators");
  await expect(page.getByRole("heading", { name: "Indicateurs" })).toBeVisible();
  const totals = page.getByRole("table", { name: "Tâches à l'heure et en retard", exact: true });
  // Once the on-time list is there, the totals count its tasks and the late ones (the demo has both).
  await expect(
    page.getByRole("table", { name: "Tâches à l'heure", exact: true }).getByRole("row").nth(1),
  ).toBeVisible();
  await expect(totals.getByRole("row", { name: /^À l'heure [1-9]\d*$/ })).toBeVisible();
  await expect(totals.getByRole("row", { name: /^En retard [1-9]\d*$/ })).toBeVisible();
  await shot(page, "dashboard-indicators");

  await page.goto("/dashboard/recalibration-tasks");
  await expect(page.getByRole("heading", { name: "Tâches à recaler" })).toBeVisible();
  await expect(page.getByRole("table", { name: "Aperçu du recalage" }).getByRole("row").nth(1)).toBeVisible();
  await shot(page, "dashboard-recalibration");
});
