// WCAG 2.4.2: every screen has its own title, "<screen> – <project> – Jalon", from the route table's title key.
// The layouts call this hook, so no screen sets document.title itself.
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useCurrentRoute } from "./guards";
import { useProject } from "../store/project";
import { useSession } from "../store/session";
import { useUi } from "../store/ui";

/** The parts that are there, joined by en dashes. */
export function documentTitle(screen: string | null, project: string | null, app: string): string {
  return [screen, project, app].filter((part): part is string => Boolean(part)).join(" – ");
}

export function useDocumentTitle(): void {
  const { t } = useTranslation();
  const route = useCurrentRoute();
  const authenticated = useSession((s) => s.authenticated);
  const projectId = useProject((s) => s.projectId);
  const projectName = useProject((s) => s.project?.name ?? null);
  const publicName = useUi((s) => s.publicProjectName);
  // The selected project belongs to the signed-in shell only: the sign-in pages name none, a public page the
  // project it shows (the public planning's answer names it).
  const project =
    route?.layout === "public"
      ? publicName
      : authenticated && route?.layout === "app" && projectId !== null
        ? projectName
        : null;
  const screen = route ? t(route.title) : null;
  const title = documentTitle(screen, project, t("app.name"));
  useEffect(() => {
    document.title = title;
  }, [title]);
}
