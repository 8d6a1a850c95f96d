import ExcelJS from "exceljs";
import {
  ORDER_LINE_IMPORT_HEADERS,
  ORDER_LINE_TYPE_LABELS,
  type OrderLineType,
  type OrderLineUnit,
} from "@jalon/shared";
import { importOrderLines } from "../../commands/orderLineImport.js";
import { todayInParis } from "../../planning/progress.js";
import type { Db } from "../knex.js";

/**
 * Order lines of the demo (issue 19): the order-line screens, the task modal's tab, supply, finance,
 * productivity and remaining work show real amounts after `npm start`.
 * - On the referent version (the signed one, which the countings follow), supply and labour lines for the
 *   macro-tasks of eight lots, in nine families, each split into one order-line task per task of its lot (the
 *   task's zone, a quantity in proportion to its days): the realized amounts follow the countings.
 * - The current version gets the same lines (same tracking ids, so versions compare line by line), with the
 *   price rises and extra quantities a re-plan brings: the finance chart and the productivity ratios differ.
 * - Supply tasks are ordered two weeks before their task starts; those starting in the next two weeks are not
 *   ordered yet (late on the supply screen), a few are ordered late.
 * - One import in the current version's history (cleaning, from a file written like the template), which can be
 *   downloaded or deleted.
 * Two inserts per table and version, whatever the plan's size. Returns the number of order lines written.
 */

const FAMILIES = [
  "Béton",
  "Armatures",
  "Plaques de plâtre",
  "Menuiseries",
  "Appareillage électrique",
  "Sanitaires",
  "Carrelage",
  "Peinture",
  "Main d'œuvre",
] as const;

interface DemoLine {
  lot: string;
  label: string;
  type: OrderLineType;
  unit: OrderLineUnit;
  family: (typeof FAMILIES)[number];
  /** Unit price in euros, on the referent version. */
  price: number;
  /** Quantity per day of each task of the lot. */
  perDay: number;
  /** The current version's price and quantity, as factors of the referent's. */
  priceRise?: number;
  quantityRise?: number;
}

/** Lots by their name in the demo (macro-tasks are named after their lot). */
const LINES: DemoLine[] = [
  {
    lot: "Gros œuvre",
    label: "Béton C25/30 prêt à l'emploi",
    type: "supply",
    unit: "m³",
    family: "Béton",
    price: 135,
    perDay: 6,
    priceRise: 1.05,
  },
  {
    lot: "Gros œuvre",
    label: "Aciers HA façonnés",
    type: "supply",
    unit: "tonne",
    family: "Armatures",
    price: 1150,
    perDay: 0.4,
  },
  {
    lot: "Gros œuvre",
    label: "Coffrage et coulage",
    type: "labor",
    unit: "m³",
    family: "Main d'œuvre",
    price: 95,
    perDay: 6,
    quantityRise: 1.1,
  },
  {
    lot: "Menuiseries extérieures",
    label: "Fenêtres PVC double vitrage",
    type: "supply",
    unit: "U",
    family: "Menuiseries",
    price: 520,
    perDay: 4,
  },
  {
    lot: "Menuiseries extérieures",
    label: "Pose des fenêtres",
    type: "labor",
    unit: "U",
    family: "Main d'œuvre",
    price: 95,
    perDay: 4,
  },
  {
    lot: "Cloisons / doublages",
    label: "Plaques BA13 hydrofuges",
    type: "supply",
    unit: "m²",
    family: "Plaques de plâtre",
    price: 6.8,
    perDay: 60,
    priceRise: 1.08,
  },
  {
    lot: "Cloisons / doublages",
    label: "Pose cloisons 72/48",
    type: "labor",
    unit: "m²",
    family: "Main d'œuvre",
    price: 28,
    perDay: 30,
    quantityRise: 1.08,
  },
  {
    lot: "Plomberie",
    label: "Appareils sanitaires (WC, lavabos)",
    type: "supply",
    unit: "U",
    family: "Sanitaires",
    price: 240,
    perDay: 3,
  },
  {
    lot: "Plomberie",
    label: "Réseaux PER et évacuations",
    type: "labor",
    unit: "ml",
    family: "Main d'œuvre",
    price: 18,
    perDay: 40,
  },
  {
    lot: "Électricité",
    label: "Appareillage (prises, interrupteurs)",
    type: "supply",
    unit: "U",
    family: "Appareillage électrique",
    price: 14,
    perDay: 25,
  },
  {
    lot: "Électricité",
    label: "Câblage des logements",
    type: "labor",
    unit: "ens",
    family: "Main d'œuvre",
    price: 450,
    perDay: 1,
    quantityRise: 1.15,
  },
  {
    lot: "Carrelage / faïence",
    label: "Grès cérame 45x45",
    type: "supply",
    unit: "m²",
    family: "Carrelage",
    price: 24,
    perDay: 25,
  },
  {
    lot: "Carrelage / faïence",
    label: "Pose carrelage et faïence",
    type: "labor",
    unit: "m²",
    family: "Main d'œuvre",
    price: 32,
    perDay: 20,
  },
  {
    lot: "Peinture",
    label: "Peinture acrylique mate",
    type: "supply",
    unit: "kg",
    family: "Peinture",
    price: 3.2,
    perDay: 80,
    priceRise: 1.04,
  },
  {
    lot: "Peinture",
    label: "Peinture murs et plafonds",
    type: "labor",
    unit: "m²",
    family: "Main d'œuvre",
    price: 11,
    perDay: 70,
  },
];

const round = (v: number, decimals: number) => Math.round(v * 10 ** decimals) / 10 ** decimals;
const addDays = (day: string, n: number) => {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

interface TaskRow {
  id: number;
  macro_task_id: number;
  zone_id: number | null;
  number_of_days: number;
  start_date: string;
}

/** Lines and their tasks of one version; `current` applies the re-plan's rises. */
async function writeLines(
  db: Db,
  projectId: number,
  versionId: number,
  families: Map<string, number>,
  trackingIds: number[] | null,
  today: string,
): Promise<number[]> {
  const macroTasks = new Map(
    (
      (await db("macro_tasks").where({ version_id: versionId }).select("id", "name", "participant_group_pro_id")) as {
        id: number;
        name: string;
        participant_group_pro_id: number | null;
      }[]
    ).map((m) => [m.name, m]),
  );
  const lines = LINES.filter((l) => macroTasks.has(l.lot));
  if (lines.length === 0) return [];
  const current = trackingIds !== null;
  const tasks = (await db("events")
    .where({ version_id: versionId, type: "task" })
    .whereIn(
      "macro_task_id",
      lines.map((l) => macroTasks.get(l.lot)!.id),
    )
    .orderBy([{ column: "start_date" }, { column: "id" }])
    .select("id", "macro_task_id", "zone_id", "number_of_days", "start_date")) as TaskRow[];
  const planned = lines.map((l) =>
    tasks
      .filter((t) => t.macro_task_id === macroTasks.get(l.lot)!.id)
      .map((t) => ({
        task: t,
        quantity: round(l.perDay * Math.max(1, t.number_of_days) * (current ? (l.quantityRise ?? 1) : 1), 3),
      })),
  );
  const inserted = (await db("order_lines")
    .insert(
      lines.map((l, i) => {
        const mt = macroTasks.get(l.lot)!;
        return {
          project_id: projectId,
          version_id: versionId,
          ...(trackingIds ? { tracking_id: trackingIds[i] } : {}),
          label: l.label,
          type: l.type,
          unit: l.unit,
          family_id: families.get(l.family) ?? null,
          macro_task_id: mt.id,
          participant_group_pro_id: mt.participant_group_pro_id,
          price: round(l.price * (current ? (l.priceRise ?? 1) : 1), 2),
          // What its tasks plan, plus 5 % of losses.
          quantity: round(planned[i].reduce((sum, p) => sum + p.quantity, 0) * 1.05, 3),
          currency: "EUR",
        };
      }),
    )
    .returning(["id", "tracking_id"])) as { id: number; tracking_id: number }[];

  const rows = lines.flatMap((l, i) =>
    planned[i].map(({ task: t, quantity }, k) => {
      const orderBy = addDays(String(t.start_date).slice(0, 10), -14);
      // Ordered when the order date is past, except one in seven (late); the next two weeks' are to order.
      const ordered = l.type === "supply" && orderBy < today && k % 7 !== 3;
      return {
        project_id: projectId,
        version_id: versionId,
        order_line_id: inserted[i].id,
        event_id: t.id,
        zone_id: t.zone_id,
        quantity,
        price_supply: l.type === "supply" ? round(quantity * l.price * 0.97, 2) : null,
        is_ordered: ordered,
        start_date: l.type === "supply" ? orderBy : null,
      };
    }),
  );
  for (let n = 0; n < rows.length; n += 2000) await db("order_line_tasks").insert(rows.slice(n, n + 2000));
  return inserted.map((r) => r.tracking_id);
}

/** A filled template: the cleaning lines of the current version, as a site manager would send them. */
async function cleaningFile(): Promise<string> {
  const H = ORDER_LINE_IMPORT_HEADERS;
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Lignes de commande");
  ws.addRow([H.label, H.type, H.unit, H.family, H.macroTask, H.participantGroupPro, H.price, H.quantity, H.currency]);
  ws.addRow([
    "Nettoyage de fin de chantier",
    ORDER_LINE_TYPE_LABELS.labor,
    "m²",
    "Main d'œuvre",
    "Nettoyage",
    "Nettoyage",
    3.5,
    3650,
    "EUR",
  ]);
  ws.addRow([
    "Bennes à déchets 10 m³",
    ORDER_LINE_TYPE_LABELS.supply,
    "U",
    null,
    "Nettoyage",
    "Nettoyage",
    280,
    12,
    "EUR",
  ]);
  return Buffer.from((await wb.xlsx.writeBuffer()) as ArrayBuffer).toString("base64");
}

export async function seedDemoOrderLines(
  db: Db,
  projectId: number,
  userId: number,
  today: string = todayInParis(),
): Promise<number> {
  const project = await db("projects").where({ id: projectId }).first("signed_version_id", "current_version_id");
  const referent = (await db("versions").where({ project_id: projectId, is_referent_version: true }).first("id"))
    ?.id as number | undefined;
  const base = referent ?? (project?.signed_version_id as number | null);
  const current = project?.current_version_id as number | null;
  if (!base || !current) return 0;
  await db("families")
    .insert(FAMILIES.map((name) => ({ name })))
    .onConflict("name")
    .ignore();
  const families = new Map(
    (
      (await db("families")
        .whereIn("name", [...FAMILIES])
        .select("id", "name")) as { id: number; name: string }[]
    ).map((f) => [f.name, f.id]),
  );
  const trackingIds = await writeLines(db, projectId, base, families, null, today);
  let count = trackingIds.length;
  if (current !== base) count += (await writeLines(db, projectId, current, families, trackingIds, today)).length;
  const imported = await importOrderLines(
    db,
    { projectId, versionId: current },
    userId,
    await cleaningFile(),
    "commande-nettoyage.xlsx",
  );
  return count + imported.lineIds.length;
}
