// An address no route knows (issue 20): the spec's 'Oops!' page saying so, with a way back, rather than a silent
// redirect that leaves the user wondering where the page they asked for went.
import { useLocation, useNavigate } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Caption1, Card, Title1 } from "@fluentui/react-components";
import { PROJECTS_PATH } from "../lib/paths";

export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <main style={{ display: "grid", placeItems: "center", minHeight: "100vh", padding: 24 }}>
      <title>{`${t("app.oops")} · ${t("app.name")}`}</title>
      <Card role="alert" style={{ maxWidth: 520, width: "100%", padding: 32, gap: 16 }}>
        <Title1 as="h1">{t("app.oops")}</Title1>
        <Body1>{t("app.notFound")}</Body1>
        <Caption1 as="pre" style={{ whiteSpace: "pre-wrap" }}>
          {pathname}
        </Caption1>
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <Button appearance="primary" onClick={() => navigate(PROJECTS_PATH)}>
            {t("app.backToProjects")}
          </Button>
          {window.history.length > 1 ? <Button onClick={() => navigate(-1)}>{t("actions.back")}</Button> : null}
        </div>
      </Card>
    </main>
  );
}
