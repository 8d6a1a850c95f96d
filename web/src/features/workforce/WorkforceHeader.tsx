import { useTranslation } from "react-i18next";
import { Text } from "@fluentui/react-components";
import { ExportButton } from "../../components/FileButtons";
import { PageHeader } from "../../components/PageHeader";

/** The title, the .xlsx export button and the one-line explanation of a workforce screen. */
export function WorkforceHeader({
  screen,
  subject,
  run,
}: {
  screen: "countings" | "monitoring";
  subject: string;
  run: () => Promise<void>;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageHeader
        title={t(`workforce.${screen}.title`)}
        actions={
          <ExportButton
            label={t(`workforce.${screen}.export`)}
            failedText={t(`workforce.${screen}.exportFailed`)}
            subject={subject}
            run={run}
          />
        }
      />
      <Text as="p">{t(`workforce.${screen}.intro`)}</Text>
    </>
  );
}
