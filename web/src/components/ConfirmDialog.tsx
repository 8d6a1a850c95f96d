import { type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Spinner,
} from "@fluentui/react-components";
import { useRestoreFocus } from "./useRestoreFocus";

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  busy?: boolean;
  confirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Mounted open (loaded when first asked for): the focus of that moment is given back on close. */
  restoreFocusFromMount?: boolean;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busy,
  confirmDisabled,
  onConfirm,
  onCancel,
  restoreFocusFromMount,
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  useRestoreFocus(open, restoreFocusFromMount);
  return (
    <Dialog open={open} onOpenChange={(_, d) => (!d.open && !busy ? onCancel() : undefined)}>
      <DialogSurface>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (!busy && !confirmDisabled) onConfirm();
          }}
        >
          <DialogBody>
            <DialogTitle>{title}</DialogTitle>
            <DialogContent>{children}</DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onCancel} disabled={busy}>
                {t("actions.cancel")}
              </Button>
              <Button
                type="submit"
                appearance="primary"
                disabled={busy || confirmDisabled}
                icon={busy ? <Spinner size="tiny" /> : undefined}
              >
                {confirmLabel}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  );
}
