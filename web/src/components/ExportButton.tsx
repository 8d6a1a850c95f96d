// One server export as a button: busy while the file is built, one error toast when it fails (the browser's own
// download is the success, so no toast for it).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Spinner, type ButtonProps } from "@fluentui/react-components";
import { ArrowDownload20Regular } from "@fluentui/react-icons";
import { toast } from "../store/toasts";

/** Downloads a server export; `failedText` (default "L'export a échoué.") is the error toast of a failure. */
export function ExportButton({
  label,
  run,
  size,
  failedText,
  subject,
}: {
  label: string;
  run: () => Promise<void>;
  size?: ButtonProps["size"];
  failedText?: string;
  subject?: string;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      size={size}
      icon={busy ? <Spinner size="tiny" /> : <ArrowDownload20Regular />}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await run();
        } catch {
          // Spec 001 section 8: an export failure shows an error toast.
          toast.error(failedText ?? t("table.exportFailed"), subject ? { subject } : {});
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}
