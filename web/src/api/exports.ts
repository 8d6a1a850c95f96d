// Server exports that had no button (issue 20): the version's task list and the project's task history as CSV,
// and the recalibrations (shift history) as .xlsx.
import { filter } from "./client";
import { downloadFile } from "./referenceMore";

export const exportsApi = {
  /** GET /project/task-list-csv: the version's tasks. */
  taskListCsv: (versionId: number) => downloadFile("/project/task-list-csv", { versionId }, "Liste_des_taches.csv"),
  /** GET /project/{projectId}/event-history-list-csv: every change of the version's tasks. */
  eventHistoryCsv: (projectId: number, versionId: number) =>
    downloadFile(`/project/${projectId}/event-history-list-csv`, { versionId }, "Historique_des_taches.csv"),
  /** GET /history/shift/export: the version's recalibrations. */
  shiftHistory: (projectId: number, versionId: number) =>
    downloadFile(
      "/history/shift/export",
      { filter: [filter("projectId", "$eq", projectId), filter("versionId", "$eq", versionId)], sort: "name,ASC" },
      "Recalages.xlsx",
    ),
};
