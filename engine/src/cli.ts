#!/usr/bin/env node
// The engine's only file with I/O. `npm run -s schedule -- FILE.json` prints the schedule as JSON;
// given a PSPLIB .sm file it prints the project length in working days.
import { readFileSync } from "node:fs";
import { EngineError } from "./errors.js";
import { scheduleDocument } from "./document.js";
import { psplibLength } from "./psplibLength.js";

function main(argv: string[]): number {
  const file = argv[0];
  if (!file) {
    process.stderr.write("Usage : npm run -s schedule -- FICHIER.json | FICHIER.sm\n");
    return 1;
  }
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (e) {
    process.stderr.write(`Lecture impossible de ${file} : ${(e as Error).message}\n`);
    return 1;
  }
  try {
    if (file.endsWith(".sm")) {
      process.stdout.write(`${psplibLength(text)}\n`);
      return 0;
    }
    let doc: unknown;
    try {
      doc = JSON.parse(text);
    } catch (e) {
      process.stderr.write(`JSON invalide dans ${file} : ${(e as Error).message}\n`);
      return 1;
    }
    process.stdout.write(`${JSON.stringify(scheduleDocument(doc))}\n`);
    return 0;
  } catch (e) {
    if (e instanceof EngineError) {
      process.stderr.write(`${e.code}: ${e.message}\n`);
      return 1;
    }
    throw e;
  }
}

process.exitCode = main(process.argv.slice(2));
