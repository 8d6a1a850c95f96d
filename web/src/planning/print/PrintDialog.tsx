import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Caption1, Field, Input, Radio, RadioGroup, Select, Switch, Text } from "@fluentui/react-components";
import { TEXT_MAX_LENGTH } from "@jalon/shared";
import type { PlanningData } from "@jalon/shared/planning";
import { PAGE_FORMATS, type Grouping, type PageFormat, type PageOrientation } from "@jalon/shared/gantt";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { ApiError } from "../../api/http";
import { toast } from "../../store/toasts";
import type { GanttModel } from "../model";
import type { PlanningFilters } from "../planningStore";
import { saveFile } from "../../lib/csv";
import { exportPlanningPdf, printData } from "./printApi";
import { exactGrid, previewGrid, type PrintSettings } from "./printPreview";
import { monthOptions } from "./monthOptions";

export interface PrintDialogProps {
  open: boolean;
  onClose: () => void;
  projectId: number;
  versionId: number;
  model: GanttModel;
  grouping: Grouping;
  aggregated: number[];
  filters: PlanningFilters;
  /** The months shown on screen (yyyy-MM), the default printed range. */
  startMonth: string;
  endMonth: string;
}

/** Months per sheet offered: a quarter by default; a year fits an A1. */
const MONTHS_CHOICES = [1, 2, 3, 4, 6, 12, 24] as const;

/** Cells drawn in the preview grid at most per side: a bigger print shows its counts only. */
const GRID_CAP = 16;

/** The planning's print mode: options, a preview of the sheets (across x down), then the PDF download. */
export function PrintDialog(p: PrintDialogProps) {
  const { t } = useTranslation();
  const [s, setS] = useState<PrintSettings>({
    printingName: "",
    pageFormat: "A3",
    orientation: "landscape",
    monthsPerPage: 3,
    startMonth: p.startMonth,
    endMonth: p.endMonth,
    showLegend: true,
  });
  const [busy, setBusy] = useState(false);
  const months = useMemo(() => monthOptions(p.startMonth, p.endMonth), [p.startMonth, p.endMonth]);
  const set = (patch: Partial<PrintSettings>) => setS((prev) => ({ ...prev, ...patch }));
  // The printed months are loaded once per range and filters; format, orientation and legend re-tile at once.
  const [loaded, setLoaded] = useState<{ key: string; data: PlanningData } | null>(null);
  const rangeKey = `${s.startMonth}|${s.endMonth}|${JSON.stringify(p.filters)}`;
  useEffect(() => {
    if (
      !p.open ||
      !/^\d{4}-\d{2}$/.test(s.startMonth) ||
      !/^\d{4}-\d{2}$/.test(s.endMonth) ||
      s.startMonth > s.endMonth
    )
      return;
    let cancelled = false;
    printData({ projectId: p.projectId, versionId: p.versionId, filters: p.filters, settings: s })
      .then((data) => !cancelled && setLoaded({ key: rangeKey, data }))
      .catch(() => undefined); // the estimate from the screen stays
    return () => {
      cancelled = true;
    };
    // Reloaded only when the range or the filters change (rangeKey), not on every setting.
  }, [p.open, p.projectId, p.versionId, rangeKey]);
  const exact = loaded?.key === rangeKey ? loaded.data : null;
  const grid = useMemo(
    () => (exact ? exactGrid(exact, p.grouping, p.aggregated, s) : previewGrid(p.model, p.grouping, s)),
    [exact, p.model, p.grouping, p.aggregated, s],
  );

  const submit = async () => {
    setBusy(true);
    try {
      const file = await exportPlanningPdf({
        projectId: p.projectId,
        versionId: p.versionId,
        filters: p.filters,
        grouping: p.grouping,
        aggregated: p.aggregated,
        settings: s,
      });
      saveFile(file.blob, file.fileName ?? "Planning.pdf");
      toast.success(t("print.done"));
      p.onClose();
    } catch (e) {
      const code = e instanceof ApiError ? e.code : "default";
      toast.error(`${t("print.error")} ${t(`errors.${code}`, { defaultValue: "" })}`.trim());
    } finally {
      setBusy(false);
    }
  };

  return (
    <ConfirmDialog
      open={p.open}
      title={t("print.title")}
      confirmLabel={busy ? t("print.printing") : t("print.submit")}
      busy={busy}
      confirmDisabled={grid === null}
      onConfirm={() => void submit()}
      onCancel={p.onClose}
    >
      <div style={{ display: "grid", gap: 10 }} data-testid="print-dialog">
        <Field label={t("print.printingName")}>
          <Input
            value={s.printingName}
            maxLength={TEXT_MAX_LENGTH}
            placeholder={t("print.printingNamePlaceholder")}
            onChange={(_, d) => set({ printingName: d.value })}
          />
        </Field>
        <div style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>
          <Field label={t("print.format")}>
            <RadioGroup
              layout="horizontal"
              value={s.pageFormat}
              onChange={(_, d) => set({ pageFormat: d.value as PageFormat })}
            >
              {PAGE_FORMATS.map((f) => (
                <Radio key={f} value={f} label={f} />
              ))}
            </RadioGroup>
          </Field>
          <Field label={t("print.orientation")}>
            <RadioGroup
              layout="horizontal"
              value={s.orientation}
              onChange={(_, d) => set({ orientation: d.value as PageOrientation })}
            >
              <Radio value="landscape" label={t("print.landscape")} />
              <Radio value="portrait" label={t("print.portrait")} />
            </RadioGroup>
          </Field>
        </div>
        <div style={{ display: "flex", gap: 12, flexWrap: "wrap" }}>
          <Field label={t("print.monthsPerPage")}>
            <Select
              value={String(s.monthsPerPage)}
              onChange={(_, d) => set({ monthsPerPage: Number(d.value) })}
              style={{ width: 90 }}
            >
              {MONTHS_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {n}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("print.from")}>
            <Select value={s.startMonth} onChange={(_, d) => set({ startMonth: d.value })}>
              {months.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </Select>
          </Field>
          <Field label={t("print.to")} validationMessage={grid === null ? t("print.invalidRange") : undefined}>
            <Select value={s.endMonth} onChange={(_, d) => set({ endMonth: d.value })}>
              {months.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </Select>
          </Field>
        </div>
        <Switch checked={s.showLegend} label={t("print.legend")} onChange={(_, d) => set({ showLegend: d.checked })} />
        <section aria-label={t("print.preview")}>
          <Text weight="semibold">{t("print.preview")}</Text>
          {grid && (
            <>
              <div data-testid="print-preview-count" data-exact={exact ? "true" : "false"}>
                {t("print.previewPages", { count: grid.pages, across: grid.across, down: grid.down })}
              </div>
              <Caption1>{t("print.previewHelp", { across: grid.across, down: grid.down })}</Caption1>
              <PageGrid
                across={grid.across}
                down={grid.down}
                landscape={s.orientation === "landscape"}
                label={t("print.previewGrid")}
              />
            </>
          )}
        </section>
      </div>
    </ConfirmDialog>
  );
}

function PageGrid({
  across,
  down,
  landscape,
  label,
}: {
  across: number;
  down: number;
  landscape: boolean;
  label: string;
}) {
  const cols = Math.min(across, GRID_CAP);
  const rows = Math.min(down, GRID_CAP);
  const w = landscape ? 18 : 13;
  const h = landscape ? 13 : 18;
  return (
    <div
      role="img"
      aria-label={`${label} ${across} × ${down}`}
      data-testid="print-preview-grid"
      style={{ display: "grid", gridTemplateColumns: `repeat(${cols}, ${w}px)`, gap: 2, marginTop: 6 }}
    >
      {Array.from({ length: cols * rows }, (_, i) => (
        <div
          key={i}
          data-testid="print-preview-page"
          style={{ width: w, height: h, border: "1px solid #8A8A8A", background: "#FFFFFF", boxSizing: "border-box" }}
        />
      ))}
    </div>
  );
}
