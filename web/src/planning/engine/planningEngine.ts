import {
  applyDelta,
  computeFloats,
  instantiateSequence,
  InstantiationRole,
  moveSelection,
  moveSelectionTo,
  NO_DAY,
  schedulePlan,
  withChanges,
  propagate,
  type Delta,
  type Plan,
  type Schedule,
} from "@jalon/engine";
import { calendarSetOf, planOf, type CalendarColumns } from "@jalon/shared/planning";
import {
  type DeltaMessage,
  type GraphTransfer,
  type MoveMessage,
  type TrainPreview,
  type TrainPreviewInput,
} from "./transfer";

export * from "./transfer";

/**
 * The engine as the planning screen uses it, with one committed state (plan + schedule). Runs inside the Web
 * Worker (worker.ts exposes it through comlink) and directly in tests. Previews never replace the committed
 * state: a drag calls preview() every frame from the same base, and the drop commits once.
 */
function toMessage(plan: Plan, schedule: Schedule, delta: Delta): DeltaMessage {
  const violations = new Float64Array(schedule.violations.length * 2);
  schedule.violations.forEach((v, k) => {
    violations[2 * k] = plan.ids[v.child];
    violations[2 * k + 1] = plan.ids[v.parent];
  });
  return {
    ids: delta.ids,
    startDay: delta.startDay,
    endDay: delta.endDay,
    projectEndDay: schedule.projectEndDay,
    violations,
  };
}

export class PlanningEngine {
  private plan: Plan | null = null;
  private schedule: Schedule | null = null;

  /** Loads the version; the links that locked events break are reported from the start, not only after a move. */
  load(
    graph: GraphTransfer,
    calendars: CalendarColumns,
  ): { size: number; projectEndDay: number; violations: Float64Array } {
    this.plan = planOf(graph, calendars);
    this.schedule = schedulePlan(this.plan);
    const violations = new Float64Array(this.schedule.violations.length * 2);
    this.schedule.violations.forEach((v, k) => {
      violations[2 * k] = this.plan!.ids[v.child];
      violations[2 * k + 1] = this.plan!.ids[v.parent];
    });
    return { size: this.plan.size, projectEndDay: this.schedule.projectEndDay, violations };
  }

  /** Ids of the events on the critical path (total float <= 0) of the committed state: after moves too. */
  criticalIds(): Float64Array {
    const { plan, schedule } = this.state();
    const { critical } = computeFloats(plan, schedule);
    let n = 0;
    for (let i = 0; i < plan.size; i++) if (critical[i]) n++;
    const out = new Float64Array(n);
    n = 0;
    for (let i = 0; i < plan.size; i++) if (critical[i]) out[n++] = plan.ids[i];
    return out;
  }

  /**
   * An event's total float (marge, working days) in the committed state, or null when unknown: the tooltip's. The
   * backward pass runs once per committed schedule, not once per hovered bar.
   */
  floatOf(id: number): number | null {
    const { plan, schedule } = this.state();
    if (this.floats?.schedule !== schedule)
      this.floats = { schedule, totalFloat: computeFloats(plan, schedule).totalFloat };
    const i = plan.ids.indexOf(id);
    return i < 0 ? null : this.floats.totalFloat[i];
  }

  private floats: { schedule: Schedule; totalFloat: Int32Array } | null = null;

  private state(): { plan: Plan; schedule: Schedule } {
    if (!this.plan || !this.schedule) throw new Error("Planning non chargé");
    return { plan: this.plan, schedule: this.schedule };
  }

  private indices(ids: ArrayLike<number>): Int32Array {
    const { plan } = this.state();
    const out = new Int32Array(ids.length);
    for (let k = 0; k < ids.length; k++) {
      const i = plan.index.get(ids[k]);
      if (i === undefined) throw new Error(`Événement inconnu ${ids[k]}`);
      out[k] = i;
    }
    return out;
  }

  /** Working days between the anchor's current start and `day` (its calendar); NaN when day is not working. */
  shiftTo(anchorId: number, day: number): number {
    const { plan, schedule } = this.state();
    const i = this.indices([anchorId])[0];
    const cal = plan.calendars[plan.calendarOf[i]];
    if (!cal.isWorking(day)) return Number.NaN;
    return cal.rank(day) - schedule.start[i];
  }

  /** Where everything lands if the selection moves by k working days; the committed state is untouched. */
  preview(selectionIds: ArrayLike<number>, k: number): DeltaMessage {
    const { plan, schedule } = this.state();
    const r = moveSelection(plan, schedule, this.indices(selectionIds), k);
    return toMessage(r.plan, r.schedule, r.delta);
  }

  /** Moves the selection so that the anchor starts on `day` and makes it the committed state. */
  commitMoveTo(selectionIds: ArrayLike<number>, anchorId: number, day: number): MoveMessage {
    const { plan, schedule } = this.state();
    const sel = this.indices(selectionIds);
    const r = moveSelectionTo(plan, schedule, sel, this.indices([anchorId])[0], day);
    this.plan = r.plan;
    this.schedule = r.schedule;
    const delays = new Float64Array(r.delays.length * 3);
    r.delays.forEach(([link, d], k) => {
      delays[3 * k] = plan.ids[plan.linkParent[link]];
      delays[3 * k + 1] = plan.ids[plan.linkChild[link]];
      delays[3 * k + 2] = d;
    });
    const starts = new Float64Array(r.starts.length * 2);
    r.starts.forEach(([i, d], k) => {
      starts[2 * k] = plan.ids[i];
      starts[2 * k + 1] = d;
    });
    return { ...toMessage(r.plan, r.schedule, r.delta), delays, starts };
  }

  /** Preview of a new duration (resize), committed state untouched. */
  previewDuration(id: number, days: number): DeltaMessage {
    const { plan, schedule } = this.state();
    const i = this.indices([id])[0];
    const next = withChanges(plan, { durations: [[i, days]] });
    const r = propagate(next, schedule, [i]);
    return toMessage(next, r.schedule, r.delta);
  }

  /** Dates pushed by the server (another user's move, or the authoritative result of ours). */
  applyServerDates(ids: Float64Array, startDay: Int32Array, endDay: Int32Array): number {
    const { plan, schedule } = this.state();
    const index = this.indices(ids);
    this.schedule = applyDelta(plan, schedule, { index, ids, startDay, endDay });
    return this.schedule.projectEndDay;
  }

  projectEndDay(): number {
    return this.schedule?.projectEndDay ?? NO_DAY;
  }

  /**
   * The instantiation dialog's live preview (issue 16): the engine's instantiateSequence, the function the server
   * runs on POST /sequence, over the template and the chosen zones. Stateless: the loaded version is untouched.
   * Only the train's tasks go back (typed arrays); an engine refusal comes back as a code, not a throw.
   */
  previewTrain(input: TrainPreviewInput): TrainPreview {
    try {
      const r = instantiateSequence({
        tasks: input.tasks,
        links: input.links,
        zones: input.zones,
        calendar: calendarSetOf(input.calendars).calendars[0],
        takt: input.takt,
        reference: input.reference,
      });
      const { events } = r;
      let n = 0;
      for (let i = 0; i < events.size; i++) if (events.role[i] === InstantiationRole.Task) n++;
      const out: TrainPreview = {
        zoneId: new Float64Array(n),
        taskId: new Float64Array(n),
        startDay: new Int32Array(n),
        endDay: new Int32Array(n),
        warnings: [...r.warnings],
        error: null,
      };
      n = 0;
      for (let i = 0; i < events.size; i++) {
        if (events.role[i] !== InstantiationRole.Task) continue;
        out.zoneId[n] = input.zones[events.instance[i]].id;
        out.taskId[n] = input.tasks[events.task[i]].id;
        out.startDay[n] = events.startDay[i];
        out.endDay[n] = events.endDay[i];
        n++;
      }
      return out;
    } catch (e) {
      const code = (e as { code?: unknown }).code;
      return {
        zoneId: new Float64Array(0),
        taskId: new Float64Array(0),
        startDay: new Int32Array(0),
        endDay: new Int32Array(0),
        warnings: [],
        error: {
          code: typeof code === "string" ? code : e instanceof Error ? e.name : "error",
          message: e instanceof Error ? e.message : String(e),
        },
      };
    }
  }
}
