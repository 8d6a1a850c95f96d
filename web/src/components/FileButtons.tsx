// The .xlsx buttons of the lists: import with the import contract of issue 8 (a file that is not .xlsx, or
// that the server refuses, is a warning toast) and export (a failure is an error toast).
import { useRef, useState } from "react";
import { Button, Spinner } from "@fluentui/react-components";
import { ArrowUpload20Regular } from "@fluentui/react-icons";
import { i18n } from "../i18n";
import { importErrorMessage } from "../lib/importError";
import { toast } from "../store/toasts";

export function ImportButton({ label, onFile }: { label: string; onFile: (file: File) => Promise<void> }) {
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
        hidden
        data-testid="import-file"
        onChange={async (e) => {
          const file = e.target.files?.[0];
          e.target.value = "";
          if (!file) return;
          if (!file.name.toLowerCase().endsWith(".xlsx")) {
            toast.warning(i18n.t("errors.xlsx_required"));
            return;
          }
          setBusy(true);
          try {
            await onFile(file);
          } catch (err) {
            toast.warning(importErrorMessage(err));
          } finally {
            setBusy(false);
          }
        }}
      />
      <Button
        icon={busy ? <Spinner size="tiny" /> : <ArrowUpload20Regular />}
        disabled={busy}
        onClick={() => input.current?.click()}
      >
        {label}
      </Button>
    </>
  );
}

export { ExportButton } from "./ExportButton";
