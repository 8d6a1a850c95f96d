import { Switch, Tooltip } from "@fluentui/react-components";
import { useTranslation } from "react-i18next";
import { useLinkDisplay } from "./linkFilter";

/** The toolbar's "Toutes les liaisons": every link drawn even past MANY_LINKS on screen (linkFilter.ts). */
export function AllLinksSwitch() {
  const { t } = useTranslation();
  const { allLinks, toggleAllLinks } = useLinkDisplay();
  return (
    <Tooltip content={t("readable.allLinksHint")} relationship="description">
      <Switch checked={allLinks} onChange={toggleAllLinks} label={t("readable.allLinks")} data-testid="all-links" />
    </Tooltip>
  );
}
