import { InvalidDocumentError } from "./errors.js";
import type { ScheduleDocument } from "./document.js";

/**
 * PSPLIB single-mode instances (.sm): jobs with durations and finish-to-start successors. Jobs of duration 0
 * (the source, the sink and any other) become milestones, so the project length in working days is the sink's
 * rank minus the source's, which must equal the instance's MPM-Time.
 */
export interface PsplibInstance {
  jobs: number;
  mpmTime: number | null;
  durations: number[];
  successors: number[][];
}

export function parsePsplib(text: string): PsplibInstance {
  const lines = text.split(/\r?\n/);
  let jobs = 0;
  let mpmTime: number | null = null;
  const successors: number[][] = [];
  const durations: number[] = [];
  let section = "";
  for (let li = 0; li < lines.length; li++) {
    const line = lines[li];
    const jobsMatch = /^jobs \(incl\. supersource\/sink \):\s*(\d+)/.exec(line);
    if (jobsMatch) jobs = Number(jobsMatch[1]);
    if (line.startsWith("PROJECT INFORMATION")) {
      const values = (lines[li + 2] ?? "").trim().split(/\s+/).map(Number);
      mpmTime = values.length >= 6 && Number.isFinite(values[5]) ? values[5] : null;
    }
    if (line.startsWith("PRECEDENCE RELATIONS")) {
      section = "prec";
      li++;
      continue;
    }
    if (line.startsWith("REQUESTS/DURATIONS")) {
      section = "dur";
      li += 2;
      continue;
    }
    if (line.startsWith("*")) {
      section = "";
      continue;
    }
    const cells = line.trim().split(/\s+/).map(Number);
    if (cells.length === 0 || !Number.isInteger(cells[0]) || line.trim() === "") continue;
    if (section === "prec") {
      const count = cells[2];
      successors[cells[0] - 1] = cells.slice(3, 3 + count);
    } else if (section === "dur") {
      durations[cells[0] - 1] = cells[2];
    }
  }
  if (jobs === 0 || durations.length !== jobs || successors.length !== jobs) {
    throw new InvalidDocumentError(
      `Fichier PSPLIB illisible (${jobs} tâches annoncées, ${durations.length} durées, ${successors.length} précédences)`,
    );
  }
  return { jobs, mpmTime, durations, successors };
}

/** The instance as an engine document starting on a Monday, no holidays. */
export function psplibDocument(instance: PsplibInstance, startDate = "2024-01-01"): ScheduleDocument {
  const events = instance.durations.map((d, j) =>
    d === 0
      ? { id: j + 1, type: "milestone" as const, ...(j === 0 ? { startDate } : {}) }
      : { id: j + 1, type: "task" as const, numberOfDays: d, ...(j === 0 ? { startDate } : {}) },
  );
  const links = instance.successors.flatMap((succ, j) =>
    succ.map((s) => ({ parentId: j + 1, childId: s, type: "end-begin" as const, delay: 0 })),
  );
  return { events, links };
}
