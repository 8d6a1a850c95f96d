// One server export as a button: busy while the file is built, one error toast when it fails (the browser's own
// download is the success, so no toast for it).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Spinner, type ButtonProps } from "@fluentui/react-components";
import { ArrowDownload20Regular } from "@fluentui/react-icons";
import { toast } from "../store/toasts";

export function ExportButton({
  label,
  run,
  size,
}: {
  label: string;
  run: () => Promise<void>;
  size?: ButtonProps["size"];
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
          toast.error(t("table.exportFailed"));
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}
