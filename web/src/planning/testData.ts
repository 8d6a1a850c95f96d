import { parseDay } from "@jalon/engine";
import type { PlanningData } from "@jalon/shared/planning";

const NO = -2147483648;
const d = parseDay;

/**
 * A small version for the planning's headless tests: 1 -> 2 -> 3 (end-begin), a milestone 4 after 3, and 5
 * alone; lots 41 and 42, sequence 61 holding 2 (locked) and 3.
 */
export function smallPlanning(): PlanningData {
  return {
    projectId: 7,
    versionId: 11,
    writeCounter: 1,
    projectedStartDate: "2026-02-02",
    projectedEndDate: "2026-02-13",
    graph: {
      ids: [1, 2, 3, 4, 5],
      kind: [0, 0, 0, 1, 0],
      duration: [3, 2, 2, 0, 4],
      requestedStart: [d("2026-02-02"), NO, NO, NO, d("2026-02-03")],
      locked: [0, 1, 0, 0, 0],
      calendarOf: [0, 0, 0, 0, 0],
      startDay: [d("2026-02-02"), d("2026-02-05"), d("2026-02-09"), d("2026-02-11"), d("2026-02-03")],
      endDay: [d("2026-02-04"), d("2026-02-06"), d("2026-02-10"), d("2026-02-11"), d("2026-02-06")],
      revision: [1, 1, 1, 1, 1],
      linkIds: [101, 102, 103],
      linkParentId: [1, 2, 3],
      linkChildId: [2, 3, 4],
      linkType: [0, 0, 0],
      linkDelay: [0, 0, 0],
    },
    calendars: { holidays: [], vacations: [], lots: [] },
    events: [
      { id: 1, name: "Terrassement", type: "task", color: null, trigram: "ter", zoneId: 31, participantGroupProId: 41, sequenceId: null, macroTaskId: null, numberOfPeople: 1, progress: null, isTracked: false, milestoneToHide: false },
      { id: 2, name: "Fondations", type: "task", color: null, trigram: null, zoneId: 31, participantGroupProId: 41, sequenceId: 61, macroTaskId: null, numberOfPeople: 1, progress: null, isTracked: false, milestoneToHide: false },
      { id: 3, name: "Dallage", type: "task", color: null, trigram: null, zoneId: 31, participantGroupProId: 42, sequenceId: 61, macroTaskId: null, numberOfPeople: 1, progress: null, isTracked: false, milestoneToHide: false },
      { id: 4, name: "Hors d'eau", type: "milestone", color: "#FFFFFF", trigram: null, zoneId: 31, participantGroupProId: null, sequenceId: null, macroTaskId: null, numberOfPeople: 1, progress: null, isTracked: false, milestoneToHide: false },
      { id: 5, name: "Clôture", type: "task", color: null, trigram: null, zoneId: 32, participantGroupProId: 42, sequenceId: null, macroTaskId: null, numberOfPeople: 1, progress: null, isTracked: false, milestoneToHide: false },
    ],
    zones: [
      { id: 31, name: "Bâtiment A", fullName: null, parentId: null, position: 0 },
      { id: 32, name: "Extérieurs", fullName: null, parentId: null, position: 1 },
    ],
    lots: [
      { id: 41, name: "Gros œuvre", color: "#E53935" },
      { id: 42, name: "VRD", color: "#1E88E5" },
    ],
    sequences: [{ id: 61, name: "Infrastructure", color: null }],
  };
}
