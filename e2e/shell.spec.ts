import { expect, test, type Page } from "@playwright/test";
import { shot, signIn } from "./helpers";

// The shell, projects, versions and users of issue 5, against the real server with the demo accounts.

/** A toast's title (the live region repeats the text for screen readers). */
function toast(page: Page, text: string) {
  return page.locator(".fui-ToastTitle").filter({ hasText: text });
}

async function expectNotAriaHidden(page: Page, name: string) {
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  expect(await dialog.evaluate((el) => el.closest("[aria-hidden='true']") === null)).toBe(true);
}

test.describe("shell", () => {
  test("an anonymous deep link goes through /login and comes back after signing in", async ({ page }) => {
    await page.goto("/dashboard/users?tri=nom");
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeDisabled();
    await shot(page, "shell-login");
    await page.getByLabel("Adresse e-mail").fill("admin@jalon.demo");
    await page.getByLabel("Mot de passe").fill("jalon-demo");
    await page.getByLabel("Mot de passe").press("Enter");
    await expect(page).toHaveURL(/\/dashboard\/users\?tri=nom$/);
    const table = page.getByRole("table", { name: "Utilisateurs" });
    await expect(table.getByRole("columnheader")).toHaveText([
      "Prénom",
      "Nom",
      "Adresse e-mail",
      "Type",
      "Créé le",
      "Modifié le",
      "Actions",
    ]);
    await expect(table.getByText("manager@jalon.demo")).toBeVisible();
    await shot(page, "shell-users-admin");
  });

  test("an external user is sent back to the project list from a manager route", async ({ page }) => {
    await signIn(page, "externe@jalon.demo");
    await expect(page.getByRole("list", { name: "Liste des projets" }).getByRole("listitem").first()).toBeVisible();
    await shot(page, "shell-projects-external");
    await page.goto("/dashboard/events");
    await expect(page).toHaveURL(/\/dashboard\/projects$/);
    await page.getByRole("button", { name: "Menu utilisateur" }).click();
    await expect(page.getByText("Utilisateur externe")).toBeVisible();
    await page.getByRole("menuitem", { name: "Paramètres" }).click();
    await expect(page).toHaveURL(/\/dashboard\/userinfos\/\d+$/);
    await expect(page.getByRole("button", { name: "Enregistrer" })).toBeDisabled();
    await shot(page, "shell-userinfos");
  });

  test("forgot and reset-password: button rules, the sent message, the mismatch and a refused link", async ({
    page,
  }) => {
    await page.goto("/forgot");
    const send = page.getByRole("button", { name: "Envoyer" });
    await expect(send).toBeDisabled();
    await page.getByLabel("Adresse e-mail").fill("manager.jalon.demo");
    await expect(send).toBeDisabled();
    await page.getByLabel("Adresse e-mail").fill("manager@jalon.demo");
    await expect(send).toBeEnabled();
    await shot(page, "shell-forgot");
    await send.click();
    await expect(toast(page, "Un e-mail de réinitialisation vous a été envoyé.")).toBeVisible();

    await page.goto("/reset-password/lien-inconnu-0123456789");
    const set = page.getByRole("button", { name: "Définir le mot de passe" });
    await page.getByLabel("Nouveau mot de passe").fill("chantier-2026");
    await page.getByLabel("Confirmation du mot de passe").fill("chantier");
    await expect(page.getByText("Les mots de passe ne sont pas identiques")).toBeVisible();
    await expect(set).toBeDisabled();
    await shot(page, "shell-reset-mismatch");
    await page.getByLabel("Confirmation du mot de passe").fill("chantier-2026");
    await set.click();
    await expect(toast(page, "Le lien de réinitialisation est invalide ou a déjà été utilisé.")).toBeVisible();
    await expect(page).toHaveURL(/\/reset-password\//);
  });

  test("wrong credentials show the catalogue message", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Adresse e-mail").fill("manager@jalon.demo");
    await page.getByLabel("Mot de passe").fill("mauvais");
    await page.getByRole("button", { name: "Se connecter" }).click();
    await expect(toast(page, "Adresse e-mail ou mot de passe incorrect.")).toBeVisible();
  });
});

test.describe("projects and versions", () => {
  test("a manager creates a project and a version, freezes, signs and sees the badge; another user follows live", async ({
    browser,
  }) => {
    // Two signed-in contexts, five version copies and an import: more than the default minute on a loaded machine.
    test.setTimeout(150_000);
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, "manager@jalon.demo");
    await expect(
      page.getByRole("navigation", { name: "Navigation principale" }).getByRole("button", { name: "Planning" }),
    ).toBeDisabled();
    await expect(page.getByText("Résidence Les Jardins de l'Erdre — 48 logements").first()).toBeVisible();
    await expect(page.getByText("Chargement…")).toHaveCount(0);
    await shot(page, "projects-list");

    // Creation
    await page.getByRole("button", { name: "Nouveau projet" }).click();
    await expect(page).toHaveURL(/\/dashboard\/project\/new$/);
    const name = `Halle E2E ${Date.now() % 100000}`;
    await page.getByLabel("Nom du projet").fill(name);
    await page.getByLabel("Maître d'ouvrage").fill("Métropole de Lyon");
    await page.getByLabel("Date de début prévue").fill("01/09/2026");
    await page.getByLabel("Date de fin prévue").fill("17/12/2027");
    await page.getByRole("button", { name: "Créer" }).click();
    await expect(page).toHaveURL(/\/dashboard\/project\/\d+$/);
    const projectId = Number(page.url().split("/").pop());
    await expect(page.getByRole("banner").getByText(name)).toBeVisible();
    await expect(page.getByLabel("Date de fin prévue")).toHaveValue("17/12/2027");
    // The created project is shown at once: no spinner between the creation and its edit page.
    await expect(page.getByText("Chargement…")).toHaveCount(0);
    await shot(page, "project-edit");

    // A second user (the administrator) watches the same project.
    const otherCtx = await browser.newContext();
    const other = await otherCtx.newPage();
    await signIn(other, "admin@jalon.demo");
    await other.goto(`/dashboard/project/${projectId}`);
    await expect(other.getByRole("banner").getByText(name)).toBeVisible({ timeout: 20_000 });

    // Versions panel: create a version.
    await page.getByRole("button", { name: "Afficher les versions" }).click();
    const panel = page.getByRole("complementary", { name: "Versions" });
    await expect(panel).toBeVisible();
    await expect(panel.getByRole("button", { name: "Créer la version" })).toBeDisabled();
    await panel.getByLabel("Nom de la version").fill("Version DCE");
    await panel.getByRole("button", { name: "Créer la version" }).click();
    await expect(toast(page, "Version : La nouvelle version est prête.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Afficher les versions" })).toHaveText(/Version DCE/);
    await expect(panel.getByRole("row", { name: "Version DCE" })).toBeVisible();
    // The other user switched to the new current version without reloading, and got no confirmation toast.
    await expect(other.getByRole("button", { name: "Afficher les versions" })).toHaveText(/Version DCE/, {
      timeout: 20_000,
    });
    await expect(toast(other, "La nouvelle version est prête.")).toHaveCount(0);
    await shot(page, "versions-panel");

    // Compare: a fifth version is refused.
    for (const n of ["V3", "V4", "V5"]) {
      await panel.getByLabel("Nom de la version").fill(n);
      await panel.getByRole("button", { name: "Créer la version" }).click();
      await expect(panel.getByRole("row", { name: n })).toBeVisible({ timeout: 20_000 });
    }
    const boxes = panel.getByRole("checkbox", { name: /^Sélectionner pour la comparaison/ });
    await expect(boxes).toHaveCount(5);
    for (let i = 0; i < 4; i++) await boxes.nth(i).check();
    await boxes.nth(4).click();
    await expect(toast(page, "Version : Veuillez comparer 4 versions au maximum")).toBeVisible();
    await expect(boxes.nth(4)).not.toBeChecked();
    for (let i = 0; i < 4; i++) await boxes.nth(i).uncheck();

    // A version is frozen only once it holds changes: add a task to the current version (V5).
    const created = await page.evaluate(async (id) => {
      const token = localStorage.getItem("jalon.token");
      const versions = await (
        await fetch(`/api/version?filter=projectId||$eq||${id}&sort=id,DESC&limit=1`, {
          headers: { authorization: `Bearer ${token}` },
        })
      ).json();
      const res = await fetch("/api/event", {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({
          projectId: id,
          versionId: versions.data[0].id,
          name: "Terrassements",
          type: "task",
          startDate: "2026-09-07",
          numberOfDays: 5,
        }),
      });
      return res.status;
    }, projectId);
    expect(created).toBe(201);

    // Freeze: asks for the name of the next version.
    await panel.getByRole("button", { name: "Figer la version" }).click();
    await expectNotAriaHidden(page, "Figer la version courante");
    await shot(page, "versions-freeze");
    await page.getByLabel("Nom de la nouvelle version").fill("Version EXE");
    await page.getByRole("button", { name: "Figer", exact: true }).click();
    await expect(toast(page, "Version : Version figée.")).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole("button", { name: "Afficher les versions" })).toHaveText(/Version EXE/, {
      timeout: 20_000,
    });

    // Sign: afterwards the header shows the disabled badge and signing is no longer offered.
    await panel.getByRole("button", { name: "Signer la version" }).click();
    await expectNotAriaHidden(page, "Signer la version courante ?");
    await page.getByRole("button", { name: "Signer", exact: true }).click();
    await expect(page.getByRole("banner").getByRole("button", { name: "Version signée" })).toBeDisabled();
    await expect(panel.getByRole("button", { name: "Signer la version" })).toHaveCount(0);
    await shot(page, "versions-signed");

    // Users tab, then archive: the action disappears and the project shows 'Archivé'.
    await page.getByRole("tab", { name: "Utilisateurs" }).click();
    const members = page.getByRole("table", { name: "Utilisateurs du projet" });
    await expect(members.getByText("manager@jalon.demo")).toBeVisible();
    await shot(page, "project-users");

    // Import: the downloaded template, sent back as it is, adds its example user to the project.
    await page.getByRole("button", { name: "Importer des utilisateurs" }).click();
    const importDialog = page.getByRole("dialog", { name: "Importer des utilisateurs (.xlsx)" });
    await expectNotAriaHidden(page, "Importer des utilisateurs (.xlsx)");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      importDialog.getByRole("link", { name: /Télécharger le modèle/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("Modèle import utilisateurs.xlsx");
    const template = test.info().outputPath(download.suggestedFilename());
    await download.saveAs(template);
    await importDialog.getByLabel("Fichier à importer").setInputFiles(template);
    await expect(importDialog.getByText("Modèle import utilisateurs.xlsx")).toBeVisible();
    await shot(page, "project-users-import");
    await importDialog.getByRole("button", { name: "Importer", exact: true }).click();
    await expect(toast(page, "Utilisateur : 1 utilisateur ajouté au projet.")).toBeVisible();
    await expect(members.getByText("camille.durand@exemple.fr")).toBeVisible();
    // The same file again: everybody is already in the project.
    await page.getByRole("button", { name: "Importer des utilisateurs" }).click();
    await importDialog.getByLabel("Fichier à importer").setInputFiles(template);
    await importDialog.getByRole("button", { name: "Importer", exact: true }).click();
    await expect(importDialog.getByRole("alert")).toHaveText(
      "Les utilisateurs renseignés ont déjà été affectés au projet",
    );
    await shot(page, "project-users-import-refused");
    await importDialog.getByRole("button", { name: "Annuler" }).click();
    await page.getByRole("tab", { name: "Général" }).click();
    await page.getByRole("button", { name: "Archiver le projet" }).click();
    await expectNotAriaHidden(page, "Archiver le projet ?");
    await page.getByRole("button", { name: "Archiver", exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard\/project$/);
    await expect(page.getByRole("banner").getByText("Archivé")).toBeVisible();
    await expect(page.getByRole("button", { name: "Archiver le projet" })).toHaveCount(0);
    await shot(page, "project-archived");
    await ctx.close();
    await otherCtx.close();
  });

  test("an administrator's dialogs: new user, new project, duplication", async ({ page }) => {
    await signIn(page, "admin@jalon.demo");
    await page.goto("/dashboard/users");
    await page.getByRole("button", { name: "Nouvel utilisateur" }).click();
    await expectNotAriaHidden(page, "Nouvel utilisateur");
    await shot(page, "users-admin-create");
    await page.getByRole("button", { name: "Annuler" }).click();
    await page.goto("/dashboard/project/new");
    await expect(page.getByRole("heading", { name: "Nouveau projet" })).toBeVisible();
    await shot(page, "project-new");
    await page.goto("/dashboard/projects");
    await page
      .getByRole("list", { name: "Liste des projets" })
      .getByRole("listitem")
      .first()
      .getByRole("button", { name: "Modifier" })
      .click();
    await page.getByRole("button", { name: "Dupliquer le projet" }).click();
    await expectNotAriaHidden(page, "Dupliquer le projet");
    const dialog = page.getByRole("dialog", { name: "Dupliquer le projet" });
    await expect(dialog.getByRole("checkbox").first()).toBeVisible();
    await shot(page, "project-duplicate");
    await dialog.getByRole("button", { name: "Annuler" }).click();
  });

  test("external users of a project, and the mobile navigation", async ({ browser }) => {
    const ctx = await browser.newContext();
    const page = await ctx.newPage();
    await signIn(page, "manager@jalon.demo");
    await page
      .getByRole("list", { name: "Liste des projets" })
      .getByRole("listitem")
      .first()
      .getByRole("button", { name: "Ouvrir" })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/planning/);
    await page.goto("/dashboard/link-external-users");
    await expect(page.getByRole("heading", { name: "Utilisateurs externes du projet" })).toBeVisible();
    await shot(page, "external-users");
    await page.setViewportSize({ width: 390, height: 800 });
    await page.getByRole("button", { name: "Ouvrir le menu" }).click();
    const nav = page.getByRole("navigation", { name: "Navigation principale" });
    await expect(nav).toBeVisible();
    // The drawer slides in: shoot it once it has stopped moving.
    await expect.poll(async () => (await nav.boundingBox())?.x).toBeGreaterThanOrEqual(0);
    await page.waitForTimeout(400);
    await shot(page, "nav-mobile");
    await nav.getByRole("button", { name: "Liste des projets" }).click();
    await expect(page).toHaveURL(/\/dashboard\/projects$/);
    await expect(nav).toBeHidden();
    await ctx.close();
  });
});
