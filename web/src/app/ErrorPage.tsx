// Render crash page (spec 000 section 2): 'Oops!', a generic text, the message, a reload button to /login.
import { isRouteErrorResponse, useRouteError } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Body1, Button, Caption1, Card, Title1 } from "@fluentui/react-components";
import { LOGIN_PATH } from "../lib/paths";

export function ErrorView({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : String(error ?? "");
  return (
    <div role="alert" style={{ display: "grid", placeItems: "center", minHeight: "100vh", padding: 24 }}>
      <Card style={{ maxWidth: 520, width: "100%", padding: 32, gap: 16 }}>
        <Title1 as="h1">Oops!</Title1>
        <Body1>{t("app.somethingWentWrong")}</Body1>
        {message ? (
          <Caption1 as="pre" style={{ whiteSpace: "pre-wrap" }}>
            {message}
          </Caption1>
        ) : null}
        <Button appearance="primary" onClick={() => window.location.assign(LOGIN_PATH)}>
          {t("app.reload")}
        </Button>
      </Card>
    </div>
  );
}

export function ErrorPage() {
  return <ErrorView error={useRouteError()} />;
}
