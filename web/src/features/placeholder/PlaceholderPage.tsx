// Title of a screen whose content is built elsewhere (or later).
import { useTranslation } from "react-i18next";
import { Body1 } from "@fluentui/react-components";
import { PageHeader } from "../../components/PageHeader";

export function PlaceholderPage({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader title={t(titleKey)} />
      <Body1>{t("app.comingSoon")}</Body1>
    </>
  );
}
