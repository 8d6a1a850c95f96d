import { expect, test } from "@playwright/test";
import { openDemoPlanning, planning, planningSettled, shot, signIn } from "./helpers";

// Quality control on the demo (issue 18): a planner adds a prerequisite to a task from the task modal, the planning
// marks the task (its prerequisites are not all compliant by its start), the prerequisite is made compliant and the
// marker goes; then the follow-up list, the calendar and the control's own page.

test("a prerequisite added to a task marks it in the planning until it is compliant", async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  const ids = await planning(page, (h) => h.ids());
  const rows = page.getByTestId("grid-row");
  await expect(rows.first()).toBeVisible();
  // A task row on screen with no marker yet.
  const count = await rows.count();
  let id: number | null = null;
  for (let i = 0; i < count && id === null; i++) {
    const row = rows.nth(i);
    const text = (await row.textContent()) ?? "";
    const candidate = Number(await row.getAttribute("data-event-id"));
    if (!text.startsWith("◆") && ids.includes(candidate) && (await row.getByTestId("quality-late").count()) === 0)
      id = candidate;
  }
  expect(id, "a task without prerequisites").not.toBeNull();
  const row = page.locator(`[data-testid="grid-row"][data-event-id="${id}"]`);
  const marker = row.getByRole("img", { name: "Prérequis non conformes au démarrage" });
  await expect(marker).toHaveCount(0);

  // The name cell, without the marks drawn before it (roadblock, late quality).
  const taskName = (await row.getByRole("gridcell").first().innerText()).replace(/^[^\p{L}\p{N}]+/u, "").trim();
  await row.focus();
  await row.press("Enter");
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("tab", { name: "Prérequis et finitions" }).click();
  const name = `Plans validés ${Date.now() % 100000}`;
  await dialog.getByRole("textbox", { name: "Nom du contrôle" }).fill(name);
  await dialog.getByRole("combobox", { name: "Catégorie" }).selectOption("study");
  await dialog.getByRole("button", { name: "Ajouter un prérequis" }).click();
  const status = dialog.getByRole("combobox", { name: `Statut de ${name}` });
  await expect(status).toBeVisible();
  await expect(status).toHaveValue("unrealized");
  // The default delay (0) is a delay value: unrealized with it is orange, grey being for no delay value (spec 001
  // section 4).
  const item = dialog.getByRole("listitem").filter({ hasText: name });
  await expect(item.getByText(/Délai \(jours\) 0$/)).toBeVisible();
  await expect(item.getByRole("img", { name: "Orange : à surveiller" })).toBeVisible();
  await shot(page, "quality-task-tab");

  // The planning behind the modal refreshed: the task is marked.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await planningSettled(page);
  await expect(marker).toBeVisible({ timeout: 15_000 });
  await shot(page, "quality-planning-marker");

  // The filter "contrôles en retard" keeps that task.
  await page.getByRole("button", { name: /^Filtres/ }).click();
  await page.getByRole("switch", { name: "contrôles en retard" }).check();
  await expect.poll(() => planning(page, (h) => h.ids()), { timeout: 15_000 }).toContain(id);
  expect((await planning(page, (h) => h.ids())).length).toBeLessThan(ids.length);
  await page.getByRole("switch", { name: "contrôles en retard" }).uncheck();

  // Compliant: the marker goes.
  await row.focus();
  await row.press("Enter");
  await dialog.getByRole("tab", { name: "Prérequis et finitions" }).click();
  await dialog.getByRole("combobox", { name: `Statut de ${name}` }).selectOption("compliant");
  await expect(dialog.getByRole("img", { name: "Vert : conforme, sans retard" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await planningSettled(page);
  await expect(marker).toHaveCount(0, { timeout: 15_000 });

  // The follow-up list shows it with its indicator; its page has its history.
  await page.goto("/dashboard/prerequisites");
  await expect(page.getByRole("heading", { name: "Prérequis", exact: true })).toBeVisible();
  // The list is paged and earlier tests add controls: only the task's own (its "Livrable").
  await page.getByRole("combobox", { name: "Livrable" }).selectOption({ label: taskName });
  const table = page.getByRole("table", { name: "Prérequis du projet" });
  const line = table.getByRole("row").filter({ hasText: name });
  await expect(line.getByRole("img", { name: "Vert : conforme, sans retard" })).toBeVisible();
  await shot(page, "quality-prerequisites");

  await line.getByRole("link", { name: `Ouvrir le contrôle ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Contrôle qualité : ${name}` })).toBeVisible();
  const history = page.getByRole("table", { name: "Historique des modifications" });
  await expect(history.getByRole("row").filter({ hasText: "Conforme" })).toBeVisible();
  await page.getByLabel("Commentaire").fill("Plans visés par le bureau de contrôle");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(history.getByRole("row").filter({ hasText: "Plans visés par le bureau de contrôle" })).toBeVisible();
  await shot(page, "quality-item");

  // Its due date in the calendar, coloured by its indicator; the arrows move day by day.
  const due = (await page
    .locator("dt", { hasText: "Échéance" })
    .locator("xpath=following-sibling::dd[1]")
    .textContent())!;
  const dueText = /\d{2}\/\d{2}\/\d{4}/.exec(due)![0];
  await page.getByRole("link", { name: "Voir dans le calendrier" }).click();
  await expect(page.getByRole("heading", { name: "Calendrier qualité" })).toBeVisible();
  const grid = page.getByRole("grid", { name: /^Échéances de/ });
  await expect(grid).toBeVisible();
  await shot(page, "quality-calendar");
  const day = grid.getByRole("gridcell", { name: new RegExp(`${dueText.replace(/\//g, "\\/")}, \\d+ échéances?`) });
  await expect(day.locator('[data-indicator="green"]').filter({ hasText: name })).toBeVisible();
  await expect(page.getByRole("heading", { name: `Échéances du ${dueText}` })).toBeVisible();
  await expect(page.getByRole("link", { name })).toBeVisible();
  await grid.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("heading", { name: `Échéances du ${dueText}` })).toBeHidden();
  await page.keyboard.press("ArrowLeft");
  await expect(page.getByRole("heading", { name: `Échéances du ${dueText}` })).toBeVisible();
});

test("an external member follows the prerequisites, changes a status and reads the history", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "externe@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/prerequisites");
  const table = page.getByRole("table", { name: "Prérequis du projet" });
  await expect(table.getByRole("row").nth(1)).toBeVisible();
  const first = table.getByRole("row").nth(1);
  await first.getByRole("checkbox").check();
  // A status for the selection, but no archiving or deletion for an external user.
  await expect(page.getByRole("button", { name: "Appliquer le statut" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Archiver la sélection" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Supprimer la sélection" })).toHaveCount(0);
  await first.getByRole("checkbox").uncheck();

  await first.getByRole("link").click();
  await expect(page.getByRole("heading", { name: /^Contrôle qualité : / })).toBeVisible();
  await expect(page.getByRole("button", { name: "Archiver" })).toHaveCount(0);
  const status = page.getByRole("combobox", { name: "Statut" });
  await status.selectOption((await status.inputValue()) === "partial" ? "compliant" : "partial");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  // The toast and its live region say it.
  await expect(page.getByText("Contrôle qualité mis à jour.").first()).toBeVisible();

  await page.goto("/dashboard/prerequisites?view=history");
  const changed = page.getByRole("table", { name: "Historique des contrôles" });
  await changed.getByRole("row").nth(1).getByRole("button").click();
  await expect(
    page
      .getByRole("table", { name: /^Historique des modifications : / })
      .getByRole("row")
      .nth(1),
  ).toBeVisible();
  await shot(page, "quality-history");
});

test("a manager models a prerequisite delivered to a task template", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/quality-control-template/prerequisites");
  await expect(page.getByRole("heading", { name: "Modèles de contrôles qualité" })).toBeVisible();
  await page.getByRole("button", { name: "Nouveau modèle" }).click();
  const dialog = page.getByRole("dialog", { name: "Nouveau modèle de contrôle" });
  await dialog.getByRole("textbox", { name: "Nom" }).fill("Réception des réservations");
  await dialog.getByRole("combobox", { name: "Catégorie" }).selectOption("reception-support");
  await dialog.getByRole("combobox", { name: "Livrables" }).click();
  // Fluent's multiselect options are checkable menu items.
  const option = dialog.getByRole("menuitemcheckbox").first();
  // The option names its sequence template; the list names the task template alone.
  const deliverable = ((await option.textContent()) ?? "").trim().replace(/ \(.*\)$/, "");
  await option.click();
  await page.keyboard.press("Escape");
  await shot(page, "quality-template-dialog");
  await dialog.getByRole("button", { name: "Enregistrer" }).click();
  await expect(dialog).toBeHidden();
  const row = page
    .getByRole("table", { name: "Modèles de prérequis" })
    .getByRole("row")
    .filter({ hasText: "Réception des réservations" });
  await expect(row).toContainText(deliverable);
  await expect(row).toContainText("Réception support");
  await shot(page, "quality-templates");
});
