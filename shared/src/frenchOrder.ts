/**
 * French order without an ICU collation: accents folded to their letter, then case folded, then the raw text to
 * keep a stable order between "Eric" and "Éric". The server sorts its lists this way in SQL (PGlite has no ICU
 * collation and a database's may be C); the Gantt sorts its groups the same way, so a zone list and the planning's
 * zone headings agree, and the planning's first paint does not load ICU's collation data (10 ms in Chromium).
 */
export const FRENCH_ACCENTED = "ÀÂÄÇÉÈÊËÎÏÔÖÙÛÜŸÁÍÓÚÑàâäçéèêëîïôöùûüÿáíóúñ";
export const FRENCH_PLAIN = "AAACEEEEIIOOUUUYAIOUNaaaceeeeiioouuuyaioun";

const fold = new Map<string, string>();
for (let i = 0; i < FRENCH_ACCENTED.length; i++) fold.set(FRENCH_ACCENTED[i], FRENCH_PLAIN[i]);
const ACCENTED_CHAR = new RegExp(`[${FRENCH_ACCENTED}]`, "g");

/** The sort key of a text: lower(translate(text, accented, plain)), as frenchKeySql computes it in SQL. */
export function frenchKey(text: string): string {
  return text.replace(ACCENTED_CHAR, (c) => fold.get(c)!).toLowerCase();
}

/** Compares two texts in French order (key, then raw text). */
export function compareFrench(a: string, b: string, keyA = frenchKey(a), keyB = frenchKey(b)): number {
  if (keyA !== keyB) return keyA < keyB ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}
