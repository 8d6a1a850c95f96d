import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// Templates (issue 16): an admin builds a library sequence template of three task templates linked in a chain
// (Cloisons -> Électricité -> Peinture), imports it into the demo project, changes a copied task's trigram, and
// finds it in the project's task template list.

const NAME = `Second œuvre E2E ${Date.now() % 100000}`;

function toast(page: Page, text: string) {
  return page.locator(".fui-ToastTitle").filter({ hasText: text });
}

/** Opens a menu entry through the navigation: Configuration du projet > Bibliothèques > `item`. */
async function openLibraryMenu(page: Page, item: string) {
  const nav = page.getByRole("navigation", { name: "Navigation principale" });
  const config = nav.getByRole("button", { name: "Configuration du projet" });
  if ((await config.getAttribute("aria-expanded")) !== "true") await config.click();
  const libraries = nav.getByRole("button", { name: "Bibliothèques" });
  if ((await libraries.getAttribute("aria-expanded")) !== "true") await libraries.click();
  await nav.getByRole("button", { name: item, exact: true }).click();
}

/** The row of a sequence template's network whose task is `name`. */
function taskRow(page: Page, name: string) {
  return page
    .getByRole("table", { name: "Tâches du modèle" })
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name, exact: true }) });
}

/** Adds a task to the open sequence template with the "Ajouter une tâche" dialog. */
async function addTask(page: Page, task: { name: string; trigram: string; days: string; parent?: string }) {
  // Keyboard only: Enter on the button opens the dialog, Enter in a field submits it.
  const add = page.getByRole("button", { name: "Ajouter une tâche" });
  await add.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Ajouter une tâche au modèle" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("textbox", { name: "Nom", exact: true }).fill(task.name);
  await dialog.getByRole("textbox", { name: "Trigramme" }).fill(task.trigram);
  await expect(dialog.getByRole("textbox", { name: "Trigramme" })).toHaveValue(task.trigram.toUpperCase());
  await dialog.getByRole("textbox", { name: "Nombre de jours" }).fill(task.days);
  if (task.parent) {
    await dialog.getByRole("combobox", { name: "Prédécesseur à ajouter" }).selectOption({ label: task.parent });
    await dialog.getByRole("button", { name: "Ajouter un prédécesseur" }).click();
    await expect(dialog.getByRole("combobox", { name: `Type de lien avec ${task.parent}` })).toHaveValue("end-begin");
  }
  await dialog.getByRole("textbox", { name: "Nombre de jours" }).press("Enter");
  await expect(dialog).toBeHidden();
  await expect(toast(page, "Modèle de tâche créé.").first()).toBeVisible();
  // Focus comes back to the button that opened the dialog.
  await expect(add).toBeFocused();
}

test("an admin builds a library sequence template, imports it into the demo project and edits a copied task", async ({
  page,
}) => {
  await signIn(page, "admin@jalon.demo");
  await openDemoPlanning(page);

  // The library, reached through the menu (admin only).
  await openLibraryMenu(page, "Séquences globales");
  await expect(page).toHaveURL(/\/dashboard\/sequences-library$/);
  await expect(page.getByRole("heading", { level: 1, name: "Bibliothèque de séquences" })).toBeVisible();
  await page.getByRole("button", { name: "Nouveau modèle de séquence" }).click();
  const create = page.getByRole("dialog", { name: "Créer un modèle de séquence" });
  await create.getByRole("textbox", { name: "Nom" }).fill(NAME);
  await create.getByRole("textbox", { name: "Catégorie" }).fill("Logements");
  await create.getByRole("button", { name: "Créer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/sequence-library\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: `Modèle de séquence : ${NAME}` })).toBeVisible();

  // Its zone typology (the demo's flats are "Logements"), saved alone.
  await page.getByRole("textbox", { name: "Nouvelle typologie" }).fill("Logements");
  await page.getByRole("textbox", { name: "Nouvelle typologie" }).press("Enter");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Modèle de séquence mis à jour.").first()).toBeVisible();

  // Three task templates in a chain.
  await addTask(page, { name: "Cloisons", trigram: "clo", days: "5" });
  await addTask(page, { name: "Électricité", trigram: "ele", days: "3", parent: "Cloisons" });
  await addTask(page, { name: "Peinture", trigram: "pei", days: "4", parent: "Électricité" });
  const network = page.getByRole("table", { name: "Tâches du modèle" });
  await expect(network.getByRole("row")).toHaveCount(4);
  await expect(taskRow(page, "Électricité")).toContainText("Cloisons (Fin → Début, 0 j)");
  await expect(taskRow(page, "Peinture")).toContainText("Électricité (Fin → Début, 0 j)");

  // First and last tasks; the same task for both is refused before asking the server.
  await page.getByRole("combobox", { name: "Première tâche" }).selectOption({ label: "Cloisons" });
  await page.getByRole("combobox", { name: "Dernière tâche" }).selectOption({ label: "Cloisons" });
  await expect(page.getByText("La première et la dernière tâche de la séquence sont identiques.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
  await page.getByRole("combobox", { name: "Dernière tâche" }).selectOption({ label: "Peinture" });
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Modèle de séquence mis à jour.").first()).toBeVisible();
  await shot(page, "templates-library-sequence");

  // The library list pages from 10 rows.
  await page.getByRole("button", { name: "Retour à la liste" }).click();
  const libraryList = page.getByRole("table", { name: "Modèles de séquence de la bibliothèque" });
  await expect(libraryList.getByRole("link", { name: NAME, exact: true })).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Lignes par page" })).toHaveValue("10");
  await shot(page, "templates-library-list");

  // Into the demo project: the project's sequence templates, imported from the library.
  await openLibraryMenu(page, "Séquences du projet");
  await expect(page).toHaveURL(/\/dashboard\/sequences-pro$/);
  const open = page.getByRole("button", { name: "Importer depuis la bibliothèque" });
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Importer des modèles de séquence de la bibliothèque" });
  await dialog.getByRole("checkbox", { name: NAME }).check();
  await shot(page, "templates-import-dialog");
  await dialog.getByRole("button", { name: "Importer", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(toast(page, "1 modèle de séquence importé.").first()).toBeVisible();
  await expect(open).toBeFocused();
  const proList = page.getByRole("table", { name: "Modèles de séquence du projet" });
  const row = proList.getByRole("row").filter({ has: page.getByRole("link", { name: NAME, exact: true }) });
  await expect(row).toBeVisible();
  await expect(row).toContainText("Oui");
  await shot(page, "templates-project-sequences");

  // The copy keeps its network; a copied task's trigram is changed on its own page.
  await row.getByRole("link", { name: NAME }).click();
  await expect(page).toHaveURL(/\/dashboard\/sequence-pro\/\d+$/);
  await expect(page.getByRole("checkbox", { name: "Logements" })).toBeChecked();
  const copy = page.getByRole("table", { name: "Tâches du modèle" });
  await expect(taskRow(page, "Peinture")).toContainText("Électricité (Fin → Début, 0 j)");
  await shot(page, "templates-project-sequence");
  // Nothing instantiated from it yet: the synchronisation has nothing to change and ends ok.
  await page.getByRole("button", { name: "Synchroniser" }).click();
  await expect(toast(page, "Séquences synchronisées : 0 tâches ajoutées, 0 supprimées, 0 mises à jour.")).toBeVisible();
  await expect(page.getByText("À jour", { exact: true })).toBeVisible();
  await copy.getByRole("link", { name: "Électricité" }).click();
  await expect(page).toHaveURL(/\/dashboard\/event-pro\/\d+\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: "Modèle de tâche : Électricité" })).toBeVisible();
  const trigram = page.getByRole("textbox", { name: "Trigramme" });
  await expect(trigram).toHaveValue("ELE");
  await trigram.fill("elec");
  await expect(trigram).toHaveValue("ELEC");
  await page.getByRole("button", { name: "Enregistrer" }).click();
  await expect(toast(page, "Modèle de tâche mis à jour.").first()).toBeVisible();
  await shot(page, "templates-project-task");

  // The project's task template list shows it.
  await openLibraryMenu(page, "Tâches du projet");
  await expect(page).toHaveURL(/\/dashboard\/events-pro$/);
  const searched = page.waitForResponse((res) =>
    decodeURIComponent(res.url()).includes("filter=name||contL||Électricité"),
  );
  await page.getByRole("searchbox", { name: "Rechercher un modèle de tâche" }).fill("Électricité");
  await searched;
  const tasks = page.getByRole("table", { name: "Modèles de tâches du projet" });
  // Only rows of that name (the demo has its own Électricité too): the header is the one row without it.
  await expect(tasks.getByRole("row").filter({ hasNot: page.getByRole("link", { name: /Électricité/ }) })).toHaveCount(
    1,
  );
  const task = tasks
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "Électricité", exact: true }) })
    .filter({ hasText: NAME });
  await expect(task).toBeVisible();
  await expect(task).toContainText("ELEC");
  await shot(page, "templates-project-tasks");

  // Back in the library: the chain's first task cannot be deleted (catalogue refusal, nothing deleted), and a
  // file the server cannot read is refused with errors.import_format.
  await openLibraryMenu(page, "Tâches globales");
  await expect(page).toHaveURL(/\/dashboard\/events-library$/);
  // The project's list (same filter, same "1–3 sur 3") stays shown until the library's page has rendered: the
  // filter is chosen on the library's table, or it went to the page being left.
  const library = page.getByRole("table", { name: "Modèles de tâches de la bibliothèque" });
  await expect(library).toBeVisible();
  await page.getByRole("combobox", { name: "Modèle de séquence" }).selectOption({ label: NAME });
  await expect(page.getByText("1–3 sur 3")).toBeVisible();
  await library.getByRole("checkbox", { name: "Sélectionner Cloisons", exact: true }).check();
  await page.getByRole("button", { name: "Supprimer la sélection" }).click();
  const confirm = page.getByRole("dialog", { name: "Supprimer les modèles de tâche" });
  await confirm.getByRole("button", { name: "Supprimer" }).click();
  await expect(toast(page, "Ce modèle de tâche est utilisé et ne peut pas être supprimé.").first()).toBeVisible();
  await expect(library.getByRole("link", { name: "Cloisons", exact: true })).toBeVisible();
  await page.getByTestId("import-file").setInputFiles({
    name: "modeles.xlsx",
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: Buffer.from("ceci n'est pas un classeur"),
  });
  await expect(toast(page, "Le format du fichier importé est incorrect.").first()).toBeVisible();
  await shot(page, "templates-library-tasks");
});
