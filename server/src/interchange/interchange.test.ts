import { describe, expect, it } from "vitest";
import { AppError } from "@jalon/shared";
import { decodeText, durationMinutes, instantOf, readMspdi } from "./mspdi.js";
import { resolveSchedule, STANDARD_WEEK, type FileSchedule, type FileTask } from "./schedule.js";
import { decodeXer, readClndrData, readXer, xerCodePage, xerTables } from "./xer.js";
import { readScheduleFile } from "./readSchedule.js";
import { dayOfIso } from "./fileDates.js";

const at = (iso: string) => instantOf(iso)!;
const fileTask = (key: string, start: string, finish: string, extra: Partial<FileTask> = {}): FileTask => ({
  key,
  name: `T${key}`,
  parentKey: null,
  milestone: false,
  start: at(start),
  finish: at(finish),
  durationDays: null,
  constraint: null,
  resources: [],
  ...extra,
});
const schedule = (
  tasks: FileTask[],
  links: FileSchedule["links"] = [],
  closures: FileSchedule["calendar"]["closures"] = [],
): FileSchedule => ({
  title: "P",
  tasks,
  summaries: [],
  links,
  calendar: { week: STANDARD_WEEK, closures },
  resources: [],
  warnings: [],
});
const codeOf = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e instanceof AppError ? e.code : String(e);
  }
  return null;
};

describe("MSPDI values", () => {
  it("decodes only the predefined entities and character references", () => {
    expect(decodeText("Gros &amp; œuvre &lt;A&gt; &#233;&#x e9; &lol;")).toBe("Gros & œuvre <A> é&#x e9; &lol;");
  });
  it("reads xsd durations in minutes", () => {
    expect(durationMinutes("PT8H0M0S")).toBe(480);
    expect(durationMinutes("PT114H17M6S")).toBeCloseTo(6857.1);
    expect(durationMinutes("P1DT2H")).toBe(1560);
    expect(durationMinutes("8h")).toBeNull();
  });
  it("reads instants as a day and a minute", () => {
    expect(instantOf("2025-03-07T17:00:00")).toEqual({ day: dayOfIso("2025-03-07"), minute: 1020 });
    expect(instantOf("2025-02-30T08:00:00")).toBeNull();
  });
  it("refuses a DOCTYPE before parsing and a document that is not a Project", () => {
    expect(codeOf(() => readMspdi('<!DOCTYPE x [<!ENTITY a "b">]><Project/>', "x"))).toBe("errors.import_unsafe_xml");
    expect(codeOf(() => readMspdi("<Project><Tasks><Task>", "x"))).toBe("errors.import_format");
    expect(codeOf(() => readScheduleFile(new TextEncoder().encode("hello"), "x.xml"))).toBe("errors.import_format");
  });
  it("derives summaries from OutlineLevel, skips null rows and the project summary", () => {
    const xml = `<Project><Title>T</Title><Tasks>
      <Task><UID>0</UID><OutlineLevel>0</OutlineLevel><Name>P</Name></Task>
      <Task><UID>1</UID><OutlineLevel>1</OutlineLevel><Name>Lot A</Name><Summary>0</Summary></Task>
      <Task><UID>2</UID><OutlineLevel>2</OutlineLevel><Name>a</Name><Start>2025-03-03T08:00:00</Start><Finish>2025-03-03T17:00:00</Finish></Task>
      <Task><UID>3</UID><IsNull>1</IsNull><OutlineLevel>0</OutlineLevel></Task>
      <Task><UID>4</UID><OutlineLevel>1</OutlineLevel><Name>b</Name><Start>2025-03-03T08:00:00</Start><Finish>2025-03-03T17:00:00</Finish></Task>
    </Tasks></Project>`;
    const f = readMspdi(xml, "x");
    expect(f.summaries).toEqual([{ key: "1", name: "Lot A", parentKey: null }]);
    expect(f.tasks.map((t) => [t.key, t.parentKey])).toEqual([
      ["2", "1"],
      ["4", null],
    ]);
  });
});

describe("the day rules", () => {
  it("places instants by their place in working time", () => {
    const r = resolveSchedule(
      schedule(
        [
          // Finishing Monday 08:00 ends on Friday.
          fileTask("1", "2025-03-05T08:00:00", "2025-03-10T08:00:00"),
          // A milestone at Friday 17:00 is Monday's.
          fileTask("2", "2025-03-07T17:00:00", "2025-03-07T17:00:00", { milestone: true }),
          // Zero duration without the flag is a milestone.
          fileTask("3", "2025-03-04T08:00:00", "2025-03-04T08:00:00", { durationDays: 0 }),
          // A start on Saturday is Monday; a holiday is skipped.
          fileTask("4", "2025-03-08T08:00:00", "2025-03-12T17:00:00"),
        ],
        [],
        [{ name: "Férié", from: dayOfIso("2025-03-11")!, to: dayOfIso("2025-03-11")! }],
      ),
    );
    expect(r.events.map((e) => [e.startDay, e.endDay, e.numberOfDays, e.milestone])).toEqual([
      ["2025-03-05", "2025-03-07", 3, false],
      ["2025-03-10", "2025-03-10", 0, true],
      ["2025-03-04", "2025-03-04", 0, true],
      ["2025-03-10", "2025-03-12", 2, false],
    ]);
    expect(r.holidays).toEqual([{ name: "Férié", day: "2025-03-11" }]);
  });

  it("maps the link types, SF with lag L to begin-end L-1, and refuses a cycle", () => {
    const tasks = [
      fileTask("a", "2025-03-03T08:00:00", "2025-03-04T17:00:00"),
      fileTask("b", "2025-03-04T08:00:00", "2025-03-04T17:00:00"),
    ];
    const sf = resolveSchedule(schedule(tasks, [{ predKey: "a", succKey: "b", type: "SF", lagDays: 2 }]));
    expect(sf.links).toEqual([{ parentKey: "a", childKey: "b", type: "begin-end", delay: 1 }]);
    expect(sf.warnings).toEqual([]);
    const ss = resolveSchedule(schedule(tasks, [{ predKey: "a", succKey: "b", type: "SS", lagDays: 0.5 }]));
    expect(ss.links[0]).toMatchObject({ type: "begin-begin" });
    expect(ss.warnings.map((w) => w.code)).toContain("link_lag_rounded");
    expect(
      codeOf(() =>
        resolveSchedule(
          schedule(tasks, [
            { predKey: "a", succKey: "b", type: "SS", lagDays: 0 },
            { predKey: "b", succKey: "a", type: "SS", lagDays: -1 },
          ]),
        ),
      ),
    ).toBe("errors.cycle");
  });
});

describe("XER", () => {
  it("tells cp1251 from cp1252", () => {
    expect(xerCodePage(new Uint8Array([0x20, 0xc7, 0xe0, 0xe4, 0xe0, 0xf7, 0xe0, 0x20]))).toBe("windows-1251");
    expect(xerCodePage(new Uint8Array([0x43, 0x61, 0x66, 0xe9, 0x20, 0x62]))).toBe("windows-1252");
    expect(decodeXer(new Uint8Array([0x43, 0x61, 0x66, 0xe9]))).toBe("Café");
  });
  it("reads tables and refuses a cut file", () => {
    const { tables } = xerTables("ERMHDR\t8.4\n%T\tTASK\n%F\ttask_id\ttask_name\n%R\t1\tA\n%E\n");
    expect(tables.get("TASK")).toEqual([{ task_id: "1", task_name: "A" }]);
    expect(codeOf(() => xerTables("ERMHDR\t8.4\n%T\tTASK\n%F\ttask_id\n%R\t1\n"))).toBe("errors.import_format");
    expect(codeOf(() => xerTables("hello"))).toBe("errors.import_format");
  });
  it("reads a calendar's weekdays and holidays from clndr_data", () => {
    const cal = readClndrData(
      "(0||CalendarData()((0||DaysOfWeek()((0||1()())(0||2()((0||0(f|16:00|s|08:00)())))(0||3()((0||0(f|16:00|s|08:00)())))(0||4()((0||0(f|16:00|s|08:00)())))(0||5()((0||0(f|16:00|s|08:00)())))(0||6()((0||0(f|16:00|s|08:00)())))(0||7()())))(0||Exceptions()((0||0(d|45658)())))))",
      8,
    )!;
    expect(cal.week[0]).toEqual({ from: 480, to: 960 });
    expect(cal.week[5]).toBeNull();
    expect(cal.holidays).toEqual([dayOfIso("2025-01-01")]);
  });
  it("reads activities with P6's dates, links with their lag in hours, not WBS or level-of-effort rows", () => {
    const xer = [
      "ERMHDR\t8.4",
      "%T\tPROJECT",
      "%F\tproj_id\tproj_short_name\tclndr_id",
      "%R\t1\tChantier\t",
      "%T\tTASK",
      "%F\ttask_id\tproj_id\twbs_id\tclndr_id\ttask_type\ttask_name\ttarget_drtn_hr_cnt\tact_start_date\tact_end_date\trestart_date\treend_date\ttarget_start_date\ttarget_end_date",
      "%R\t10\t1\t\t\tTT_Task\tFondations\t16\t2025-03-03 08:00\t2025-03-04 17:00\t\t\t2025-03-10 08:00\t2025-03-11 17:00",
      "%R\t11\t1\t\t\tTT_Task\tMurs\t8\t\t\t2025-03-07 08:00\t2025-03-07 17:00\t2025-03-12 08:00\t2025-03-12 17:00",
      "%R\t12\t1\t\t\tTT_LOE\tSuivi\t80\t\t\t\t\t2025-03-03 08:00\t2025-03-14 17:00",
      "%T\tTASKPRED",
      "%F\ttask_pred_id\ttask_id\tpred_task_id\tproj_id\tpred_proj_id\tpred_type\tlag_hr_cnt",
      "%R\t1\t11\t10\t1\t1\tPR_FS\t16",
      "%E",
    ].join("\r\n");
    const r = resolveSchedule(readXer(new TextEncoder().encode(xer), "c"));
    expect(r.title).toBe("Chantier");
    expect(r.events.map((e) => [e.name, e.startDay, e.endDay])).toEqual([
      ["Fondations", "2025-03-03", "2025-03-04"],
      ["Murs", "2025-03-07", "2025-03-07"],
    ]);
    expect(r.links).toEqual([{ parentKey: "10", childKey: "11", type: "end-begin", delay: 2 }]);
    expect(r.warnings.map((w) => w.code)).toEqual(["task_level_of_effort"]);
  });
});

describe("names", () => {
  it("drops control characters and lone surrogates, keeps 200 characters", async () => {
    const { cleanName } = await import("./schedule.js");
    expect(cleanName("Gros\u0000 œuvre\t\nB\ud800")).toBe("Gros œuvre B");
    expect(cleanName("x".repeat(300))).toHaveLength(200);
  });
});
