// Test helpers of the events, milestones and sequences screens: the screens in a memory router with the app's
// providers (toasts included), a selected project, and event factories. The API module is mocked by each test.
import { render } from "@testing-library/react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { Providers, makeProject, selectProject } from "../../test/render";
import type { EventItem, EventListQuery, SequenceItem } from "../../api/events";
import type { ListResponse } from "../../api/types";
import EventsPage from "./EventsPage";
import EventEditPage from "./EventEditPage";
import MilestonesPage from "../milestones/MilestonesPage";
import MilestoneEditPage from "../milestones/MilestoneEditPage";
import SequencesPage from "../sequences/SequencesPage";
import SequenceEditPage from "../sequences/SequenceEditPage";

export const PROJECT_ID = 7;
export const VERSION_ID = 11;

export function renderScreen(path: string) {
  selectProject(makeProject({ id: PROJECT_ID, currentVersionId: VERSION_ID }));
  const router = createMemoryRouter(
    [
      { path: "/dashboard/events", element: <EventsPage /> },
      { path: "/dashboard/event/:eventId", element: <EventEditPage /> },
      { path: "/dashboard/milestones", element: <MilestonesPage /> },
      { path: "/dashboard/milestone/:milestoneId", element: <MilestoneEditPage /> },
      { path: "/dashboard/sequences", element: <SequencesPage /> },
      { path: "/dashboard/sequence/:id", element: <SequenceEditPage /> },
      { path: "/dashboard/projects", element: <div>projets</div> },
    ],
    { initialEntries: [path] },
  );
  const utils = render(
    <Providers>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...utils, router };
}

export function makeEvent(overrides: Partial<EventItem> & Pick<EventItem, "id" | "name">): EventItem {
  const milestone = overrides.type === "milestone";
  return {
    projectId: PROJECT_ID,
    versionId: VERSION_ID,
    trackingId: overrides.id,
    revision: 1,
    type: "task",
    comments: null,
    description: null,
    trigram: null,
    startDate: "2026-03-02",
    endDate: milestone ? "2026-03-02" : "2026-03-06",
    numberOfDays: milestone ? 0 : 5,
    numberOfPeople: 1,
    color: milestone ? "#FFFFFF" : null,
    zoneId: null,
    macroTaskId: null,
    participantGroupProId: null,
    participantId: null,
    specialityId: null,
    sequenceId: null,
    sequenceType: null,
    eventTemplateProId: null,
    instantiationConfigId: null,
    referenceType: "dateReference",
    taskInstantiationType: null,
    deltaToTop: null,
    isRecurringEvent: false,
    isTracked: false,
    isContractual: false,
    milestoneToHide: false,
    locked: false,
    prerequisitesDelay: 0,
    finishesDelay: 0,
    prerequisitesDocumentName: null,
    finishesDocumentName: null,
    numberOfRoadblocks: 0,
    lastCounting: null,
    theoreticalProgress: null,
    parentsEvents: [],
    childrenEvents: [],
    createdAt: "2026-02-01T08:00:00.000Z",
    updatedAt: "2026-02-01T08:00:00.000Z",
    ...overrides,
  };
}

export function makeSequence(overrides: Partial<SequenceItem> & Pick<SequenceItem, "id" | "name">): SequenceItem {
  return {
    projectId: PROJECT_ID,
    versionId: VERSION_ID,
    trackingId: overrides.id,
    color: null,
    startDate: null,
    endDate: null,
    zoneId: null,
    parentSequenceId: null,
    sequenceTemplateProId: null,
    instantiationConfigId: null,
    instantiatedCount: 0,
    synchronizableStatus: null,
    startMilestoneId: null,
    endMilestoneId: null,
    updatedAt: "2026-02-01T08:00:00.000Z",
    ...overrides,
  };
}

export function listOf<T>(items: T[], total = items.length): ListResponse<T> {
  return { data: items, count: items.length, total };
}

/** A picker page of `total` events named "Tâche 001"... answering the asked offset (20 per page). */
export function pickerPages(total: number) {
  const all = Array.from({ length: total }, (_, i) =>
    makeEvent({ id: 1000 + i, name: `Tâche ${String(i + 1).padStart(3, "0")}` }),
  );
  return async (_versionId: number, search: string, offset: number) => {
    const matching = all.filter((e) => e.name.toLowerCase().includes(search.toLowerCase()));
    return listOf(matching.slice(offset, offset + 20), matching.length);
  };
}

export type ListCall = EventListQuery;

export const writeResult = {
  id: 1,
  ids: [],
  startDates: [],
  endDates: [],
  revisions: [],
  projectedEndDate: null,
  undoRemaining: 1,
};
