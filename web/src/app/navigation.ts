// Navigation tree of spec 000 section 2 ("manager unless noted"). Visibility follows the route table's
// permission of each path; admin-only items are the global libraries. Every item except the project list
// is disabled until a project is selected.
import { routeForPath, rolesOf } from "./routeTable";
import { PROJECTS_PATH } from "../lib/paths";
import { isAllowed, type Role } from "../lib/permissions";

export interface NavNode {
  /** i18n key under nav.* */
  label: string;
  path?: string;
  children?: NavNode[];
  adminOnly?: boolean;
  icon?: NavIcon;
}

export type NavIcon =
  "projects" | "dashboard" | "configuration" | "planning" | "qualityCalendar" | "execution" | "monitoring";

export const navigationTree: NavNode[] = [
  { label: "nav.projects", path: PROJECTS_PATH, icon: "projects" },
  { label: "nav.dashboard", path: "/dashboard/overview", icon: "dashboard" },
  {
    label: "nav.configuration",
    icon: "configuration",
    children: [
      { label: "nav.general", path: "/dashboard/project" },
      { label: "nav.imports", path: "/dashboard/imports" },
      {
        label: "nav.libraries",
        children: [
          { label: "nav.eventsLibrary", path: "/dashboard/events-library", adminOnly: true },
          { label: "nav.sequencesLibrary", path: "/dashboard/sequences-library", adminOnly: true },
          { label: "nav.projectEvents", path: "/dashboard/events-pro" },
          { label: "nav.projectSequences", path: "/dashboard/sequences-pro" },
          { label: "nav.participantGroups", path: "/dashboard/participants-library" },
          { label: "nav.qualityTemplates", path: "/dashboard/quality-control-template/prerequisites" },
        ],
      },
      {
        label: "nav.edition",
        children: [
          { label: "nav.zones", path: "/dashboard/zones" },
          { label: "nav.sequences", path: "/dashboard/sequences" },
          { label: "nav.macroTasks", path: "/dashboard/macro-tasks" },
          { label: "nav.events", path: "/dashboard/events" },
          { label: "nav.orderLines", path: "/dashboard/order-lines" },
          { label: "nav.professions", path: "/dashboard/participants" },
          { label: "nav.calendar", path: "/dashboard/holidays" },
          { label: "nav.milestones", path: "/dashboard/milestones" },
          { label: "nav.tags", path: "/dashboard/tags" },
          { label: "nav.phases", path: "/dashboard/phases" },
        ],
      },
    ],
  },
  { label: "nav.planning", path: "/dashboard/planning", icon: "planning" },
  { label: "nav.qualityCalendar", path: "/dashboard/quality-calendar", icon: "qualityCalendar" },
  {
    label: "nav.execution",
    icon: "execution",
    children: [
      { label: "nav.countings", path: "/dashboard/countings" },
      { label: "nav.participantCountings", path: "/dashboard/participant-countings" },
      { label: "nav.roadblocks", path: "/dashboard/roadblocks" },
    ],
  },
  {
    label: "nav.monitoring",
    icon: "monitoring",
    children: [
      {
        label: "nav.quality",
        children: [
          { label: "nav.prerequisites", path: "/dashboard/prerequisites" },
          { label: "nav.finishes", path: "/dashboard/finishes" },
        ],
      },
      {
        label: "nav.costs",
        children: [
          { label: "nav.financialMonitoring", path: "/dashboard/financial-monitoring" },
          { label: "nav.productivity", path: "/dashboard/productivity" },
          // Spec 001's money screens, which spec 000's tree predates: beside the other costs, not URL-only.
          { label: "nav.supplyMonitoring", path: "/dashboard/supply-monitoring" },
          { label: "nav.remainingWork", path: "/dashboard/remaining-work" },
        ],
      },
      {
        label: "nav.timeframes",
        children: [
          { label: "nav.progression", path: "/dashboard/progression" },
          { label: "nav.recalibrationTasks", path: "/dashboard/recalibration-tasks" },
          { label: "nav.workforceMonitoring", path: "/dashboard/workforce-monitoring" },
        ],
      },
    ],
  },
];

/** The tree as the given user may see it: items of routes they may not open are removed, empty groups too. */
export function visibleTree(nodes: NavNode[], role: Role, isAdmin: boolean): NavNode[] {
  const out: NavNode[] = [];
  for (const node of nodes) {
    if (node.adminOnly && !isAdmin) continue;
    if (node.children) {
      const children = visibleTree(node.children, role, isAdmin);
      if (children.length) out.push({ ...node, children });
      continue;
    }
    if (node.path) {
      const route = routeForPath(node.path);
      if (route && !isAllowed(rolesOf(route), role, true)) continue;
    }
    out.push(node);
  }
  return out;
}

/** Only the project list can be opened without a selected project. */
export function needsSelectedProject(node: NavNode): boolean {
  return node.path !== PROJECTS_PATH;
}
