// "Exporter vers MS Project": the displayed version as MSPDI XML (GET /version/{id}/export/mspdi, managers).
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, Spinner, Tooltip } from "@fluentui/react-components";
import { ArrowExportUp20Regular } from "@fluentui/react-icons";
import { interchangeApi } from "../../api/interchange";
import { useProject } from "../../store/project";
import { useSession } from "../../store/session";
import { toast } from "../../store/toasts";

export function ExportMspdiButton() {
  const { t } = useTranslation();
  const versionId = useProject((s) => s.versionId);
  const isManager = useSession((s) => s.isManager);
  const [busy, setBusy] = useState(false);
  if (!isManager || versionId === null) return null;
  const run = async () => {
    setBusy(true);
    try {
      await interchangeApi.exportMspdi(versionId);
    } catch {
      toast.error(t("interchange.export.failed"));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Tooltip content={t("interchange.export.hint")} relationship="description">
      <Button
        icon={busy ? <Spinner size="tiny" /> : <ArrowExportUp20Regular />}
        disabled={busy}
        onClick={() => void run()}
        data-testid="export-mspdi"
      >
        {t("interchange.export.button")}
      </Button>
    </Tooltip>
  );
}
