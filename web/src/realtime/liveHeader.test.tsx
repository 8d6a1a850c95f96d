import { act, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { REQUEST_ID_HEADER, SUMMARY_HEADER } from "@jalon/shared/realtime";
import { Providers } from "../app/App";
import { Header } from "../app/layout/Header";
import { request } from "../api/http";
import type { RealtimePayload } from "../api/types";
import { useProject } from "../store/project";
import { makeProject, selectProject, signIn, users } from "../test/render";
import { handleRealtimeEvent, type RealtimeContext } from "./handleEvent";
import { isOwnRequest, TAB_ID } from "./requestId";

// The header's 'Fin projetée' and undo count follow every committed planning write: this tab's answers
// (X-Jalon-Summary) and everyone's live events (payload.summary), without a reload.
const ctx: RealtimeContext = { userId: 2, isAdmin: false, pathname: "/dashboard/planning", navigate: vi.fn() };
const move = (over: Partial<RealtimePayload> = {}): RealtimePayload => ({
  event: "event:bulk_update",
  projectId: 7,
  versionId: 11,
  initiatorId: 9,
  ids: [1],
  ...over,
});

function renderHeader() {
  signIn(users.manager);
  selectProject(makeProject({ projectedEndDate: "2027-06-30", undoRemaining: 2 }));
  return render(
    <Providers>
      <MemoryRouter initialEntries={["/dashboard/planning"]}>
        <Header />
      </MemoryRouter>
    </Providers>,
  );
}

const undoButton = () => screen.getByRole("button", { name: "Défaire la dernière action" });

describe("the header follows live changes", () => {
  it("takes another user's move: projected end and undo count", async () => {
    renderHeader();
    expect(await screen.findByText("Fin projetée : 30/06/2027")).toBeTruthy();
    expect(undoButton().textContent).toContain("2");
    act(() =>
      handleRealtimeEvent(
        "event:bulk_update",
        move({ summary: { versionId: 11, projectedEndDate: "2027-07-15", undoRemaining: 3 } }),
        ctx,
      ),
    );
    expect(await screen.findByText("Fin projetée : 15/07/2027")).toBeTruthy();
    expect(undoButton().textContent).toContain("3");
  });

  it("takes an undo that empties the stack, and ignores the figures of another version", async () => {
    renderHeader();
    await screen.findByText("Fin projetée : 30/06/2027");
    act(() =>
      handleRealtimeEvent(
        "event:bulk_update",
        move({ versionId: 12, summary: { versionId: 12, projectedEndDate: "2028-01-01", undoRemaining: 9 } }),
        ctx,
      ),
    );
    expect(screen.getByText("Fin projetée : 30/06/2027")).toBeTruthy();
    act(() =>
      handleRealtimeEvent(
        "event:bulk_update",
        move({ initiatorId: null, summary: { versionId: 11, projectedEndDate: "2027-05-28", undoRemaining: 0 } }),
        ctx,
      ),
    );
    expect(await screen.findByText("Fin projetée : 28/05/2027")).toBeTruthy();
    expect((undoButton() as HTMLButtonElement).disabled).toBe(true);
  });

  it("takes this tab's own commit from its answer, and names the write with this tab's request id", async () => {
    renderHeader();
    await screen.findByText("Fin projetée : 30/06/2027");
    const seen: Record<string, string>[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (_url: string, init?: RequestInit) => {
        seen.push((init?.headers ?? {}) as Record<string, string>);
        return new Response(JSON.stringify({ ids: [] }), {
          status: 200,
          headers: {
            "Content-Type": "application/json",
            [SUMMARY_HEADER]: JSON.stringify({ versionId: 11, projectedEndDate: "2027-08-02", undoRemaining: 4 }),
          },
        });
      }),
    );
    await act(async () => {
      await request("PATCH", "/event/bulk-update", { body: {} });
    });
    expect(await screen.findByText("Fin projetée : 02/08/2027")).toBeTruthy();
    expect(undoButton().textContent).toContain("4");
    expect(isOwnRequest(seen[0][REQUEST_ID_HEADER])).toBe(true);
    expect(seen[0][REQUEST_ID_HEADER]).toMatch(new RegExp(`^${TAB_ID}:\\d+$`));
    await act(async () => {
      await request("GET", "/project/7");
    });
    expect(seen[1][REQUEST_ID_HEADER]).toBeUndefined();
    expect(useProject.getState().project?.projectedEndDate).toBe("2027-08-02");
  });
});
