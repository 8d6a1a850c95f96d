import type { WorkforceAnswer, WorkforceCounting, WorkforceRow } from "@jalon/shared";
import { buildXlsx, type XlsxColumn } from "./xlsx.js";

/** GET /workforce/participant/export: the participant countings, one line per participant (or lot) and day. */
export function participantCountingsXlsx(rows: readonly WorkforceCounting[]): Promise<Buffer> {
  const columns: XlsxColumn<WorkforceCounting>[] = [
    { header: "Date", kind: "day", value: (r) => r.date },
    { header: "Intervenant", width: 36, value: (r) => r.name },
    { header: "Type", width: 14, value: (r) => (r.participantId !== null ? "Intervenant" : "Lot") },
    { header: "Effectif théorique", kind: "number", value: (r) => r.estimatedNumberOfPeople },
    { header: "Effectif réel", kind: "number", value: (r) => r.realNumberOfPeople },
  ];
  return buildXlsx("Effectifs des intervenants", columns, rows);
}

/** GET /workforce/export/{projectId}: one line per day, the planned people of each version in its own column. */
export function workforceXlsx(answer: WorkforceAnswer): Promise<Buffer> {
  const columns: XlsxColumn<WorkforceRow>[] = [
    { header: "Date", kind: "day", value: (r) => r.date },
    ...answer.versionList.map((v): XlsxColumn<WorkforceRow> => ({
      header: `Effectif prévu (${v.name})`,
      width: 28,
      kind: "number",
      value: (r) => r.versions[String(v.id)] ?? 0,
    })),
    { header: "Effectif théorique", kind: "number", value: (r) => r.estimatedNumberOfPeople },
    { header: "Effectif réel", kind: "number", value: (r) => r.realNumberOfPeople },
  ];
  return buildXlsx("Suivi des effectifs", columns, answer.rows);
}
