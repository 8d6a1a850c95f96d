import { describe, expect, it } from "vitest";
import * as C from "../src/constants.js";

describe("constants of section 9", () => {
  it("keeps the limits of the specs", () => {
    expect(C.LIST_LIMIT).toBe(10000);
    expect(C.EVENT_LIST_DEFAULT_LIMIT).toBe(10);
    expect(C.TEXT_MAX_LENGTH).toBe(200);
    expect(C.TOAST_DURATION_MS).toBe(5000);
    expect(C.PROGRESS_TOAST_CLOSE_MS).toBe(3000);
    expect(C.VERSION_CREATED_REFETCH_DELAY_MS).toBe(250);
    expect(C.AGGREGATION_GAP_MS).toBe(60000);
    expect(C.MAX_COMPARED_VERSIONS).toBe(4);
    expect(C.DELAYED_EVENTS_DEFAULT_LIMIT).toBe(100);
    expect(C.MINUTES_PER_DAY).toBe(1440);
    expect(C.DEFAULT_MILESTONE_COLOR).toBe("#FFFFFF");
  });
});
