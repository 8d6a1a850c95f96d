import { expect, test } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// Workforce on the demo (issue 17): the participant countings of the last working day come from the demo seed; a
// real count edited in the table is saved and shows in the workforce monitoring's table, beside the planned people.

const today = new Intl.DateTimeFormat("en-CA", { timeZone: "Europe/Paris" }).format(new Date());
/** The days before today, latest first (the demo counts working days only: a week-end or holiday has none). */
const recentDays = Array.from({ length: 8 }, (_, k) => {
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() - k);
  return d.toISOString().slice(0, 10);
});

test("edit a participant's real count of the last working day and find it in the workforce monitoring", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);

  await page.goto("/dashboard/participant-countings");
  await expect(page.getByRole("heading", { name: "Effectifs des intervenants" })).toBeVisible();
  // DateInput shows dd/MM/yyyy (issue 20).
  await expect(page.getByLabel("Date", { exact: true })).toHaveValue(today.split("-").reverse().join("/"));
  const table = page.getByRole("table", { name: "Effectifs des intervenants du jour" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  // The demo counted the participants at work on working days: the latest day with a real count filled in.
  const reals = table.getByRole("spinbutton", { name: /^Effectif réel de / });
  const filled = async () =>
    (await reals.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value))).some((v) => v !== "");
  let day = "";
  for (const candidate of recentDays) {
    await page.getByLabel("Date", { exact: true }).fill(candidate.split("-").reverse().join("/"));
    const found = await expect
      .poll(filled, { timeout: 3_000 })
      .toBe(true)
      .then(() => true)
      .catch(() => false);
    if (found) {
      day = candidate;
      break;
    }
  }
  expect(day, "a day of the last week with real counts").not.toBe("");
  const shown = `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;
  await shot(page, "workforce-countings");

  // A participant at work that day (its real count filled in by the demo).
  const values = await reals.evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
  const first = reals.nth(values.findIndex((v) => v !== ""));
  const name = ((await first.getAttribute("aria-label")) ?? "").replace("Effectif réel de ", "");
  await first.fill("37");
  await expect(page.getByText("1 modification non enregistrée")).toBeVisible();
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.locator(".fui-ToastTitle", { hasText: "Effectif enregistré." })).toBeVisible();
  await page.reload();
  await page.getByLabel("Date", { exact: true }).fill(day.split("-").reverse().join("/"));
  await expect(page.getByRole("spinbutton", { name: `Effectif réel de ${name}` })).toHaveValue("37");

  await page.goto("/dashboard/workforce-monitoring");
  await expect(page.getByRole("heading", { name: "Suivi des effectifs" })).toBeVisible();
  await expect(page.getByRole("figure", { name: "Effectifs par jour" }).locator("svg").first()).toBeVisible();
  await shot(page, "workforce-monitoring");

  // Compare with the signed reference version: its planned people get a column (and a line) of their own.
  await page.getByRole("combobox", { name: "Versions comparées" }).click();
  await page.getByRole("menuitemcheckbox", { name: "Planning de référence" }).click();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("columnheader", { name: /Prévu – Planning de référence/ })).toBeVisible();
  await shot(page, "workforce-monitoring-versions");

  // That day, that participant only: the real count is the one just saved.
  await page.getByLabel("Du").fill(day.split("-").reverse().join("/"));
  await page.getByLabel("Au").fill(day.split("-").reverse().join("/"));
  await page.getByLabel("Intervenant").selectOption({ label: name });
  const data = page.getByRole("table", { name: "Effectifs par jour" });
  const row = data.getByRole("row", { name: new RegExp(shown) });
  await expect(row).toBeVisible();
  await expect(row.getByRole("cell").last()).toHaveText("37");
  await page.getByRole("heading", { name: "Données du graphique" }).scrollIntoViewIfNeeded();
  await shot(page, "workforce-monitoring-filtered");

  // A zone narrows the planned people (the countings have none): the chart's call carries it, the screen says so.
  await page.getByLabel("Intervenant").selectOption({ label: "Tous les intervenants" });
  await page.getByLabel("Du").fill("");
  await page.getByLabel("Au").fill("");
  const zone = page.getByLabel("Zone", { exact: true });
  await expect(zone.locator("option")).not.toHaveCount(1);
  const zoneId = await zone.locator("option").nth(1).getAttribute("value");
  const asked = page.waitForRequest(
    (r) =>
      new URL(r.url()).pathname.startsWith("/api/workforce/") &&
      new URL(r.url()).searchParams.get("zoneIds") === zoneId,
  );
  await zone.selectOption(zoneId!);
  await asked;
  await expect(page.getByRole("note")).toContainText("effectif prévu");
  await expect(page.getByRole("figure", { name: "Effectifs par jour" }).locator("svg").first()).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, "workforce-monitoring-zone");
});
