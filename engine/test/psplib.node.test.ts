import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parsePsplib, psplibLength } from "../src/index.js";
import { psplibMissing, psplibRoot, psplibSkipReason } from "../../scripts/testing/psplibData.js";

const root = psplibRoot;
const sets = ["j30", "j120"] as const;
const expectedCounts = { j30: 480, j120: 600 };

describe.skipIf(psplibMissing)(`PSPLIB: project length equals MPM-Time${psplibSkipReason}`, () => {
  for (const set of sets) {
    it(`every ${set} instance`, () => {
      const dir = join(root, set);
      const files = readdirSync(dir).filter((f) => f.endsWith(".sm"));
      expect(files.length).toBe(expectedCounts[set]);
      const wrong: string[] = [];
      for (const f of files) {
        const text = readFileSync(join(dir, f), "utf8");
        const { mpmTime } = parsePsplib(text);
        const length = psplibLength(text);
        if (mpmTime === null || length !== mpmTime) wrong.push(`${f}: ${length} != ${mpmTime}`);
      }
      expect(wrong).toEqual([]);
    });
  }
});
