// 'Nouvelle version en cours de création' while the project isBeingUpdated, except on exempt pages.
import { useLocation } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Dialog, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from "@fluentui/react-components";
import { useProject } from "../../store/project";

const EXEMPT = ["login", "forgot", "userinfos", "library", "projects", "project/new", "external-users"];

export function isBlockingExempt(pathname: string): boolean {
  return EXEMPT.some((part) => pathname.includes(part));
}

export function BlockingPopup() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const beingUpdated = useProject((s) => s.project?.isBeingUpdated ?? false);
  const open = beingUpdated && !isBlockingExempt(pathname);
  return (
    <Dialog open={open} modalType="alert">
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t("blocking.title")}</DialogTitle>
          <DialogContent style={{ display: "flex", gap: 16, alignItems: "center" }}>
            <Spinner size="small" />
            <span>{t("blocking.body")}</span>
          </DialogContent>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
