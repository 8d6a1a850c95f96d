import { describe, expect, it } from "vitest";
import { nav } from "../i18n/fr/nav";
import { navigationTree, needsSelectedProject, visibleTree, type NavNode } from "./navigation";
import { routeForPath } from "./routeTable";

const leaves = (nodes: NavNode[]): NavNode[] => nodes.flatMap((n) => (n.children ? leaves(n.children) : [n]));
const paths = (nodes: NavNode[]) => leaves(nodes).map((n) => n.path);
const french = (key: string) => (nav.nav as Record<string, string>)[key.replace(/^nav\./, "")];
const group = (label: string, nodes: NavNode[] = navigationTree): NavNode | undefined => {
  for (const n of nodes) {
    if (n.label === label) return n;
    const inner = group(label, n.children ?? []);
    if (inner) return inner;
  }
  return undefined;
};

describe("navigation tree", () => {
  it("lists the costs screens under Suivi et contrôle > Coûts, with their French labels", () => {
    const costs = group("nav.costs")!;
    expect(french("nav.costs")).toBe("Coûts");
    expect(costs.children!.map((n) => [french(n.label), n.path])).toEqual([
      ["Suivi financier", "/dashboard/financial-monitoring"],
      ["Productivité", "/dashboard/productivity"],
      ["Suivi des approvisionnements", "/dashboard/supply-monitoring"],
      ["Reste à faire", "/dashboard/remaining-work"],
    ]);
    expect(group("nav.monitoring")!.children).toContain(costs);
  });

  it("every item opens a screen of the route table and has a French label", () => {
    for (const leaf of leaves(navigationTree)) {
      expect(routeForPath(leaf.path!)?.screen, leaf.path).toBeDefined();
      expect(french(leaf.label), leaf.label).toBeTruthy();
    }
    for (const g of navigationTree.filter((n) => n.children)) expect(french(g.label), g.label).toBeTruthy();
  });

  it("managers see the supply and remaining-work items; external users do not", () => {
    const manager = paths(visibleTree(navigationTree, "manager", false));
    expect(manager).toEqual(expect.arrayContaining(["/dashboard/supply-monitoring", "/dashboard/remaining-work"]));
    const external = paths(visibleTree(navigationTree, "external", false));
    expect(external).not.toContain("/dashboard/supply-monitoring");
    expect(external).not.toContain("/dashboard/remaining-work");
    expect(external).toEqual(expect.arrayContaining(["/dashboard/planning", "/dashboard/prerequisites"]));
  });

  it("every item but the project list waits for a selected project", () => {
    const [projects, ...rest] = leaves(navigationTree);
    expect(needsSelectedProject(projects)).toBe(false);
    for (const n of rest) expect(needsSelectedProject(n)).toBe(true);
  });
});
