import { describe, expect, it } from "vitest";
import { GRID_WIDTH } from "../viewport/layout";
import {
  DEFAULT_COLUMN_WIDTHS,
  MIN_COLUMN_WIDTHS,
  maxColumnWidth,
  readColumnWidths,
  resizeColumn,
} from "./columnWidths";

const sum = (w: readonly number[]) => w.reduce((a, b) => a + b, 0);

describe("grid column widths", () => {
  it("moves the border between two columns: one gains what the next gives, the grid keeps its width", () => {
    expect(sum(DEFAULT_COLUMN_WIDTHS)).toBe(GRID_WIDTH);
    const wider = resizeColumn(DEFAULT_COLUMN_WIDTHS, 0, 24);
    expect(wider).toEqual([196, 56, 72, 72, 44]);
    expect(sum(wider)).toBe(GRID_WIDTH);
    expect(resizeColumn(wider, 0, -24)).toEqual(DEFAULT_COLUMN_WIDTHS);
  });

  it("stops each side at its minimum, and gives the same array when nothing moves", () => {
    const most = resizeColumn(DEFAULT_COLUMN_WIDTHS, 0, 1000);
    expect(most[1]).toBe(MIN_COLUMN_WIDTHS[1]);
    expect(most[0]).toBe(maxColumnWidth(DEFAULT_COLUMN_WIDTHS, 0));
    expect(resizeColumn(most, 0, 8)).toBe(most);
    expect(resizeColumn(DEFAULT_COLUMN_WIDTHS, 3, -1000)[3]).toBe(MIN_COLUMN_WIDTHS[3]);
    // No border after the last column; a fraction of a pixel rounds.
    expect(resizeColumn(DEFAULT_COLUMN_WIDTHS, 4, 10)).toBe(DEFAULT_COLUMN_WIDTHS);
    expect(resizeColumn(DEFAULT_COLUMN_WIDTHS, 1, 0.3)).toBe(DEFAULT_COLUMN_WIDTHS);
  });

  it("reads back only whole widths, each at its minimum, the grid's width in all", () => {
    expect(readColumnWidths([196, 56, 72, 72, 44])).toEqual([196, 56, 72, 72, 44]);
    expect(readColumnWidths([178, 80, 72, 72, 60])).toBeUndefined();
    expect(readColumnWidths([300, 20, 72, 18, 30])).toBeUndefined();
    expect(readColumnWidths([178.5, 79.5, 72, 72, 38])).toBeUndefined();
    expect(readColumnWidths([178, 80, 72, 72])).toBeUndefined();
    expect(readColumnWidths("178,80")).toBeUndefined();
  });
});
