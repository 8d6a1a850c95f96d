import { afterEach, describe, expect, it, vi } from "vitest";
import { useSession } from "../store/session";
import { makeUser, signIn } from "../test/render";
import { API_READS_CACHE } from "./readCache";

afterEach(() => vi.unstubAllGlobals());

describe("the service worker's API reads at sign-out", () => {
  it("are forgotten, so that the next user of the device does not read them offline", async () => {
    const remove = vi.fn(async () => true);
    vi.stubGlobal("caches", { delete: remove });
    signIn(makeUser({ id: 2, type: "manager" }));
    expect(remove).not.toHaveBeenCalled();
    useSession.getState().logout();
    await vi.waitFor(() => expect(remove).toHaveBeenCalledWith(API_READS_CACHE));
  });
});
