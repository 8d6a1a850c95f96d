import { describe, expect, it } from "vitest";
import { lazyArray } from "../src/lazyArray.js";

describe("lazyArray", () => {
  it("makes an element on its first read only, and gives the same one after", () => {
    const made: number[] = [];
    const a = lazyArray(5, (i) => {
      made.push(i);
      return { i };
    });
    expect(a.length).toBe(5);
    expect(made).toEqual([]);
    const third = a[2];
    expect(third).toEqual({ i: 2 });
    expect(a[2]).toBe(third);
    expect(made).toEqual([2]);
    expect(a[5]).toBeUndefined();
    expect(a[-1 as number]).toBeUndefined();
    expect(2 in a).toBe(true);
    expect(5 in a).toBe(false);
    expect(made).toEqual([2]);
  });

  it("reads as an array for whatever walks it, each element made once", () => {
    let calls = 0;
    const a = lazyArray(4, (i) => {
      calls++;
      return i * 10;
    });
    expect(Array.isArray(a)).toBe(true);
    expect([...a]).toEqual([0, 10, 20, 30]);
    expect(a.map((x) => x + 1)).toEqual([1, 11, 21, 31]);
    expect(a.filter((x) => x > 10)).toEqual([20, 30]);
    expect(a.slice(1, 3)).toEqual([10, 20]);
    expect(a.indexOf(20)).toBe(2);
    expect(a.find((x) => x === 30)).toBe(30);
    expect(Object.keys(a)).toEqual(["0", "1", "2", "3"]);
    expect(JSON.stringify(a)).toBe("[0,10,20,30]");
    expect(a).toEqual([0, 10, 20, 30]);
    expect(calls).toBe(4);
  });

  it("refuses writes", () => {
    const a = lazyArray(2, (i) => i);
    expect(() => {
      (a as number[])[0] = 5;
    }).toThrow(TypeError);
    expect(() => (a as number[]).push(1)).toThrow(TypeError);
    expect(a[0]).toBe(0);
    expect(a.length).toBe(2);
  });
});
