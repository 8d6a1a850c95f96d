import { expect, test, type Page } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// Issue 22: the planning grid as a screen reader gets it (an ARIA treegrid: column headers, groups as rows that
// fold, tasks as rows of cells), driven by the keyboard alone with one Tab stop, and the chart's table view.

/** What has the focus: its role, test id, row index and the focused row's name. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    return {
      role: el?.getAttribute("role") ?? null,
      testId: el?.dataset.testid ?? null,
      rowIndex: Number(el?.getAttribute("aria-rowindex") ?? -1),
      expanded: el?.getAttribute("aria-expanded") ?? null,
      text: el?.textContent ?? "",
    };
  });

for (const width of [1280, 1920]) {
  test(`the planning grid is a treegrid driven by the keyboard, and the table view lists tasks and legend (${width} px)`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, "manager@jalon.demo");
    // signIn empties the kept views: the chart opens, not a table view an earlier run left on.
    await openDemoPlanning(page);

    // The accessibility tree: a named treegrid, a header row of column headers, groups and tasks as rows of cells.
    const grid = page.getByRole("treegrid", { name: "Tâches du planning" });
    await expect(grid).toBeVisible();
    const snapshot = await grid.ariaSnapshot();
    expect(snapshot).toMatch(/- row "[^"]*":\n\s+- columnheader "Nom"\n\s+- columnheader "Lot"/);
    expect(snapshot).toContain('- columnheader "Jours"');
    // A task: a row named in short (name, dates, lot), not its cells run together, with its name, lot and date cells.
    expect(snapshot).toMatch(
      /- row "[^"]+, du \d{2}\/\d{2}\/\d{4} au \d{2}\/\d{2}\/\d{4}, (lot [^"]+|sans lot)"[^\n]*:\n(\s+- gridcell[^\n]*\n){4}/,
    );
    // A zone group: an expanded row named by its zone's path and its count of tasks.
    expect(snapshot).toMatch(/- row "Bâtiment [^"]+, \d+ tâches?" \[expanded\]/);
    const rowCount = Number(await grid.getAttribute("aria-rowcount"));
    expect(rowCount).toBeGreaterThan(600);
    const firstTask = page.getByTestId("grid-row").first();
    await expect(firstTask).toHaveAttribute("aria-level", "2");
    await expect(page.getByTestId("grid-group").first()).toHaveAttribute("aria-level", "1");
    // One Tab stop: a single row (or cell) of the grid is tabbable, the groups' "+" buttons are not.
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);
    await expect(grid.getByTestId("grid-group-add").first()).toHaveAttribute("tabindex", "-1");

    // Tab from the toolbar's last control reaches the grid's one stop: the first row (a group).
    await grid.locator('[tabindex="0"]').focus();
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Tab");
    await expect.poll(() => focused(page)).toMatchObject({ role: "row", rowIndex: 2, testId: "grid-group" });
    for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowDown");
    await expect.poll(() => focused(page)).toMatchObject({ role: "row", rowIndex: 5, testId: "grid-row" });
    await shot(page, `a11y-tree-focus-${width}`);
    // Tab leaves the grid in one step (the next control is not a grid row).
    await page.keyboard.press("Tab");
    await expect.poll(async () => (await focused(page)).rowIndex).toBe(-1);
    await page.keyboard.press("Shift+Tab");
    await expect.poll(async () => (await focused(page)).rowIndex).toBe(5);

    // End: the last row, scrolled into the virtual list; PageDown then stays there; Home back to the first.
    await page.keyboard.press("End");
    await expect.poll(async () => (await focused(page)).rowIndex).toBe(rowCount);
    await page.keyboard.press("Home");
    await expect.poll(async () => (await focused(page)).rowIndex).toBe(2);
    await page.keyboard.press("PageDown");
    await expect.poll(async () => (await focused(page)).rowIndex).toBeGreaterThan(10);
    const f = await focused(page);
    expect(f.role).toBe("row");
    const afterPage = f.rowIndex;
    await page.keyboard.press("PageUp");
    await expect.poll(async () => (await focused(page)).rowIndex).toBe(2);
    expect(afterPage).toBeGreaterThan(2);

    // Left on the first group folds it into one row, Right unfolds it; the focus stays on it.
    await expect(page.getByTestId("grid-group").first()).toHaveAttribute("aria-expanded", "true");
    await page.keyboard.press("ArrowLeft");
    await expect
      .poll(() => focused(page))
      .toMatchObject({ role: "row", rowIndex: 2, testId: "grid-aggregate", expanded: "false" });
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => focused(page))
      .toMatchObject({ role: "row", rowIndex: 2, testId: "grid-group", expanded: "true" });
    // Right on an unfolded group reaches its "+", Left comes back to the row.
    await page.keyboard.press("ArrowRight");
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLElement).dataset.testid))
      .toBe("grid-group-add");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => focused(page)).toMatchObject({ rowIndex: 2, testId: "grid-group" });
    // Down to a task, Left goes up to its group.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowDown");
    await expect.poll(async () => (await focused(page)).testId).toBe("grid-row");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => focused(page)).toMatchObject({ rowIndex: 2, testId: "grid-group" });

    // Right on a task goes into its cells (construction mode: inline edits), Home/End along the row, Left back.
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("ArrowRight");
    const col = () => page.evaluate(() => (document.activeElement as HTMLElement).dataset.col);
    await expect.poll(async () => (await focused(page)).role).toBe("gridcell");
    await expect.poll(col).toBe("name");
    await page.keyboard.press("End");
    await expect.poll(col).toBe("days");
    await page.keyboard.press("Home");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => focused(page)).toMatchObject({ role: "row", rowIndex: 3 });
    await expect(grid.locator('[tabindex="0"]')).toHaveCount(1);

    // The table view: the chart as a table with its legend.
    await page.getByRole("button", { name: "Vue tableau" }).click();
    const table = page.getByRole("table", { name: /Tâches de la version affichée/ });
    await expect(table).toBeVisible();
    await expect(page.getByRole("treegrid")).toHaveCount(0);
    await expect(table.getByRole("columnheader", { name: "Prédécesseurs" })).toBeVisible();
    const linked = table
      .getByTestId("planning-table-row")
      .filter({ hasText: /(Fin|Début) → (Début|Fin)/ })
      .first();
    await expect(linked).toBeVisible();
    const cells = await linked.locator("td").allTextContents();
    expect(cells[2]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(cells[3]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(cells[4]).toMatch(/^\d+$/);
    expect(cells[7]).toMatch(/^(Oui|Non)$/);
    expect(cells[8]).toMatch(/^(Oui|Non)$/);
    expect(cells[9]).toMatch(/^\d+ %$/);
    const legend = page.getByTestId("planning-table-legend");
    await expect(legend).toContainText(/Aujourd'hui : \d{2}\/\d{2}\/\d{4}/);
    await expect(legend).toContainText(/Fin projetée : \d{2}\/\d{2}\/\d{4}/);
    await expect(legend).toContainText(/Jours? fériés? de la période/);
    await expect(page.getByTestId("planning-table-page")).toContainText(/Page 1 sur \d+, tâches 1 à 50 sur \d{3}/);
    await shot(page, `a11y-table-view-${width}`);
    // Some task is critical (the demo has a critical path): found page after page.
    const next = page.getByTestId("planning-table-next");
    let critical = 0;
    for (let p = 2; critical === 0; p++) {
      critical = await table.locator("td", { hasText: /^Oui$/ }).count();
      if (critical > 0 || (await next.isDisabled())) break;
      await next.click();
      await expect(page.getByTestId("planning-table-page")).toContainText(`Page ${p} sur`);
    }
    expect(critical).toBeGreaterThan(0);

    // Back to the chart (the choice is kept with the user's view: left as it was for the other specs).
    await page.getByRole("button", { name: "Vue tableau" }).click();
    await expect(page.getByRole("treegrid")).toBeVisible();
    await page.waitForTimeout(900);
  });
}
