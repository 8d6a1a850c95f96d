import { formatDay, LINK_TYPE_NAMES, type Calendar } from "@jalon/engine";
import type { TipTarget } from "./hoverTool";

/** dd/MM/yyyy of a day number. */
export function frenchDay(day: number): string {
  const iso = formatDay(day);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

export interface TipEvent {
  id: number;
  name: string;
  kind: "task" | "milestone";
  numberOfDays: number;
  lotId: number | null;
  zoneId: number | null;
  progress: number;
}

/** What the tooltip reads of the planning, looked up for the one event or link it shows. */
export interface TipLookups {
  event: (id: number) => TipEvent | null;
  /** Days as drawn (a preview over the committed ones) and committed. */
  liveOf: (id: number) => readonly [number, number] | undefined;
  committedOf: (id: number) => readonly [number, number] | undefined;
  link: (parentId: number, childId: number) => { type: number; delay: number } | null;
  lotName: (id: number) => string | null;
  /** The zone's full path ("Bâtiment A / R+0 / Logements nord"). */
  zoneName: (id: number) => string | null;
  /** The event's total float in working days, when known. */
  float: number | null;
  calendar: Calendar;
  t: (key: string, o?: Record<string, unknown>) => string;
}

export interface TipContent {
  title: string;
  lines: { label: string; value: string; testId?: string }[];
}

const signed = (n: number) => (n > 0 ? `+${n}` : String(n));

/** The tooltip's title and lines (French, dates dd/MM/yyyy) for its subject; null when it has nothing to show. */
export function tipContent(target: TipTarget, l: TipLookups): TipContent | null {
  const { t } = l;
  const wd = (n: number, sign = false) =>
    t("planningDirect.tip.workingDays", { count: n, signed: sign ? signed(n) : String(n) });
  if (target.kind === "link") {
    const link = l.link(target.parentId, target.childId);
    const parent = l.event(target.parentId);
    const child = l.event(target.childId);
    if (!link || !parent || !child) return null;
    return {
      title: t("planningDirect.tip.link", { parent: parent.name, child: child.name }),
      lines: [
        { label: t("planningDirect.tip.linkType"), value: t(`events.linkTypes.${LINK_TYPE_NAMES[link.type]}`) },
        { label: t("planningDirect.tip.delay"), value: wd(link.delay) },
      ],
    };
  }
  const ev = l.event(target.id);
  const days = l.liveOf(target.id);
  if (!ev || !days) return null;
  const [start, end] = days;
  const dateLines =
    ev.kind === "milestone"
      ? [{ label: t("planningDirect.tip.date"), value: frenchDay(start), testId: "tip-start" }]
      : [
          { label: t("planningDirect.tip.start"), value: frenchDay(start), testId: "tip-start" },
          { label: t("planningDirect.tip.end"), value: frenchDay(end), testId: "tip-end" },
        ];
  const duration = target.kind === "resize" ? target.days : ev.numberOfDays;
  // Made only where shown: a move's tip (each drag preview's) has no duration line.
  const durationLine = () => ({
    label: t("planningDirect.tip.duration"),
    value: wd(ev.kind === "milestone" ? 0 : duration),
  });
  if (target.kind === "move" || target.kind === "resize") {
    // The shift as the engine placed the bar (its links may hold it back), else as the pointer asks.
    const committed = l.committedOf(target.id);
    const shift =
      target.kind === "resize"
        ? target.shift
        : committed
          ? l.calendar.rank(start) - l.calendar.rank(committed[0])
          : target.k;
    return {
      title: ev.name,
      lines: [
        ...dateLines,
        ...(target.kind === "resize" ? [durationLine()] : []),
        {
          label: t(target.kind === "resize" ? "planningDirect.tip.durationShift" : "planningDirect.tip.shift"),
          value: wd(shift, true),
          testId: "tip-shift",
        },
      ],
    };
  }
  const lines: TipContent["lines"] = [...dateLines, durationLine()];
  lines.push({ label: t("planningDirect.tip.lot"), value: (ev.lotId !== null && l.lotName(ev.lotId)) || "—" });
  lines.push({ label: t("planningDirect.tip.zone"), value: (ev.zoneId !== null && l.zoneName(ev.zoneId)) || "—" });
  lines.push({
    label: t("planningDirect.tip.float"),
    value: l.float === null ? "…" : wd(l.float),
    testId: "tip-float",
  });
  lines.push({ label: t("planningDirect.tip.progress"), value: `${Math.round(ev.progress)} %` });
  return { title: ev.name, lines };
}
