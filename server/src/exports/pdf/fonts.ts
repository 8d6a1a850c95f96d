import { readFileSync } from "node:fs";
import type { jsPDF } from "jspdf";

/**
 * DejaVu Sans Condensed, shipped with the code (Bitstream Vera licence, fonts/LICENSE-DejaVu.txt): jspdf's
 * standard 14 fonts are WinAnsi only ("œ" and other French glyphs come out wrong), and a machine may have no
 * system fonts. jspdf embeds only the glyphs a document uses, so a plan weighs tens of kilobytes, not the font.
 */
export const PDF_FONT = "DejaVuSansCondensed";
const FILES = { normal: "DejaVuSansCondensed.ttf", bold: "DejaVuSansCondensed-Bold.ttf" } as const;

let cache: Record<keyof typeof FILES, string> | null = null;

function fontData(): Record<keyof typeof FILES, string> {
  cache ??= {
    normal: readFileSync(new URL(`./fonts/${FILES.normal}`, import.meta.url)).toString("base64"),
    bold: readFileSync(new URL(`./fonts/${FILES.bold}`, import.meta.url)).toString("base64"),
  };
  return cache;
}

export function registerFonts(doc: jsPDF): void {
  const data = fontData();
  for (const style of ["normal", "bold"] as const) {
    doc.addFileToVFS(FILES[style], data[style]);
    doc.addFont(FILES[style], PDF_FONT, style);
  }
  doc.setFont(PDF_FONT, "normal");
}
