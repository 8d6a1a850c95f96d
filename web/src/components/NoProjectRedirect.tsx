import { useEffect } from "react";
import { Navigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { PROJECTS_PATH } from "../lib/paths";
import { toast } from "../store/toasts";

/** Shows errors.no_project and goes back to the project list (spec 000 section 8). */
export function NoProjectRedirect() {
  const { t } = useTranslation();
  useEffect(() => {
    toast.warning(t("errors.no_project"), { id: "no_project" });
  }, [t]);
  return <Navigate to={PROJECTS_PATH} replace />;
}
