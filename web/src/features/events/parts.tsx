// Small pieces shared by the tasks, milestones and sequences screens: colour field, list paging, debounce,
// the zones and lots of the version, and the "modal-like" card the forms are drawn in.
import { useEffect, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Card,
  ColorSwatch,
  EmptySwatch,
  Field,
  Select,
  SwatchPicker,
  Text,
  Title3,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { ChevronLeft20Regular, ChevronRight20Regular, Dismiss20Regular } from "@fluentui/react-icons";
import { ROWS_PER_PAGE_OPTIONS } from "@jalon/shared";
import { referencesApi, type NamedRef } from "../../api/events";
import { useAsync } from "../../lib/useAsync";
import { warnError } from "../../lib/errors";
import { formatDate } from "../../lib/dates";

const useStyles = makeStyles({
  colorRow: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  custom: { width: "36px", height: "28px", padding: 0, border: `1px solid ${tokens.colorNeutralStroke1}`, borderRadius: tokens.borderRadiusMedium, background: "none" },
  paging: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalM, justifyContent: "flex-end", flexWrap: "wrap", marginTop: tokens.spacingVerticalM },
  pageSize: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
  card: { maxWidth: "1100px", margin: "0 auto", padding: tokens.spacingHorizontalXL, rowGap: tokens.spacingVerticalL },
  cardHeader: { display: "flex", alignItems: "center", justifyContent: "space-between", gap: tokens.spacingHorizontalM },
  footer: { display: "flex", justifyContent: "flex-end", gap: tokens.spacingHorizontalS, borderTop: `1px solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalM },
  swatch: { width: "14px", height: "14px", borderRadius: "3px", border: `1px solid ${tokens.colorNeutralStroke1}`, display: "inline-block", verticalAlign: "middle" },
});

/** A calendar day (yyyy-MM-dd) or an instant, shown dd/MM/yyyy in Paris. */
export function formatDay(value: string | null | undefined): string {
  if (!value) return "";
  return formatDate(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
}

export const PALETTE = ["#FFFFFF", "#E53935", "#FB8C00", "#FDD835", "#43A047", "#00897B", "#1E88E5", "#3949AB", "#8E24AA", "#6D4C41", "#757575", "#000000"];

/** A colour: palette swatches, a custom colour, and (tasks) none, which means the lot's colour. */
export function ColorField({ label, customLabel, value, onChange, allowNone, noneLabel }: { label: string; customLabel: string; value: string; onChange: (v: string) => void; allowNone?: boolean; noneLabel?: string }) {
  const styles = useStyles();
  const selected = value.toUpperCase();
  return (
    <Field label={label}>
      <div className={styles.colorRow}>
        <SwatchPicker aria-label={label} selectedValue={selected || "none"} onSelectionChange={(_, d) => onChange(d.selectedValue === "none" ? "" : d.selectedValue)} size="small">
          {allowNone ? <EmptySwatch value="none" aria-label={noneLabel} title={noneLabel} /> : null}
          {PALETTE.map((c) => (
            <ColorSwatch key={c} color={c} value={c} aria-label={c} title={c} />
          ))}
        </SwatchPicker>
        <input
          type="color"
          className={styles.custom}
          aria-label={customLabel}
          title={customLabel}
          value={/^#[0-9a-fA-F]{6}$/.test(value) ? value.toLowerCase() : "#ffffff"}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
      </div>
    </Field>
  );
}

export function ColorDot({ color }: { color: string | null | undefined }) {
  const styles = useStyles();
  if (!color) return null;
  return <span className={styles.swatch} style={{ backgroundColor: color }} aria-hidden />;
}

/** Rows per page (25, 50, 100, 250), range and previous/next. Pages are 0-based. */
export function Pagination({ total, page, pageSize, onPage, onPageSize }: { total: number; page: number; pageSize: number; onPage: (p: number) => void; onPageSize: (s: number) => void }) {
  const { t } = useTranslation();
  const styles = useStyles();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const from = total === 0 ? 0 : page * pageSize + 1;
  const to = Math.min(total, (page + 1) * pageSize);
  return (
    <div className={styles.paging}>
      <div className={styles.pageSize}>
        <Text id="rows-per-page">{t("events.rowsPerPage")}</Text>
        <Select aria-labelledby="rows-per-page" value={String(pageSize)} onChange={(_, d) => onPageSize(Number(d.value))}>
          {ROWS_PER_PAGE_OPTIONS.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </Select>
      </div>
      <Text>{t("pagination.range", { from, to, total })}</Text>
      <Button appearance="subtle" icon={<ChevronLeft20Regular />} disabled={page === 0} onClick={() => onPage(page - 1)}>
        {t("actions.previous")}
      </Button>
      <Text>{t("events.page", { page: page + 1, pages })}</Text>
      <Button appearance="subtle" icon={<ChevronRight20Regular />} iconPosition="after" disabled={page + 1 >= pages} onClick={() => onPage(page + 1)}>
        {t("actions.next")}
      </Button>
    </div>
  );
}

export function useDebounced<T>(value: T, ms = 300): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

/** Zones and lots of the version for the pickers (empty lists while the server does not serve them). */
export function useReferences(versionId: number | null): { zones: NamedRef[]; lots: NamedRef[] } {
  const zones = useAsync(() => (versionId === null ? Promise.resolve([]) : referencesApi.zones(versionId)), [versionId]);
  const lots = useAsync(() => (versionId === null ? Promise.resolve([]) : referencesApi.lots(versionId)), [versionId]);
  useEffect(() => {
    if (zones.error) warnError(zones.error);
  }, [zones.error]);
  useEffect(() => {
    if (lots.error) warnError(lots.error);
  }, [lots.error]);
  return { zones: zones.data ?? [], lots: lots.data ?? [] };
}

/** A reference select with an empty choice; `value` null means none. */
export function RefSelect({ label, value, options, noneLabel, onChange }: { label: string; value: number | null; options: NamedRef[]; noneLabel: string; onChange: (v: number | null) => void }) {
  const known = value === null || options.some((o) => o.id === value);
  return (
    <Field label={label}>
      <Select value={value === null ? "" : String(value)} onChange={(_, d) => onChange(d.value === "" ? null : Number(d.value))}>
        <option value="">{noneLabel}</option>
        {!known ? <option value={String(value)}>{`#${value}`}</option> : null}
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}

/** The card the task, milestone and sequence forms are drawn in: title, close, body, footer actions. */
export function FormCard({ title, closeLabel, onClose, children, footer }: { title: string; closeLabel: string; onClose: () => void; children: ReactNode; footer: ReactNode }) {
  const styles = useStyles();
  return (
    <Card className={styles.card} role="region" aria-label={title}>
      <div className={styles.cardHeader}>
        <Title3 as="h1">{title}</Title3>
        <Button appearance="subtle" icon={<Dismiss20Regular />} aria-label={closeLabel} title={closeLabel} onClick={onClose} />
      </div>
      {children}
      <div className={styles.footer}>{footer}</div>
    </Card>
  );
}
