import { PRODUCTIVITY_COLOUR_LABELS, type ProductivityAnswer, type ProductivityRow } from "@jalon/shared";
import { buildXlsx, type XlsxColumn } from "../../exports/xlsx.js";

/** GET /costs/productivity/{orderBy}/export: the rows GET /costs/productivity/{orderBy} answers, as .xlsx. */
export function productivityXlsx(answer: ProductivityAnswer): Promise<Buffer> {
  const byQuantity = answer.orderBy === "quantity";
  const [refValue, curValue] = byQuantity
    ? ["Quantité de référence", "Quantité actuelle"]
    : ["Montant de référence (€)", "Montant actuel (€)"];
  const ratio = byQuantity ? "Ratio (h/unité)" : "Ratio (h/k€)";
  const columns: XlsxColumn<ProductivityRow>[] = [
    { header: "Macro-tâche", width: 32, value: (r) => r.macroTask },
    { header: "Zone", width: 24, value: (r) => r.zone ?? "" },
    ...(byQuantity ? [{ header: "Unité", width: 10, value: (r: ProductivityRow) => r.unit ?? "" }] : []),
    { header: "Heures de référence", kind: "number", value: (r) => r.referentHours },
    { header: "Heures actuelles", kind: "number", value: (r) => r.currentHours },
    { header: refValue, kind: "number", value: (r) => r.referentValue },
    { header: curValue, kind: "number", value: (r) => r.currentValue },
    { header: `${ratio} de référence`, kind: "number", value: (r) => r.referentRatio },
    { header: `${ratio} actuel`, kind: "number", value: (r) => r.currentRatio },
    { header: "Écart", width: 18, value: (r) => PRODUCTIVITY_COLOUR_LABELS[r.colour] },
  ];
  return buildXlsx(byQuantity ? "Productivité par quantité" : "Productivité par prix", columns, answer.data);
}
