import { AppError, SCHEDULE_IMPORT_MAX_BYTES } from "@jalon/shared";
import { readMspdi } from "./mspdi.js";
import { resolveSchedule, type ImportedSchedule } from "./schedule.js";
import { readXer } from "./xer.js";

/**
 * An uploaded schedule file to what Jalon writes, whatever its format: MSPDI (XML) or P6 (XER), told by its
 * bytes rather than its name (a renamed file still reads, a PDF named .xml is refused). Every refusal is a 400
 * with a French message, before anything is written.
 */
export function readScheduleFile(bytes: Uint8Array, fileName: string): ImportedSchedule {
  if (bytes.length === 0) throw new AppError("errors.import_format", { message: "Le fichier est vide." });
  if (bytes.length > SCHEDULE_IMPORT_MAX_BYTES) throw new AppError("errors.import_too_large");
  const kind = sniff(bytes);
  const base = fileName.replace(/^.*[\\/]/, "").replace(/\.(xml|xer)$/i, "");
  if (kind === "xer") return resolveSchedule(readXer(bytes, base));
  if (kind === "xml") {
    let text: string;
    try {
      text = new TextDecoder(xmlEncoding(bytes), { fatal: true }).decode(bytes);
    } catch {
      throw new AppError("errors.import_format", {
        message: "Le fichier XML contient des caractères invalides pour son encodage.",
      });
    }
    return resolveSchedule(readMspdi(text, base));
  }
  throw new AppError("errors.import_format", {
    message: "Le fichier n'est ni un planning MS Project (.xml MSPDI) ni un export Primavera P6 (.xer).",
  });
}

function sniff(bytes: Uint8Array): "xml" | "xer" | null {
  let i = 0;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) i = 3;
  else if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) return "xml";
  while (i < bytes.length && (bytes[i] === 0x20 || bytes[i] === 0x0a || bytes[i] === 0x0d || bytes[i] === 0x09)) i++;
  const head = Buffer.from(bytes.subarray(i, i + 6)).toString("latin1");
  if (head === "ERMHDR") return "xer";
  if (head.startsWith("<")) return "xml";
  return null;
}

/** The encoding of an XML document: its byte order mark, else its declaration, else UTF-8. */
function xmlEncoding(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  const decl = Buffer.from(bytes.subarray(0, 200)).toString("latin1");
  const end = decl.indexOf("?>");
  const m = end > 0 ? /encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(decl.slice(0, end)) : null;
  const label = m?.[1].toLowerCase() ?? "utf-8";
  try {
    new TextDecoder(label);
    return label;
  } catch {
    return "utf-8";
  }
}
