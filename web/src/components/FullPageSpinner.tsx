import { useTranslation } from "react-i18next";
import { Spinner } from "@fluentui/react-components";

/** The page is loading: one centred spinner. */
export function FullPageSpinner() {
  const { t } = useTranslation();
  return (
    <div style={{ display: "grid", placeItems: "center", minHeight: "50vh" }}>
      <Spinner label={t("app.loading")} />
    </div>
  );
}
