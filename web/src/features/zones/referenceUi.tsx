// Pieces shared by the reference-data screens (zones, lots, participants, specialities): .xlsx import and
// export buttons with the import contract of issue 8, a colour swatch, the project/version gate.
import { useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button, Spinner, makeStyles, tokens } from "@fluentui/react-components";
import { ArrowDownload20Regular, ArrowUpload20Regular } from "@fluentui/react-icons";
import { ApiError } from "../../api/http";
import { NoProjectRedirect } from "../../app/guards";
import { i18n } from "../../i18n";
import { importErrorMessage } from "../imports/importError";
import { useProject } from "../../store/project";
import { toast } from "../../store/toasts";

const useStyles = makeStyles({
  swatch: {
    display: "inline-block",
    width: "14px",
    height: "14px",
    borderRadius: tokens.borderRadiusSmall,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    verticalAlign: "middle",
    marginRight: tokens.spacingHorizontalXS,
  },
});

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
      <Button icon={busy ? <Spinner size="tiny" /> : <ArrowUpload20Regular />} disabled={busy} onClick={() => input.current?.click()}>
        {label}
      </Button>
    </>
  );
}

export function ExportButton({ label, run }: { label: string; run: () => Promise<void> }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={busy ? <Spinner size="tiny" /> : <ArrowDownload20Regular />}
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        try {
          await run();
        } catch {
          toast.error(t("zones.exportFailed"));
        } finally {
          setBusy(false);
        }
      }}
    >
      {label}
    </Button>
  );
}

export function Swatch({ color }: { color: string | null | undefined }) {
  const styles = useStyles();
  return <span className={styles.swatch} style={{ backgroundColor: color ?? "#FFFFFF" }} aria-hidden />;
}

/** Renders the screen with the selected project and version, or sends back to the project list. */
export function WithVersion({ children }: { children: (projectId: number, versionId: number) => ReactNode }) {
  const projectId = useProject((s) => s.projectId);
  const versionId = useProject((s) => s.versionId);
  if (projectId === null || versionId === null) return <NoProjectRedirect />;
  return <>{children(projectId, versionId)}</>;
}

/** A colour picker stored as #RRGGBB (upper case, as the server keeps it). */
export function ColorField({ label, value, onChange }: { label: string; value: string; onChange: (v: string) => void }) {
  return (
    <label style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
      <span>{label}</span>
      <input type="color" aria-label={label} value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : "#ffffff"} onChange={(e) => onChange(e.target.value.toUpperCase())} />
      <span>{value}</span>
    </label>
  );
}

/** The ids the server named in a refusal (`details.ids`). */
export function refusedIds(error: unknown): number[] {
  const details = error instanceof ApiError ? (error.details as { ids?: unknown } | undefined) : undefined;
  return Array.isArray(details?.ids) ? (details.ids as number[]) : [];
}
