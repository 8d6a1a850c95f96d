// THE route table (spec 000 section 2, spec 001 section 2): every path with its permission set, its title and
// whether it needs a selected project. The router, the guards and the navigation all read it.
import { lazy, type ComponentType, type LazyExoticComponent } from "react";
import { permissions, type PermissionSet, type Role } from "../lib/permissions";
import { ACCESSIBILITY_PATH } from "../lib/paths";

export type Screen = LazyExoticComponent<ComponentType>;

export interface AppRoute {
  path: string;
  /** Permission set; undefined means open to everybody. */
  permission?: PermissionSet;
  /** i18n key of the page title. */
  title: string;
  /** "auth": centred card without navigation; "app": navigation, header, panels; "public": header only. */
  layout: "auth" | "app" | "public";
  /** A project and a version must be selected, otherwise errors.no_project and back to the project list. */
  needsProject?: boolean;
  /** The screen: a route is declared with the screen that serves it. */
  screen: Screen;
}

const LoginPage = lazy(() => import("../features/auth/LoginPage"));
const AccessibilityPage = lazy(() => import("../features/accessibility/AccessibilityPage"));
const ForgotPage = lazy(() => import("../features/auth/ForgotPage"));
const ResetPasswordPage = lazy(() => import("../features/auth/ResetPasswordPage"));
const ProjectsPage = lazy(() => import("../features/projects/ProjectsPage"));
const ProjectEditPage = lazy(() => import("../features/projects/ProjectEditPage"));
const PlanningPage = lazy(() => import("../planning/PlanningPage"));
const PublicPlanningPage = lazy(() => import("../planning/PublicPlanningPage"));
const UserInfosPage = lazy(() => import("../features/users/UserInfosPage"));
const UsersPage = lazy(() => import("../features/users/UsersPage"));
const LinkExternalUsersPage = lazy(() => import("../features/users/LinkExternalUsersPage"));
const ExternalUserPage = lazy(() => import("../features/users/ExternalUserPage"));
const EventsPage = lazy(() => import("../features/events/EventsPage"));
const EventEditPage = lazy(() => import("../features/events/EventEditPage"));
const MilestonesPage = lazy(() => import("../features/milestones/MilestonesPage"));
const MilestoneEditPage = lazy(() => import("../features/milestones/MilestoneEditPage"));
const SequencesPage = lazy(() => import("../features/sequences/SequencesPage"));
const SequenceEditPage = lazy(() => import("../features/sequences/SequenceEditPage"));
const ZonesPage = lazy(() => import("../features/zones/ZonesPage"));
const ZoneEditPage = lazy(() => import("../features/zones/ZoneEditPage"));
const LotsPage = lazy(() => import("../features/lots/LotsPage"));
const LotEditPage = lazy(() => import("../features/lots/LotEditPage"));
const ParticipantPage = lazy(() => import("../features/participants/ParticipantPage"));
const LibraryLotsPage = lazy(() => import("../features/lots/LibraryLotsPage"));
const LibraryLotPage = lazy(() => import("../features/lots/LibraryLotPage"));
const SpecialitiesPage = lazy(() => import("../features/specialities/SpecialitiesPage"));
const SpecialityEditPage = lazy(() => import("../features/specialities/SpecialityEditPage"));
const HolidaysPage = lazy(() => import("../features/holidays/HolidaysPage"));
const HolidayEditPage = lazy(() => import("../features/holidays/HolidayEditPage"));
const RoadblocksPage = lazy(() => import("../features/roadblocks/RoadblocksPage"));
const RoadblockEditPage = lazy(() => import("../features/roadblocks/RoadblockEditPage"));
const TagsPage = lazy(() => import("../features/tags/TagsPage"));
const TagPage = lazy(() => import("../features/tags/TagPage"));
const TagCategoriesPage = lazy(() => import("../features/tags/TagCategoriesPage"));
const PhasesPage = lazy(() => import("../features/phases/PhasesPage"));
const PhasePage = lazy(() => import("../features/phases/PhasePage"));
const PhaseCategoriesPage = lazy(() => import("../features/phases/PhaseCategoriesPage"));
const MacroTasksPage = lazy(() => import("../features/macroTasks/MacroTasksPage"));
const MacroTaskPage = lazy(() => import("../features/macroTasks/MacroTaskPage"));
const ImportsPage = lazy(() => import("../features/imports/ImportsPage"));
const ParticipantCountingsPage = lazy(() => import("../features/workforce/ParticipantCountingsPage"));
const WorkforceMonitoringPage = lazy(() => import("../features/workforce/WorkforceMonitoringPage"));
const SupplyMonitoringPage = lazy(() => import("../features/costs/SupplyMonitoringPage"));
const FinancialMonitoringPage = lazy(() => import("../features/costs/FinancialMonitoringPage"));
const ProductivityPage = lazy(() => import("../features/costs/ProductivityPage"));
const RemainingWorkPage = lazy(() => import("../features/costs/RemainingWorkPage"));
const CountingsPage = lazy(() => import("../features/countings/CountingsPage"));
const CountingEventPage = lazy(() => import("../features/countings/CountingEventPage"));
const DashboardPage = lazy(() => import("../features/dashboard/DashboardPage"));
const ProgressionPage = lazy(() => import("../features/dashboard/ProgressionPage"));
const IndicatorsPage = lazy(() => import("../features/dashboard/IndicatorsPage"));
const RecalibrationPage = lazy(() => import("../features/dashboard/RecalibrationPage"));
const OrderLinesPage = lazy(() => import("../features/orderLines/OrderLinesPage"));
const OrderLinePage = lazy(() => import("../features/orderLines/OrderLinePage"));
/** One of the screens of a module that exports several (the template screens: library and project scopes). */
function named<M>(load: () => Promise<M>, pick: (m: M) => ComponentType): Screen {
  return lazy(() => load().then((m) => ({ default: pick(m) })));
}
const eventTemplates = () => import("../features/templates/EventTemplatesPage");
const eventTemplate = () => import("../features/templates/EventTemplatePage");
const sequenceTemplates = () => import("../features/templates/SequenceTemplatesPage");
const sequenceTemplate = () => import("../features/templates/SequenceTemplatePage");
const EventTemplatesLibraryPage = named(eventTemplates, (m) => m.EventTemplatesLibraryPage);
const EventTemplatesProPage = named(eventTemplates, (m) => m.EventTemplatesProPage);
const EventTemplateLibraryPage = named(eventTemplate, (m) => m.EventTemplateLibraryPage);
const EventTemplateProPage = named(eventTemplate, (m) => m.EventTemplateProPage);
const SequenceTemplatesLibraryPage = named(sequenceTemplates, (m) => m.SequenceTemplatesLibraryPage);
const SequenceTemplatesProPage = named(sequenceTemplates, (m) => m.SequenceTemplatesProPage);
const SequenceTemplateLibraryPage = named(sequenceTemplate, (m) => m.SequenceTemplateLibraryPage);
const SequenceTemplateProPage = named(sequenceTemplate, (m) => m.SequenceTemplateProPage);
const qualityList = () => import("../features/quality/QualityListPage");
const PrerequisitesPage = named(qualityList, (m) => m.PrerequisitesPage);
const FinishesPage = named(qualityList, (m) => m.FinishesPage);
const QualityCalendarPage = lazy(() => import("../features/quality/QualityCalendarPage"));
const QualityItemPage = lazy(() => import("../features/quality/QualityItemPage"));
const QualityTemplatesPage = lazy(() => import("../features/quality/QualityTemplatesPage"));

const PRODUCT = "pro";

const r = (
  path: string,
  permission: PermissionSet | undefined,
  title: string,
  extra: Partial<AppRoute> & { screen: Screen },
): AppRoute => ({
  path,
  permission,
  title,
  layout: "app",
  ...extra,
});
const p = { needsProject: true } as const;

export const routes: AppRoute[] = [
  // Public
  r("/login", "onlyGuest", "pages.login", { layout: "auth", screen: LoginPage }),
  r("/forgot", "all", "pages.forgot", { layout: "auth", screen: ForgotPage }),
  r("/reset-password/:token", undefined, "pages.resetPassword", { layout: "auth", screen: ResetPasswordPage }),
  // Everybody, signed in or not (issue 22)
  r(ACCESSIBILITY_PATH, undefined, "pages.accessibility", { layout: "public", screen: AccessibilityPage }),
  // Guest
  r("/dashboard/public-planning/:token", "guest", "pages.publicPlanning", {
    layout: "public",
    screen: PublicPlanningPage,
  }),
  // External level
  r("/dashboard/projects", "external", "pages.projects", { screen: ProjectsPage }),
  r("/dashboard/planning", "external", "pages.planning", { ...p, screen: PlanningPage }),
  r("/dashboard/prerequisites", "external", "pages.prerequisites", { ...p, screen: PrerequisitesPage }),
  r("/dashboard/finishes", "external", "pages.finishes", { ...p, screen: FinishesPage }),
  r("/dashboard/quality-calendar", "external", "pages.qualityCalendar", { ...p, screen: QualityCalendarPage }),
  r("/dashboard/quality/:recordId", "external", "pages.quality", { ...p, screen: QualityItemPage }),
  r("/dashboard/userinfos/:userId", "external", "pages.userinfos", { screen: UserInfosPage }),
  // Administration
  r("/dashboard/users", "admin", "pages.users", { screen: UsersPage }),
  // Manager (spec 000)
  r("/dashboard/overview", "manager", "pages.overview", { ...p, screen: DashboardPage }),
  r("/dashboard/project", "manager", "pages.project", { screen: ProjectEditPage }),
  r("/dashboard/project/new", "manager", "pages.projectNew", { screen: ProjectEditPage }),
  r("/dashboard/project/:projectId", "manager", "pages.project", { screen: ProjectEditPage }),
  r("/dashboard/events", "manager", "pages.events", { ...p, screen: EventsPage }),
  r("/dashboard/event/:eventId", "manager", "pages.event", { ...p, screen: EventEditPage }),
  r("/dashboard/milestones", "manager", "pages.milestones", { ...p, screen: MilestonesPage }),
  r("/dashboard/milestone/:milestoneId", "manager", "pages.milestone", { ...p, screen: MilestoneEditPage }),
  r("/dashboard/sequences", "manager", "pages.sequences", { ...p, screen: SequencesPage }),
  r("/dashboard/sequence/:id", "manager", "pages.sequence", { ...p, screen: SequenceEditPage }),
  r("/dashboard/progression", "manager", "pages.progression", { ...p, screen: ProgressionPage }),
  r("/dashboard/recalibration-tasks", "manager", "pages.recalibrationTasks", { ...p, screen: RecalibrationPage }),
  r("/dashboard/indicators", "manager", "pages.indicators", { ...p, screen: IndicatorsPage }),
  r("/dashboard/imports", "manager", "pages.imports", { ...p, screen: ImportsPage }),
  r("/dashboard/link-external-users", "manager", "pages.linkExternalUsers", { ...p, screen: LinkExternalUsersPage }),
  r("/dashboard/external-users/:externalUserId", "manager", "pages.externalUser", { screen: ExternalUserPage }),
  r("/dashboard/countings", "manager", "pages.countings", { ...p, screen: CountingsPage }),
  r("/dashboard/counting/:eventType/:eventId", "manager", "pages.counting", { ...p, screen: CountingEventPage }),
  r("/dashboard/counting/:eventType/:eventId/zone/:zoneId", "manager", "pages.counting", {
    ...p,
    screen: CountingEventPage,
  }),
  // Manager (spec 001)
  r("/dashboard/participant-countings", "manager", "pages.participantCountings", {
    ...p,
    screen: ParticipantCountingsPage,
  }),
  r("/dashboard/events-library", "admin", "pages.eventsLibrary", { screen: EventTemplatesLibraryPage }),
  r("/dashboard/event-library/:eventTemplateProId/:sequenceTemplateProId", "manager", "pages.eventLibrary", {
    screen: EventTemplateLibraryPage,
  }),
  r(`/dashboard/events-${PRODUCT}`, "manager", "pages.projectEvents", { ...p, screen: EventTemplatesProPage }),
  r(`/dashboard/event-${PRODUCT}/:eventTemplateId/:sequenceTemplateId`, "manager", "pages.projectEvent", {
    ...p,
    screen: EventTemplateProPage,
  }),
  r("/dashboard/sequences-library", "admin", "pages.sequencesLibrary", { screen: SequenceTemplatesLibraryPage }),
  r("/dashboard/sequence-library/:id", "manager", "pages.sequenceLibrary", { screen: SequenceTemplateLibraryPage }),
  r(`/dashboard/sequences-${PRODUCT}`, "manager", "pages.projectSequences", { ...p, screen: SequenceTemplatesProPage }),
  r(`/dashboard/sequence-${PRODUCT}/:id`, "manager", "pages.projectSequence", {
    ...p,
    screen: SequenceTemplateProPage,
  }),
  r("/dashboard/participants-library", "manager", "pages.participantsLibrary", { screen: LibraryLotsPage }),
  r("/dashboard/participant-library/:participantGroupId", "manager", "pages.participantLibrary", {
    screen: LibraryLotPage,
  }),
  r("/dashboard/participants", "manager", "pages.participants", { ...p, screen: LotsPage }),
  r("/dashboard/participants/new", "manager", "pages.participants", { ...p, screen: ParticipantPage }),
  r("/dashboard/participants/:recordId/:page", "manager", "pages.participants", { ...p, screen: ParticipantPage }),
  // The project's own lots: the spec gives them no address of their own (its /dashboard/participants/{recordId} is a
  // participant); singular like the library's, so that spec 000's live-refresh rule for paths with 'participant-group/' applies.
  r("/dashboard/participant-group/new", "manager", "pages.participants", { ...p, screen: LotEditPage }),
  r("/dashboard/participant-group/:recordId/:page", "manager", "pages.participants", { ...p, screen: LotEditPage }),
  r("/dashboard/specialities", "manager", "pages.specialities", { ...p, screen: SpecialitiesPage }),
  r("/dashboard/specialities/:recordId", "manager", "pages.specialities", { ...p, screen: SpecialityEditPage }),
  r("/dashboard/phases", "manager", "pages.phases", { ...p, screen: PhasesPage }),
  r("/dashboard/phases/categories", "manager", "pages.phases", { ...p, screen: PhaseCategoriesPage }),
  r("/dashboard/phases/:recordId", "manager", "pages.phases", { ...p, screen: PhasePage }),
  r("/dashboard/tags", "manager", "pages.tags", { ...p, screen: TagsPage }),
  r("/dashboard/tags/categories", "manager", "pages.tags", { ...p, screen: TagCategoriesPage }),
  r("/dashboard/tags/:recordId", "manager", "pages.tags", { ...p, screen: TagPage }),
  r("/dashboard/zones", "manager", "pages.zones", { ...p, screen: ZonesPage }),
  r("/dashboard/zone/:id", "manager", "pages.zone", { ...p, screen: ZoneEditPage }),
  r("/dashboard/macro-tasks", "manager", "pages.macroTasks", { ...p, screen: MacroTasksPage }),
  r("/dashboard/macro-task/:id/:tab", "manager", "pages.macroTask", { ...p, screen: MacroTaskPage }),
  r("/dashboard/order-lines", "manager", "pages.orderLines", { ...p, screen: OrderLinesPage }),
  r("/dashboard/order-line/:id", "manager", "pages.orderLine", { ...p, screen: OrderLinePage }),
  r("/dashboard/quality-control-template/:kind", "manager", "pages.qualityTemplates", {
    ...p,
    screen: QualityTemplatesPage,
  }),
  r("/dashboard/roadblocks", "manager", "pages.roadblocks", { ...p, screen: RoadblocksPage }),
  r("/dashboard/roadblock/:roadblockId", "manager", "pages.roadblock", { ...p, screen: RoadblockEditPage }),
  r("/dashboard/holidays", "manager", "pages.holidays", { ...p, screen: HolidaysPage }),
  r("/dashboard/holiday/:holidayId/:type", "manager", "pages.holiday", { ...p, screen: HolidayEditPage }),
  r("/dashboard/financial-monitoring", "manager", "pages.financialMonitoring", {
    ...p,
    screen: FinancialMonitoringPage,
  }),
  r("/dashboard/financial-result", "manager", "pages.financialMonitoring", { ...p, screen: FinancialMonitoringPage }),
  r("/dashboard/productivity", "manager", "pages.productivity", { ...p, screen: ProductivityPage }),
  r("/dashboard/workforce-monitoring", "manager", "pages.workforceMonitoring", {
    ...p,
    screen: WorkforceMonitoringPage,
  }),
  r("/dashboard/supply-monitoring", "manager", "pages.supplyMonitoring", { ...p, screen: SupplyMonitoringPage }),
  r("/dashboard/remaining-work", "manager", "pages.remainingWork", { ...p, screen: RemainingWorkPage }),
];

export function rolesOf(route: Pick<AppRoute, "permission">): readonly Role[] | undefined {
  return route.permission === undefined ? undefined : permissions[route.permission];
}

/** The route of a concrete path (first match; static segments win over parameters). */
export function routeForPath(pathname: string): AppRoute | undefined {
  const segments = pathname.split("/").filter(Boolean);
  let best: AppRoute | undefined;
  let bestScore = -1;
  for (const route of routes) {
    const parts = route.path.split("/").filter(Boolean);
    if (parts.length !== segments.length) continue;
    let score = 0;
    let ok = true;
    for (let i = 0; i < parts.length; i++) {
      if (parts[i].startsWith(":")) continue;
      if (parts[i] !== segments[i]) {
        ok = false;
        break;
      }
      score++;
    }
    if (ok && score > bestScore) {
      best = route;
      bestScore = score;
    }
  }
  return best;
}
