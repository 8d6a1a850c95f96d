import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, openDemoPlanning, planningSettled, shot, signIn } from "./helpers";

// Issue 22: axe-core (WCAG 2.0/2.1 A and AA) over every screen of the menu, the login page, the public planning
// and the accessibility statement: no critical and no serious violation. Each screen is loaded once.

const DEMO_PROJECT = "Résidence Les Jardins de l'Erdre — 48 logements";

interface Screen {
  path: string;
  /** The screen part of the document's title. */
  title: string;
  /** The title has the project part (a project is selected). */
  withProject?: boolean;
  planning?: boolean;
}

interface Finding {
  screen: string;
  id: string;
  impact: string;
  targets: string[];
}

/** The menu as the demo manager sees it, in menu order (web/src/app/navigation.ts), then the user menu's screen. */
const managerScreens: Screen[] = [
  { path: "/dashboard/projects", title: "Liste des projets", withProject: true },
  { path: "/dashboard/overview", title: "Tableau de bord", withProject: true },
  { path: "/dashboard/project", title: "Projet", withProject: true },
  { path: "/dashboard/imports", title: "Imports", withProject: true },
  { path: "/dashboard/events-pro", title: "Tâches du projet", withProject: true },
  { path: "/dashboard/sequences-pro", title: "Séquences du projet", withProject: true },
  { path: "/dashboard/participants-library", title: "Bibliothèque des lots", withProject: true },
  {
    path: "/dashboard/quality-control-template/prerequisites",
    title: "Modèles de contrôles qualité",
    withProject: true,
  },
  { path: "/dashboard/zones", title: "Zones", withProject: true },
  { path: "/dashboard/sequences", title: "Séquences", withProject: true },
  { path: "/dashboard/macro-tasks", title: "Macro-tâches", withProject: true },
  { path: "/dashboard/events", title: "Tâches", withProject: true },
  { path: "/dashboard/order-lines", title: "Lignes de commande", withProject: true },
  { path: "/dashboard/participants", title: "Métiers et intervenants", withProject: true },
  { path: "/dashboard/holidays", title: "Calendrier", withProject: true },
  { path: "/dashboard/milestones", title: "Jalons", withProject: true },
  { path: "/dashboard/tags", title: "Étiquettes", withProject: true },
  { path: "/dashboard/phases", title: "Phases", withProject: true },
  { path: "/dashboard/planning", title: "Planning", withProject: true, planning: true },
  { path: "/dashboard/quality-calendar", title: "Calendrier qualité", withProject: true },
  { path: "/dashboard/countings", title: "Avancements", withProject: true },
  { path: "/dashboard/participant-countings", title: "Effectifs des intervenants", withProject: true },
  { path: "/dashboard/roadblocks", title: "Points bloquants", withProject: true },
  { path: "/dashboard/prerequisites", title: "Prérequis", withProject: true },
  { path: "/dashboard/finishes", title: "Finitions", withProject: true },
  { path: "/dashboard/financial-monitoring", title: "Suivi financier", withProject: true },
  { path: "/dashboard/productivity", title: "Productivité", withProject: true },
  { path: "/dashboard/supply-monitoring", title: "Suivi des approvisionnements", withProject: true },
  { path: "/dashboard/remaining-work", title: "Reste à faire", withProject: true },
  { path: "/dashboard/progression", title: "Avancement", withProject: true },
  { path: "/dashboard/recalibration-tasks", title: "Tâches recalées", withProject: true },
  { path: "/dashboard/workforce-monitoring", title: "Suivi des effectifs", withProject: true },
  { path: "/accessibilite", title: "Accessibilité" },
];

/** The admin's own items: the global libraries and the users (user menu). */
const adminScreens: Screen[] = [
  { path: "/dashboard/events-library", title: "Bibliothèque de tâches" },
  { path: "/dashboard/sequences-library", title: "Bibliothèque de séquences" },
  { path: "/dashboard/users", title: "Utilisateurs" },
];

function expectedTitle(screen: Screen, project: string | null): string {
  return [screen.title, screen.withProject && project ? project : null, "Jalon"].filter(Boolean).join(" – ");
}

/** The screen is drawn with its data: no spinner left, the network quiet. */
async function settled(page: Page, screen: Screen): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => {});
  if (screen.planning) await planningSettled(page);
  await expect(page.locator(".fui-Spinner")).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator("main")).not.toBeEmpty();
}

async function scan(page: Page, name: string): Promise<Finding[]> {
  const t0 = Date.now();
  const result = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    // WCAG 2.5.3 (label in name) is an axe rule marked experimental: run it too.
    .options({ rules: { "label-content-name-mismatch": { enabled: true } } })
    // Fluent's focus-trap helpers (tabster): empty focusable <i> elements that screen readers skip.
    .exclude("i[data-tabster-dummy]")
    .analyze();
  console.log(`${name}: axe ${Date.now() - t0} ms`);
  return result.violations
    .filter((v) => v.impact === "critical" || v.impact === "serious")
    .map((v) => ({
      screen: name,
      id: v.id,
      impact: v.impact ?? "",
      targets: v.nodes.slice(0, 8).map((n) => n.target.join(" ")),
    }));
}

function report(findings: Finding[]): string {
  return findings
    .map((f) => `${f.screen}: ${f.id} (${f.impact}) on ${f.targets.length} element(s)\n    ${f.targets.join("\n    ")}`)
    .join("\n");
}

async function visit(page: Page, screen: Screen, project: string | null, titles: string[]): Promise<Finding[]> {
  const t0 = Date.now();
  await page.goto(screen.path);
  const t1 = Date.now();
  await settled(page, screen);
  console.log(`${screen.path}: load ${t1 - t0} ms, settle ${Date.now() - t1} ms`);
  const expected = expectedTitle(screen, project);
  await expect
    .poll(() => page.title(), { timeout: 5_000 })
    .toBe(expected)
    .catch(() => {});
  const title = await page.title();
  if (title !== expected) titles.push(`${screen.path}: "${title}" instead of "${expected}"`);
  return scan(page, screen.path);
}

/** Manager screens in chunks of six, each signing in anew: a loaded machine takes up to 30 s per screen. */
const CHUNK = 6;
const managerChunks = Array.from({ length: Math.ceil(managerScreens.length / CHUNK) }, (_, i) =>
  managerScreens.slice(i * CHUNK, (i + 1) * CHUNK),
);

test.describe("accessibility (axe-core, WCAG 2.1 A and AA)", () => {
  test("the sign-in page and the accessibility statement, signed out", async ({ page }) => {
    const findings: Finding[] = [];
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Se connecter" })).toBeVisible();
    findings.push(...(await scan(page, "/login")));
    await expect(page).toHaveTitle("Connexion – Jalon");

    await page.getByRole("link", { name: "Accessibilité" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Déclaration d'accessibilité" })).toBeVisible();
    await expect(page).toHaveTitle("Accessibilité – Jalon");
    findings.push(...(await scan(page, "/accessibilite (signed out)")));
    await shot(page, "accessibility-statement");
    await page.getByRole("heading", { name: "Voies de recours" }).scrollIntoViewIfNeeded();
    await shot(page, "accessibility-statement-remedies");
    expect(findings, report(findings)).toEqual([]);
  });

  for (const [i, chunk] of managerChunks.entries()) {
    test(`the manager's screens, part ${i + 1}: ${chunk[0].path} to ${chunk[chunk.length - 1].path}`, async ({
      page,
    }) => {
      test.setTimeout(300_000);
      const findings: Finding[] = [];
      const titles: string[] = [];
      await signIn(page, "manager@jalon.demo");
      await openDemoPlanning(page);
      for (const screen of chunk) findings.push(...(await visit(page, screen, DEMO_PROJECT, titles)));
      if (i === managerChunks.length - 1) {
        // The user menu's own screen.
        await page.getByRole("button", { name: /menu utilisateur/i }).click();
        await page.getByRole("menuitem", { name: "Paramètres" }).click();
        await expect(page).toHaveURL(/\/dashboard\/userinfos\/\d+$/);
        await settled(page, { path: "userinfos", title: "Paramètres du compte" });
        findings.push(...(await scan(page, "/dashboard/userinfos")));
      }
      expect(findings, report(findings)).toEqual([]);
      expect(titles, titles.join("\n")).toEqual([]);
    });
  }

  test("the planning's table view (the chart as a table, issue 22)", async ({ page }) => {
    test.setTimeout(180_000);
    await signIn(page, "manager@jalon.demo");
    await openDemoPlanning(page);
    const toggle = page.getByRole("button", { name: "Vue tableau" });
    await toggle.click();
    await expect(page.getByRole("table", { name: /Tâches de la version affichée/ })).toBeVisible();
    const findings = await scan(page, "/dashboard/planning (table view)");
    // Back to the chart: the choice is kept with the user's view, the other specs open the chart.
    await toggle.click();
    await expect(page.getByRole("treegrid")).toBeVisible();
    await page.waitForTimeout(900);
    expect(findings, report(findings)).toEqual([]);
  });

  test("the admin's screens and the public planning", async ({ page, browser }) => {
    test.setTimeout(300_000);
    const findings: Finding[] = [];
    const titles: string[] = [];
    await signIn(page, "admin@jalon.demo");
    for (const screen of adminScreens) findings.push(...(await visit(page, screen, null, titles)));

    // The public planning: the demo project shared for the time of the scan.
    const login = await page.request.post("/api/auth/login", {
      data: { email: "manager@jalon.demo", password: DEMO_PASSWORD },
    });
    const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
    const list = await (await page.request.get("/api/project", { headers })).json();
    const project = (list.data as { id: number; name: string }[]).find((p) => p.name === DEMO_PROJECT)!;
    const shared = await (
      await page.request.patch(`/api/project/${project.id}`, { headers, data: { isPublic: true } })
    ).json();
    try {
      const guest = await (await browser.newContext()).newPage();
      await guest.goto(`/dashboard/public-planning/${shared.shareToken as string}`);
      await planningSettled(guest);
      await expect(guest.getByTestId("grid-row").first()).toBeVisible();
      findings.push(...(await scan(guest, "/dashboard/public-planning")));
      // It names the project it shows (issue 20).
      await expect(guest.getByRole("heading", { level: 1, name: DEMO_PROJECT })).toBeVisible();
      if ((await guest.title()) !== `Planning public – ${DEMO_PROJECT} – Jalon`)
        titles.push(`public planning: "${await guest.title()}"`);
    } finally {
      await page.request.patch(`/api/project/${project.id}`, { headers, data: { isPublic: false } });
    }

    expect(findings, report(findings)).toEqual([]);
    expect(titles, titles.join("\n")).toEqual([]);
  });
});
