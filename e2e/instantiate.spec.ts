import { expect, test } from "@playwright/test";
import { openDemoPlanning, planning, planningSettled, shot, signIn } from "./helpers";

// Instantiation on zones (issue 16): a planner opens "Instancier un modèle" from the planning's toolbar with the
// keyboard, lays the demo project's template "Parties communes d'un niveau" (typology Circulations) over the
// common parts of four levels of building A at a takt of 2 working days, sees the live preview of the train,
// confirms, gets the focus back on the toolbar button, and finds the train's tasks drawn on the Gantt at the
// previewed dates.

interface Created {
  id: number;
  instantiationConfigId: number;
  events: { id: number; name: string; zoneId: number | null; startDate: string; endDate: string; type: string }[];
}

const LEVELS = ["R+0", "R+1", "R+2", "R+3"];
const zone = (level: string) => `Bâtiment A / ${level} / Parties communes`;
const fr = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

test("a planner instantiates a template over four zones from the planning, previews the train and sees it on the Gantt", async ({
  page,
}) => {
  await signIn(page, "manager@jalon.demo");
  await openDemoPlanning(page);

  const open = page.getByRole("button", { name: "Instancier un modèle" });
  // The keyboard shortcut (Maj+I, announced on the button) opens the dialog; Escape closes it.
  await expect(open).toHaveAttribute("aria-keyshortcuts", "Shift+I");
  await page.getByRole("heading", { level: 1 }).click();
  await page.keyboard.press("Shift+I");
  await expect(page.getByRole("dialog", { name: "Instancier un modèle de séquence" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog", { name: "Instancier un modèle de séquence" })).toBeHidden();
  await open.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Instancier un modèle de séquence" });
  await expect(dialog).toBeVisible();

  await dialog.getByRole("combobox", { name: /Modèle de séquence/ }).click();
  await page.getByRole("option", { name: "Parties communes d'un niveau" }).click();
  await expect(dialog.getByRole("textbox", { name: /Nom de la séquence/ })).toHaveValue("Parties communes d'un niveau");
  await expect(dialog.getByText("Typologies acceptées : Circulations")).toBeVisible();
  // A dwelling (typology Logements) is offered, disabled, with the reason.
  const refused = dialog.getByRole("checkbox", { name: "Bâtiment A / R+1 / Logements nord" });
  await expect(refused).toBeDisabled();
  await expect(refused).toHaveAccessibleDescription("Typologie « Logements » non acceptée par le modèle");

  for (const level of LEVELS) await dialog.getByRole("checkbox", { name: zone(level) }).check();
  await expect(dialog.getByTestId("zone-order").getByRole("listitem")).toHaveText(LEVELS.map(zone));
  const takt = dialog.getByRole("spinbutton", { name: "Takt (jours ouvrés)" });
  await takt.fill("2");

  // The live preview (the engine in the planning's worker): 4 tasks on each of the 4 zones.
  await expect(dialog.getByTestId("train-summary")).toContainText("16 tâches sur 4 zones");
  await expect(dialog.getByTestId("train-chart")).toBeVisible();
  const firstZone = dialog.getByRole("table", { name: `Instance 1 : ${zone("R+0")}` });
  await expect(firstZone.getByRole("row")).toHaveCount(5);
  const previewed = new Map<string, [string, string]>();
  for (let k = 0; k < LEVELS.length; k++) {
    const table = dialog.getByRole("table", { name: `Instance ${k + 1} : ${zone(LEVELS[k])}` });
    for (const row of await table.getByRole("row").all()) {
      const cells = await row.getByRole("cell").allTextContents();
      if (cells.length !== 2) continue;
      const name = (await row.getByRole("rowheader").textContent()) ?? "";
      previewed.set(`${LEVELS[k]}|${name}`, [cells[0], cells[1]]);
    }
  }
  expect(previewed.size).toBe(16);
  await dialog.getByRole("heading", { name: "Aperçu du train" }).scrollIntoViewIfNeeded();
  await shot(page, "instantiate-preview");

  const answer = page.waitForResponse((r) => r.url().endsWith("/api/sequence") && r.request().method() === "POST");
  await dialog.getByRole("button", { name: "Instancier", exact: true }).click();
  const response = await answer;
  expect(response.status()).toBe(201);
  const created = (await response.json()) as Created;
  await expect(dialog).toBeHidden();
  // The focus is back on the toolbar button that opened the dialog.
  await expect(open).toBeFocused();

  const tasks = created.events.filter((e) => e.type === "task");
  expect(tasks).toHaveLength(16);
  // The server laid the train where the preview said (the same engine function).
  const zoneIds = [...new Set(tasks.map((e) => e.zoneId))];
  expect(zoneIds).toHaveLength(4);
  for (const e of tasks) {
    const level = LEVELS[zoneIds.indexOf(e.zoneId)];
    expect(previewed.get(`${level}|${e.name}`), `${level} ${e.name}`).toEqual([fr(e.startDate), fr(e.endDate)]);
  }

  // The new events arrive through the planning's refresh and are drawn at their dates.
  const first = tasks.reduce((a, b) => (a.startDate <= b.startDate ? a : b));
  await expect
    .poll(() => planning(page, (h, id) => h.dates(id as number), first.id), { timeout: 20_000 })
    .toEqual([first.startDate, first.endDate]);
  await planning(page, (h, id) => h.scrollTo(id as number), first.id);
  await planningSettled(page);
  for (const e of tasks) {
    expect(await planning(page, (h, id) => h.dates(id as number), e.id)).toEqual([e.startDate, e.endDate]);
  }
  const bar = await planning(page, (h, id) => h.bar(id as number), first.id);
  expect(bar).not.toBeNull();
  expect(bar!.width).toBeGreaterThan(0);
  await shot(page, "instantiate-train-gantt");

  // The task modal of a train's task: "Tâche récurrente" lists the same task template in each of the 4 zones.
  await page.mouse.dblclick(bar!.x + bar!.width / 2, bar!.y + bar!.height / 2);
  const modal = page.getByRole("dialog");
  await modal.getByRole("tab", { name: "Tâche récurrente" }).click();
  const same = modal.getByRole("table", { name: "La même tâche du modèle dans chaque zone du train" });
  for (const level of LEVELS) await expect(same.getByRole("row", { name: zone(level) })).toBeVisible();
  await expect(modal.getByRole("tab", { name: "Séquence récurrente" })).toBeVisible();
  await expect(modal.getByRole("tab", { name: "Mise à jour des zones" })).toBeVisible();
  await shot(page, "instantiate-task-modal");
  await page.keyboard.press("Escape");
  await expect(modal).toBeHidden();

  // The sequence page: the instances per zone with their dates, the takt, and a synchronisation with its result.
  await page.goto(`/dashboard/sequence/${created.id}`);
  const section = page.getByTestId("train-section");
  await expect(section).toBeVisible();
  await expect(section.getByTestId("train-takt")).toHaveText("Takt (jours ouvrés) : 2");
  const instances = section.getByRole("table", { name: "Instances de la séquence par zone" });
  for (const level of LEVELS) {
    const mine = tasks.filter((e) => e.zoneId === zoneIds[LEVELS.indexOf(level)]);
    const from = mine.reduce((a, b) => (a.startDate <= b.startDate ? a : b)).startDate;
    const to = mine.reduce((a, b) => (a.endDate >= b.endDate ? a : b)).endDate;
    await expect(instances.getByRole("row", { name: zone(level) })).toContainText(`${fr(from)}${fr(to)}`);
  }
  await section.getByRole("button", { name: "Synchroniser" }).click();
  await expect(section.getByText("Synchronisation terminée : toutes les instances suivent le modèle.")).toBeVisible();
  await expect(section.getByTestId("sync-status")).toHaveText("Synchronisée");
  await shot(page, "instantiate-sequence-page");

  // The sequences list names the train's type, takt and sync status.
  await page.goto("/dashboard/sequences");
  const list = page.getByRole("table", { name: "Liste des séquences" });
  await list
    .getByRole("searchbox")
    .or(page.getByRole("searchbox", { name: "Rechercher une séquence" }))
    .first()
    .fill("Parties communes d'un niveau");
  const row = list
    .getByRole("row")
    .filter({ has: page.getByRole("link", { name: "Parties communes d'un niveau", exact: true }) });
  await expect(row).toContainText("Séquence récurrente");
  await expect(row).toContainText("Synchronisée");
  await expect(list.getByRole("row").filter({ hasText: "Instance d'un train" })).toHaveCount(4);
  await shot(page, "instantiate-sequences-list");
});
