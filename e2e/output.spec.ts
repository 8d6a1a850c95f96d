import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, openDemoPlanning, planning, planningSettled, shot, signIn } from "./helpers";

/** The manager's API token and the demo project, for the setup steps that are not what the test is about. */
async function api(page: Page) {
  const login = await page.request.post("/api/auth/login", {
    data: { email: "manager@jalon.demo", password: DEMO_PASSWORD },
  });
  const token = (await login.json()).token as string;
  const headers = { Authorization: `Bearer ${token}` };
  const list = await (await page.request.get("/api/project", { headers })).json();
  // By its name: earlier specs of the run (interchange, shell, recalibration) create projects that may list first.
  const project = (list.data as { id: number; name: string; currentVersionId: number }[]).find((p) =>
    p.name.startsWith("Résidence Les Jardins de l'Erdre"),
  )!;
  expect(project, "the demo project").toBeDefined();
  return { headers, project };
}

function pdfPages(file: string): number {
  try {
    return Number(/Pages:\s+(\d+)/.exec(execFileSync("pdfinfo", [file], { encoding: "utf8" }))![1]);
  } catch {
    // Without poppler-utils, count the page objects.
    return (readFileSync(file, "latin1").match(/\/Type \/Page\b/g) ?? []).length;
  }
}

test.describe("planning output", () => {
  test("print from the planning: options, page grid preview, a PDF with the previewed pages", async ({ page }) => {
    await signIn(page, "manager@jalon.demo");
    await openDemoPlanning(page);
    await page.getByRole("combobox", { name: "Mode" }).click();
    await page.getByRole("option", { name: "Impression" }).click();
    const dialog = page.getByRole("dialog", { name: "Imprimer le planning" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Nom de l'impression").fill("Réunion de chantier n°12");
    await dialog.getByRole("radio", { name: "A4" }).check();
    await dialog.getByLabel("Mois par page").selectOption("2");
    const count = dialog.getByTestId("print-preview-count");
    // The preview tiles the printed months' rows as the server does once they are loaded.
    await expect(count).toHaveAttribute("data-exact", "true");
    await expect(count).toHaveText(/^\d+ × \d+ : \d+ pages?$/);
    const [across, down, total] = (await count.textContent())!.match(/\d+/g)!.map(Number);
    expect(total).toBe(across * down);
    await shot(page, "print-dialog");
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Imprimer" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^Planning_.*\.pdf$/);
    const path = "artifacts/e2e/planning-print.pdf";
    await file.saveAs(path);
    expect(readFileSync(path).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const pages = pdfPages(path);
    expect(pages).toBeGreaterThan(0);
    expect(pages).toBe(total);
    await expect(dialog).toBeHidden();
    try {
      execFileSync("pdftoppm", ["-png", "-r", "50", "-f", "1", "-l", "1", path, "artifacts/e2e/screens/print-page"]);
    } catch {
      // poppler-utils absent: the PDF itself is checked above.
    }
  });

  test("an external user prints the planning too: printing is reading", async ({ page }) => {
    await signIn(page, "externe@jalon.demo");
    await openDemoPlanning(page);
    // No mode list for a reader, but the print button.
    await expect(page.getByRole("combobox", { name: "Mode" })).toHaveCount(0);
    await page.getByTestId("print-open").click();
    const dialog = page.getByRole("dialog", { name: "Imprimer le planning" });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Nom de l'impression").fill("Visite sous-traitant");
    await expect(dialog.getByTestId("print-preview-count")).toHaveAttribute("data-exact", "true");
    await shot(page, "print-external");
    const download = page.waitForEvent("download");
    await dialog.getByRole("button", { name: "Imprimer" }).click();
    const path = "artifacts/e2e/planning-print-external.pdf";
    await (await download).saveAs(path);
    expect(readFileSync(path).subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(pdfPages(path)).toBeGreaterThan(0);
    await expect(dialog).toBeHidden();
  });

  test("the public link shows a read-only planning to a signed-out visitor, and stops when the project is private again", async ({
    page,
    browser,
  }) => {
    const { headers, project } = await api(page);
    const shared = await (
      await page.request.patch(`/api/project/${project.id}`, { headers, data: { isPublic: true } })
    ).json();
    const token = shared.shareToken as string;
    expect(token.length).toBeGreaterThanOrEqual(40);
    const guest = await (await browser.newContext()).newPage();
    await guest.goto(`/dashboard/public-planning/${token}`);
    await planningSettled(guest);
    await expect(guest.getByTestId("grid-row").first()).toBeVisible();
    // The page names the project, in its heading and its title (issue 20).
    await expect(guest.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
    await expect(guest).toHaveTitle(`Planning public – ${project.name} – Jalon`);
    await expect(guest.getByRole("button", { name: "Connexion" })).toBeVisible();
    // No editing control: no mode, no version panel, no filters that write, no user menu.
    await expect(guest.getByRole("combobox", { name: "Mode" })).toHaveCount(0);
    await expect(guest.getByTestId("print-open")).toHaveCount(0);
    await expect(guest.getByRole("button", { name: "Afficher les versions" })).toHaveCount(0);
    await expect(guest.getByRole("button", { name: /Enregistrer|Supprimer|Créer|Nouvelle/ })).toHaveCount(0);
    // A drag does nothing on the public planning.
    const id = (await planning(guest, (h) => h.ids()[0]))!;
    await planning(guest, (h, x) => h.scrollTo(x as number), id);
    await planningSettled(guest);
    const before = await planning(guest, (h, x) => h.dates(x as number), id);
    const bar = (await planning(guest, (h, x) => h.bar(x as number), id))!;
    await guest.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
    await guest.mouse.down();
    await guest.mouse.move(bar.x + bar.width / 2 + 60, bar.y + bar.height / 2, { steps: 5 });
    await guest.mouse.up();
    expect(await planning(guest, (h, x) => h.dates(x as number), id)).toEqual(before);
    await shot(guest, "public-planning");
    // Private again: the same link answers no more, at once.
    await page.request.patch(`/api/project/${project.id}`, { headers, data: { isPublic: false } });
    const again = await guest.request.get(`/api/planning/public/${token}`);
    expect(again.status()).toBe(404);
    await guest.reload();
    await expect(guest.getByRole("alert")).toContainText("Le planning n'a pas pu être chargé.");
  });

  test("compare two versions after moving a task: baselines and the delta in working days", async ({ page }) => {
    const { headers, project } = await api(page);
    const versions = (
      await (
        await page.request.get("/api/version", { headers, params: { filter: `projectId||$eq||${project.id}` } })
      ).json()
    ).data as { id: number; name: string }[];
    const reference = versions.find((v) => v.id !== project.currentVersionId)!;
    await signIn(page, "manager@jalon.demo");
    await openDemoPlanning(page);
    // A task that only the reference version has (the reference is frozen: delete one of the version on screen
    // instead, the last one on screen that nothing depends on).
    const onScreen = await planning(page, (h) => h.ids());
    let dropped: string | null = null;
    for (const candidate of onScreen.slice(1).reverse()) {
      const event = await (await page.request.get(`/api/event/${candidate}`, { headers })).json();
      if (event.type !== "task") continue;
      const del = await page.request.delete("/api/event/bulk-delete", {
        headers,
        data: { ids: [candidate], projectId: project.id },
      });
      if (del.ok()) {
        dropped = event.name as string;
        break;
      }
    }
    expect(dropped).not.toBeNull();
    // Choose the two versions in the versions panel and compare them.
    await page.getByRole("button", { name: "Afficher les versions" }).click();
    await page.getByRole("checkbox", { name: `Sélectionner pour la comparaison ${reference.name}` }).check();
    const current = versions.find((v) => v.id === project.currentVersionId)!;
    await page.getByRole("checkbox", { name: `Sélectionner pour la comparaison ${current.name}` }).check();
    await page.getByRole("button", { name: "Comparer (2)" }).click();
    await expect(page).toHaveURL(new RegExp(`compare=`));
    // The panel closes so that it does not cover the baselines.
    await expect(page.getByRole("button", { name: "Comparer (2)" })).toBeHidden();
    await planningSettled(page);
    await expect(page.getByTestId("comparison-legend")).toContainText(reference.name);
    // A task on screen that is in both versions with no shift yet.
    const id = await planning(page, (h) => h.ids()[0]);
    await planning(page, (h, x) => h.scrollTo(x as number), id);
    await planningSettled(page);
    const cell = page.locator(`[data-testid="grid-row"][data-event-id="${id}"] [data-testid="compare-delta"]`);
    await expect(cell).toBeVisible();
    // Rows grow by a band for the baselines: the bar keeps its height, the baselines go under it, not over it.
    const row = page.locator(`[data-testid="grid-row"][data-event-id="${id}"]`);
    expect((await row.boundingBox())!.height).toBeGreaterThanOrEqual(24 + 4);
    const firstBar = (await planning(page, (h, x) => h.bar(x as number), id))!;
    expect(firstBar.height).toBeLessThanOrEqual(18);
    // The task of the reference version only: its own row in the grid, marked with the version it comes from, not editable.
    const ghost = page.getByTestId("grid-ghost").filter({ hasText: dropped! });
    await expect
      .poll(
        async () => {
          // Scroll the grid down a screen at a time until the ghost row is drawn (the grid is virtualised).
          if (await ghost.count()) return true;
          await page
            .getByTestId("grid-row")
            .first()
            .evaluate((el) => {
              let s: Element | null = el;
              while (s && s.scrollHeight <= s.clientHeight + 1) s = s.parentElement;
              if (s) s.scrollTop += s.clientHeight * 0.8;
            });
          return false;
        },
        { timeout: 30_000, intervals: [150] },
      )
      .toBe(true);
    await ghost.scrollIntoViewIfNeeded();
    await expect(ghost).toBeVisible();
    await expect(ghost.getByTestId("ghost-versions")).toHaveText(`Uniquement dans ${reference.name}`);
    await expect(ghost).toHaveAttribute("aria-disabled", "true");
    await expect(page.getByTestId("comparison-legend")).toContainText("Contour en pointillés");
    await shot(page, "compare-versions-only-there");
    // Back to the task to move.
    await planning(page, (h, x) => h.scrollTo(x as number), id);
    await planningSettled(page);
    const before = (await cell.textContent())!;
    const startDelta = (s: string) => Number((/Δ ([+−]?\d+)/.exec(s)?.[1] ?? "0").replace("−", "-").replace("+", ""));
    const bar = (await planning(page, (h, x) => h.bar(x as number), id))!;
    const dayWidth = await planning(page, (h) => h.dayWidth);
    await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + bar.width / 2 + dayWidth * 3, bar.y + bar.height / 2, { steps: 5 });
    await page.mouse.move(bar.x + bar.width / 2 + dayWidth * 7, bar.y + bar.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(async () => startDelta((await cell.textContent()) ?? "")).toBeGreaterThan(startDelta(before));
    await expect(cell).toHaveAttribute(
      "title",
      new RegExp(`${reference.name} : début [+−]?\\d+ j ouvrés, fin [+−]?\\d+ j ouvrés`),
    );
    // The canvas tooltip of the moved task gives the same deltas. Rows follow start dates, so the moved task
    // may have gone down the list: bring it back on screen first.
    await planning(page, (h, x) => h.scrollTo(x as number), id);
    await planningSettled(page);
    const moved = (await planning(page, (h, x) => h.bar(x as number), id))!;
    // The pointer is still where the drop left it: leave the bar first so that coming back is a real hover.
    await page.mouse.move(moved.x + moved.width / 2, moved.y - 40);
    await page.mouse.move(moved.x + moved.width / 2, moved.y + moved.height / 2, { steps: 3 });
    await expect(page.getByTestId("gantt-canvas")).toHaveAttribute(
      "title",
      new RegExp(`${reference.name} : début [+−]?\\d+ j ouvrés`),
    );
    await shot(page, "compare-versions");
    // The legend folds so that the bars under it can be read, and unfolds again.
    const legend = page.getByTestId("comparison-legend");
    await legend.getByRole("button", { name: "Réduire" }).click();
    await expect(legend).not.toContainText("Contour en pointillés");
    await shot(page, "compare-legend-folded");
    await legend.getByRole("button", { name: /^Comparaison \(\d+ versions?\)$/ }).click();
    await page.getByRole("button", { name: "Arrêter la comparaison" }).click();
    await expect(page).not.toHaveURL(/compare=/);
    await expect(page.getByTestId("compare-delta")).toHaveCount(0);
  });
});
