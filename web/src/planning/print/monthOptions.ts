/**
 * The months offered by the print range: two years around the months on screen, labelled in French whatever
 * the browser's language (a native month input shows the browser's, e.g. "August 2026").
 */
const LABEL = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" });

const index = (ym: string) => Number(ym.slice(0, 4)) * 12 + Number(ym.slice(5, 7)) - 1;
const key = (i: number) => `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;

export function monthOptions(startMonth: string, endMonth: string, margin = 24): { value: string; label: string }[] {
  const from = Math.min(index(startMonth), index(endMonth)) - margin;
  const to = Math.max(index(startMonth), index(endMonth)) + margin;
  const out: { value: string; label: string }[] = [];
  for (let i = from; i <= to; i++)
    out.push({ value: key(i), label: LABEL.format(Date.UTC(Math.floor(i / 12), i % 12, 1)) });
  return out;
}
