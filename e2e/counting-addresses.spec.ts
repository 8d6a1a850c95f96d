import { expect, test } from "@playwright/test";
import { openDemoPlanning, shot, signIn } from "./helpers";

// The counting screens' addresses (spec 001 section 2, /dashboard/counting/{eventType}/{eventId}[/zone/{zoneId}]) on
// the demo: a task's zone in the countings list opens its counting in that zone; a sequence of the "tasks with
// sub-events" table opens its counting through its tasks, with its weighted progress; a macro-task its own tab.

test("opens a task's counting in its zone and a sequence's counting from the countings screen", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);
  await page.goto("/dashboard/countings");
  const tasks = page.getByRole("table", { name: "Tâches de la période" });
  await expect(tasks.getByRole("row").nth(1)).toBeVisible();

  // A task with a zone: its zone cell links to .../zone/{zoneId}, whose page names the zone.
  const zoneLink = tasks.getByRole("link", { name: /^Compter .+ dans la zone / }).first();
  // The zones' names come with their own request: "#3" until they are there.
  await expect(zoneLink).toHaveAttribute("aria-label", /^Compter .+ dans la zone (?!#\d+$).+$/);
  const label = (await zoneLink.getAttribute("aria-label"))!;
  const [, taskName, zoneName] = /^Compter (.+) dans la zone (.+)$/.exec(label)!;
  await zoneLink.click();
  await expect(page).toHaveURL(/\/dashboard\/counting\/task\/\d+\/zone\/\d+$/);
  await expect(page.getByRole("heading", { name: taskName })).toBeVisible();
  await expect(page.getByText(`Zone : ${zoneName}`)).toBeVisible();
  await shot(page, "counting-task-zone");

  // A sequence of the period: counted through its tasks.
  await page.goto("/dashboard/countings");
  const groups = page.getByRole("table", { name: "Tâches avec sous-tâches" });
  const sequenceRow = groups.getByRole("row").filter({ hasText: "Séquence" }).first();
  await expect(sequenceRow).toBeVisible();
  const sequence = sequenceRow.getByRole("link");
  const sequenceName = (await sequence.innerText()).trim();
  await sequence.click();
  await expect(page).toHaveURL(/\/dashboard\/counting\/sequence\/\d+$/);
  await expect(page.getByRole("heading", { name: sequenceName })).toBeVisible();
  await expect(page.getByTestId("sequence-progress")).toContainText(/Avancement \d+(,\d+)? % \(théorique/);
  const members = page.getByRole("table", { name: "Tâches de la séquence" });
  await expect(members.getByRole("row").nth(1)).toBeVisible();
  await expect(members.getByRole("link").first()).toHaveAttribute("href", /\/dashboard\/counting\/task\/\d+$/);
  await shot(page, "counting-sequence");

  // A macro-task's address leads to its counting tab.
  await page.goto("/dashboard/countings");
  const macro = groups.getByRole("row").filter({ hasText: "Macro-tâche" }).first().getByRole("link");
  await macro.click();
  await expect(page).toHaveURL(/\/dashboard\/macro-task\/\d+\/counting$/);
});
