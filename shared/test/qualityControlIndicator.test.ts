import { describe, expect, it } from "vitest";
import { qualityControlCreateBody, qualityControlIndicator } from "../src/contract/qualityControl.js";

describe("qualityControlIndicator (spec 001 section 4)", () => {
  it("is green when compliant with no delay (0 or no value)", () => {
    expect(qualityControlIndicator("compliant", 0)).toBe("green");
    expect(qualityControlIndicator("compliant", null)).toBe("green");
  });
  it("is grey when unrealized with no delay value (null; 0 is a value)", () => {
    expect(qualityControlIndicator("unrealized", null)).toBe("grey");
    expect(qualityControlIndicator("unrealized", undefined)).toBe("grey");
  });
  it("is red when non-complying and the delay is above zero", () => {
    expect(qualityControlIndicator("non-complying", 3)).toBe("red");
  });
  it("is orange otherwise", () => {
    expect(qualityControlIndicator("compliant", 2)).toBe("orange");
    expect(qualityControlIndicator("compliant", -1)).toBe("orange");
    expect(qualityControlIndicator("unrealized", 4)).toBe("orange");
    // The default delay is a delay value: an unrealized control due on its task's date is not grey.
    expect(qualityControlIndicator("unrealized", 0)).toBe("orange");
    expect(qualityControlIndicator("unrealized", -1)).toBe("orange");
    expect(qualityControlIndicator("non-complying", 0)).toBe("orange");
    expect(qualityControlIndicator("non-complying", null)).toBe("orange");
    expect(qualityControlIndicator("partial", 0)).toBe("orange");
    expect(qualityControlIndicator("partial", 5)).toBe("orange");
  });
  it("is orange for the undefined status, whatever the delay", () => {
    expect(qualityControlIndicator(undefined, 0)).toBe("orange");
    expect(qualityControlIndicator(null, null)).toBe("orange");
    expect(qualityControlIndicator(null, 2)).toBe("orange");
  });
});

describe("qualityControlCreateBody", () => {
  const base = { projectId: 1, type: "prerequisites", name: "Plans visés", eventId: 3 };
  it("keeps a null delay and leaves an omitted one to the server's default", () => {
    expect(qualityControlCreateBody.parse({ ...base, delay: null }).delay).toBeNull();
    expect(qualityControlCreateBody.parse(base).delay).toBeUndefined();
    expect(qualityControlCreateBody.parse({ ...base, delay: -2 }).delay).toBe(-2);
  });
  it("refuses unknown keys of the fixed lists and a control attached to nothing or to two things", () => {
    expect(qualityControlCreateBody.safeParse({ ...base, category: "other" }).success).toBe(false);
    expect(qualityControlCreateBody.safeParse({ ...base, status: "done" }).success).toBe(false);
    expect(qualityControlCreateBody.safeParse({ ...base, type: "other" }).success).toBe(false);
    expect(qualityControlCreateBody.safeParse({ ...base, eventId: undefined }).success).toBe(false);
    expect(qualityControlCreateBody.safeParse({ ...base, sequenceId: 4 }).success).toBe(false);
  });
});
