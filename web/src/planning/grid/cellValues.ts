import { formatDay, parseDay } from "@jalon/engine";

/** What a committed cell text asks of the planning, or why it is refused (issue 20's inline edits). */
export type CellWrite =
  | { kind: "name"; name: string }
  | { kind: "days"; days: number }
  | { kind: "start"; day: number }
  | { kind: "lot"; lotId: number | null }
  | { kind: "same" }
  | { kind: "refused"; reason: "invalidDate" | "invalidDuration" | "emptyName" };

/** The grid's dates as typed: dd/MM/yyyy. */
export function dayToInput(day: number): string {
  const iso = formatDay(day);
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}

/** dd/MM/yyyy (one-digit day or month accepted) to a day number, or null when it is no calendar day. */
export function inputToDay(text: string): number | null {
  const m = /^\s*(\d{1,2})\/(\d{1,2})\/(\d{4})\s*$/.exec(text);
  if (!m) return null;
  try {
    return parseDay(`${m[3]}-${m[2].padStart(2, "0")}-${m[1].padStart(2, "0")}`);
  } catch {
    return null;
  }
}

export const MAX_DAYS = 9999;
/** The server's name length (events.name). */
export const MAX_NAME = 255;

/**
 * A cell's committed text against the event's current values: the write it asks, nothing when unchanged, or the
 * refusal. A start must be a working day of the event's calendar ('Date invalide', as the server refuses it).
 */
export function cellWrite(
  col: "name" | "lot" | "start" | "days",
  text: string,
  current: { name: string; startDay: number; days: number; lotId: number | null },
  isWorking: (day: number) => boolean,
): CellWrite {
  if (col === "name") {
    const name = text.trim().slice(0, MAX_NAME);
    if (!name) return { kind: "refused", reason: "emptyName" };
    return name === current.name ? { kind: "same" } : { kind: "name", name };
  }
  if (col === "days") {
    const t = text.trim();
    const days = /^\d+$/.test(t) ? Number(t) : NaN;
    if (!Number.isInteger(days) || days < 1 || days > MAX_DAYS) return { kind: "refused", reason: "invalidDuration" };
    return days === current.days ? { kind: "same" } : { kind: "days", days };
  }
  if (col === "start") {
    const day = inputToDay(text);
    if (day === null || !isWorking(day)) return { kind: "refused", reason: "invalidDate" };
    return day === current.startDay ? { kind: "same" } : { kind: "start", day };
  }
  const lotId = text === "" ? null : Number(text);
  if (lotId !== null && !Number.isInteger(lotId)) return { kind: "same" };
  return lotId === current.lotId ? { kind: "same" } : { kind: "lot", lotId };
}
