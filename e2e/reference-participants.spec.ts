import { expect, test } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// A participant's own page (spec 001 section 2: /dashboard/participants/{recordId}/{page}, tabs informations,
// monitoring, specialities and participant groups, participants), created from a lot; and an import of a
// broken file on /dashboard/imports showing the catalogue message.

test("a participant created from a lot opens on its four tabs", async ({ page }) => {
  // A name of its own, so a repeated run (--repeat-each) finds its participant once.
  const name = `Entreprise E2E ${Date.now().toString(36)}`;
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/participants");
  const lots = page.getByRole("table", { name: "Lots du projet" });
  await expect(lots.getByRole("row").nth(1)).toBeVisible();
  const lotName = (await lots.getByRole("row").nth(1).getByRole("cell").nth(1).innerText()).trim();
  await lots.getByRole("row").nth(1).click();
  await page.getByRole("tab", { name: "Participants" }).click();
  await page.getByRole("button", { name: "Nouveau participant" }).click();
  await expect(page).toHaveURL(/\/dashboard\/participants\/new\?lot=\d+$/);
  await expect(page.getByRole("tab", { name: "Suivi" })).toBeDisabled();
  await page.getByRole("textbox", { name: /^Nom\s*\*?$/ }).fill(name);
  await page.getByRole("textbox", { name: /Entreprise/ }).fill("E2E SARL");
  await page.getByRole("textbox", { name: /E-mail du responsable/ }).fill("chef@e2e.fr");
  await shot(page, "participant-new");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(page.locator(".fui-ToastTitle", { hasText: "Participant créé." })).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard\/participants\/\d+\/informations$/);
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByRole("textbox", { name: /E-mail du responsable/ })).toHaveValue("chef@e2e.fr");
  await shot(page, "participant-informations");

  await page.getByRole("tab", { name: "Spécialités et lots" }).click();
  await expect(page).toHaveURL(/\/dashboard\/participants\/\d+\/specialities$/);
  await expect(
    page.getByRole("group", { name: "Lots" }).getByRole("checkbox", { name: lotName, exact: true }),
  ).toBeChecked();
  await shot(page, "participant-specialities");

  await page.getByRole("tab", { name: "Suivi" }).click();
  await expect(page.getByText("Tâches et jalons de ce participant : 0")).toBeVisible();
  // Its bar is in the histogram of the version's participants.
  await expect(
    page.getByRole("region", { name: "Tâches par participant" }).getByText(name, { exact: true }),
  ).toBeVisible();
  await shot(page, "participant-monitoring");

  await page.getByRole("tab", { name: "Participants" }).click();
  const sameLots = page.getByRole("table", { name: `Participants des lots de ${name}` });
  await expect(sameLots).toBeVisible();
  await expect(sameLots.getByText("Chargement…")).toHaveCount(0);
  await shot(page, "participant-participants");

  // Back on the list, the participants view keeps its place and shows the new one.
  await page.getByRole("button", { name: "Retour aux participants" }).click();
  await expect(page).toHaveURL(/\/dashboard\/participants\?view=participants$/);
  // The participant's page (its own "Lignes par page") stays shown until the list has rendered: the choice is
  // made on the list's table, or it went to the page being left.
  await expect(page.getByRole("table", { name: "Participants", exact: true })).toBeVisible();
  await page.getByRole("combobox", { name: "Lignes par page" }).selectOption("250");
  await expect(
    page.getByRole("table", { name: "Participants" }).getByRole("row", { name: new RegExp(name) }),
  ).toBeVisible();
  await shot(page, "participants-list");
});

test("importing a broken structure file shows errors.import_format and writes nothing", async ({ page }) => {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/imports");
  const card = page.getByRole("region", { name: "Structure" });
  await card.getByLabel("Fichier .xlsx").setInputFiles({
    name: "structure.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from("pas un classeur"),
  });
  await card.getByRole("button", { name: "Importer" }).click();
  await expect(
    page.locator(".fui-ToastTitle", { hasText: "Le format du fichier importé est incorrect." }),
  ).toBeVisible();
  // The toast fades in: let it finish before the screenshot.
  await page.waitForTimeout(800);
  await shot(page, "imports-broken-file");
  await expect(page.locator(".fui-ToastTitle", { hasText: /Import réalisé/ })).toHaveCount(0);
});
