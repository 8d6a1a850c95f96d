import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, openDemoPlanning, planning, planningSettled, shot, signIn, taskBarInChart } from "./helpers";

/** Issue 20, readable at a glance: the critical path, zone paths in the grid, the time header, compare badges. */

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1920, 1280]) {
    await page.setViewportSize({ width, height: width === 1920 ? 1000 : 800 });
    await planningSettled(page);
    await shot(page, `planning-readable-${name}-${width}`);
  }
}

test.describe("planning readable at a glance", () => {
  test("critical path on: its bars and links drawn in their style, with a legend; zone groups by full path", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await signIn(page, "manager@jalon.demo");
    await openDemoPlanning(page);

    // Zone groups are named by their full path from the building, the whole path in their title.
    const group = page
      .getByTestId("grid-group")
      .filter({ hasText: /^Bâtiment [AB] \/ R\+\d/ })
      .first();
    await expect(group).toBeVisible();
    const label = (await group.getByTestId("group-label").textContent())!;
    expect(label).toMatch(/^Bâtiment [AB] \/ R\+\d( \/ .+)?$/);
    expect(await group.getAttribute("title")).toContain(label);

    await page.getByRole("switch", { name: "Chemin critique" }).click();
    await expect(page.getByTestId("chart-legend")).toContainText("Tâche critique : contour épais et hachures");
    await expect(page.getByTestId("chart-legend")).toContainText("Liaison critique : trait épais");
    // The worker's critical path, then the frame that draws it.
    await expect.poll(() => planning(page, (h) => h.critical().length), { timeout: 20_000 }).toBeGreaterThan(0);
    const critical = await planning(page, (h) => h.critical());
    // Bring a critical task that has a critical successor on screen, so that a critical link is drawn too.
    const chain = await planning(
      page,
      (h, ids) => {
        const set = new Set(ids as number[]);
        const link = h.links().find((l) => set.has(l.parentId) && set.has(l.childId));
        return link ? link.parentId : (ids as number[])[0];
      },
      critical,
    );
    await planning(page, (h, x) => h.scrollTo(x as number), chain);
    await planningSettled(page);
    await expect.poll(() => planning(page, (h) => h.readable().criticalBars.length)).toBeGreaterThan(0);
    const drawn = await planning(page, (h) => h.readable());
    for (const id of drawn.criticalBars) expect(critical).toContain(id);
    expect(drawn.criticalLinks.length).toBeGreaterThan(0);
    for (const link of drawn.criticalLinks) {
      const [p, c] = link.split("-").map(Number);
      expect(critical).toContain(p);
      expect(critical).toContain(c);
    }
    await shots(page, "critical");

    // Off again: nothing drawn as critical, no legend.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.getByRole("switch", { name: "Chemin critique" }).click();
    // The legend keeps the marks of the version's other states (counted tasks), not the critical path's.
    await expect(page.getByText("Tâche critique : contour épais et hachures")).toHaveCount(0);
    await expect.poll(() => planning(page, (h) => h.readable().criticalBars.length)).toBe(0);
  });

  test("bar states told besides their colour: a counted task's progress mark, a locked task's padlock, in the legend", async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width: 1920, height: 1000 });
    await signIn(page, "manager@jalon.demo");
    await openDemoPlanning(page);
    await page.getByTestId("view-month").click();
    await planningSettled(page);
    const legend = page.getByTestId("chart-legend");

    // Locked from its menu (the current version): the padlock is drawn and named in the legend; unlocked, both go.
    const { id } = await taskBarInChart(page, { room: 60 });
    // The row's menu (a DOM element: no geometry to go stale while the chart settles).
    const row = page.locator(`[data-testid="grid-row"][data-event-id="${id}"]`);
    await row.click({ button: "right" });
    const menu = page.getByTestId("planning-context-menu");
    await menu.getByRole("menuitem", { name: "Verrouiller" }).click();
    await expect.poll(() => planning(page, (h) => h.readable().lockedBars), { timeout: 30_000 }).toContain(id);
    await expect(legend.getByTestId("legend-locked")).toHaveText("Tâche verrouillée : cadenas");
    await planningSettled(page);
    await shot(page, "planning-marks-locked-1920");
    await page.setViewportSize({ width: 1280, height: 800 });
    await planning(page, (h, x) => h.scrollTo(x as number), id);
    await planningSettled(page);
    await shot(page, "planning-marks-locked-1280");
    await row.click({ button: "right" });
    await menu.getByRole("menuitem", { name: "Déverrouiller" }).click();
    await expect.poll(() => planning(page, (h) => h.readable().lockedBars), { timeout: 30_000 }).not.toContain(id);
    await expect(legend.getByTestId("legend-locked")).toHaveCount(0);

    // The signed version, counted on site: a counted task's bar drawn with its progress mark, named in the legend.
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.getByRole("button", { name: "Afficher les versions" }).click();
    const panel = page.getByRole("complementary", { name: "Versions" });
    await panel.getByRole("button", { name: "Afficher Planning de référence" }).click();
    await panel.getByRole("button", { name: "Fermer le panneau des versions" }).click();
    await expect.poll(async () => (await planning(page, (h) => h.barStates().progress)).length).toBeGreaterThan(0);
    await planningSettled(page);
    // One under way if there is one: its done share closed by a tick.
    const counted = await planning(page, (h) => h.barStates().partial[0] ?? h.barStates().progress[0]);
    await planning(page, (h, x) => h.scrollTo(x as number), counted);
    await planningSettled(page);
    await expect.poll(() => planning(page, (h) => h.readable().progressBars)).toContain(counted);
    await expect(legend.getByTestId("legend-progress")).toHaveText(
      "Avancement : part réalisée soulignée et fermée d'un trait, pourcentage écrit",
    );
    await shot(page, "planning-marks-progress-1920");
  });

  test("year view header at the smallest zoom: no overlapping labels", async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    await signIn(page, "manager@jalon.demo");
    await openDemoPlanning(page);
    await page.getByTestId("view-year").click();
    const zoom = page.getByRole("slider", { name: "Zoom" });
    await zoom.fill("20");
    await expect(zoom).toHaveValue("20");
    await planningSettled(page);
    await shots(page, "year-header");
    await page.setViewportSize({ width: 1920, height: 1000 });
    await page.getByTestId("view-month").click();
    await planningSettled(page);
    await shot(page, "planning-readable-month-header-1920");
  });

  test("compare: delta badges right of the moved bar against the referent version, with a legend", async ({ page }) => {
    await page.setViewportSize({ width: 1920, height: 1000 });
    const login = await page.request.post("/api/auth/login", {
      data: { email: "manager@jalon.demo", password: DEMO_PASSWORD },
    });
    const headers = { Authorization: `Bearer ${(await login.json()).token as string}` };
    await signIn(page, "manager@jalon.demo");
    await openDemoPlanning(page);
    const list = (await (await page.request.get("/api/project", { headers })).json()).data as {
      id: number;
      name: string;
      currentVersionId: number;
    }[];
    const project = list.find((p) => p.name.includes("Erdre"))!;
    const versions = (
      await (
        await page.request.get("/api/version", { headers, params: { filter: `projectId||$eq||${project.id}` } })
      ).json()
    ).data as { id: number; name: string; isReferentVersion: boolean }[];
    const referent = versions.find((v) => v.isReferentVersion && v.id !== project.currentVersionId)!;
    expect(referent).toBeTruthy();

    // Move a task on screen by a week: it now differs from the referent version.
    const dayWidth = await planning(page, (h) => h.dayWidth);
    const { id, bar } = await taskBarInChart(page, { room: dayWidth * 8 });
    const before = await planning(page, (h, x) => h.dates(x as number), id);
    await page.mouse.move(bar.x + bar.width / 2, bar.y + bar.height / 2);
    await page.mouse.down();
    await page.mouse.move(bar.x + bar.width / 2 + dayWidth * 3, bar.y + bar.height / 2, { steps: 5 });
    await page.mouse.move(bar.x + bar.width / 2 + dayWidth * 7, bar.y + bar.height / 2, { steps: 8 });
    await page.mouse.up();
    await expect.poll(() => planning(page, (h, x) => h.dates(x as number), id)).not.toEqual(before);

    const url = new URL(page.url());
    url.searchParams.set("compare", String(referent.id));
    await page.goto(url.toString());
    await planningSettled(page);
    await expect(page.getByTestId("comparison-legend")).toContainText(`${referent.name} (version de référence)`);
    await expect(page.getByTestId("compare-reference")).toContainText(`par rapport à ${referent.name}`);
    await planning(page, (h, x) => h.scrollTo(x as number), id);
    await planningSettled(page);
    await expect
      .poll(async () => (await planning(page, (h) => h.readable().badges)).some((b) => b.id === id))
      .toBe(true);
    const badge = (await planning(page, (h) => h.readable().badges)).find((b) => b.id === id)!;
    expect(badge.text).toMatch(/^Δ \+\d+ \/ \+\d+$/);
    // Right of the bar's end, off the grid's names.
    const moved = (await planning(page, (h, x) => h.bar(x as number), id))!;
    expect(badge.x).toBeGreaterThanOrEqual(moved.x + moved.width);
    const grid = await page.getByTestId("grid-row").first().boundingBox();
    expect(badge.x).toBeGreaterThan(grid!.x + grid!.width);
    // The screen-reader text of the grid row says the same delta.
    await expect(
      page.locator(`[data-testid="grid-row"][data-event-id="${id}"] [data-testid="compare-delta"]`),
    ).toHaveText(badge.text);
    await shots(page, "compare");
  });
});
