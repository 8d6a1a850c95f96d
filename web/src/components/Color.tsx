// Colours of the lists and forms: the palette field of the tasks, milestones, sequences and classification
// forms, the plain colour input of the reference-data forms, and the small swatches the lists show.
import type { DataTableColumn } from "./DataTable";
import { Field, ColorSwatch, EmptySwatch, SwatchPicker, makeStyles, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  colorRow: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  custom: {
    width: "36px",
    height: "28px",
    padding: 0,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    borderRadius: tokens.borderRadiusMedium,
    background: "none",
  },
  dot: {
    width: "14px",
    height: "14px",
    borderRadius: "3px",
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    display: "inline-block",
    verticalAlign: "middle",
  },
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

const HEX = /^#[0-9a-fA-F]{6}$/;

export const PALETTE = [
  "#FFFFFF",
  "#E53935",
  "#FB8C00",
  "#FDD835",
  "#43A047",
  "#00897B",
  "#1E88E5",
  "#3949AB",
  "#8E24AA",
  "#6D4C41",
  "#757575",
  "#000000",
];

/** A colour: palette swatches, a custom colour, and (tasks) none, which means the lot's colour. */
export function ColorField({
  label,
  customLabel,
  value,
  onChange,
  allowNone,
  noneLabel,
}: {
  label: string;
  customLabel: string;
  value: string;
  onChange: (v: string) => void;
  allowNone?: boolean;
  noneLabel?: string;
}) {
  const styles = useStyles();
  const selected = value.toUpperCase();
  return (
    <Field label={label}>
      <div className={styles.colorRow}>
        <SwatchPicker
          aria-label={label}
          selectedValue={selected || "none"}
          onSelectionChange={(_, d) => onChange(d.selectedValue === "none" ? "" : d.selectedValue)}
          size="small"
        >
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
          value={HEX.test(value) ? value.toLowerCase() : "#ffffff"}
          onChange={(e) => onChange(e.target.value.toUpperCase())}
        />
      </div>
    </Field>
  );
}

/** A colour picker stored as #RRGGBB (upper case, as the server keeps it), with its value beside it. */
export function ColorInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <label style={{ display: "inline-flex", alignItems: "center", gap: 8 }}>
      <span>{label}</span>
      <input
        type="color"
        aria-label={label}
        value={HEX.test(value) ? value.toLowerCase() : "#ffffff"}
        onChange={(e) => onChange(e.target.value.toUpperCase())}
      />
      <span>{value}</span>
    </label>
  );
}

/** A colour dot; nothing when there is no colour. */
export function ColorDot({ color }: { color: string | null | undefined }) {
  const styles = useStyles();
  if (!color) return null;
  return <span className={styles.dot} style={{ backgroundColor: color }} aria-hidden />;
}

/** A colour square before a name; white when there is no colour. */
export function Swatch({ color }: { color: string | null | undefined }) {
  const styles = useStyles();
  return <span className={styles.swatch} style={{ backgroundColor: color ?? "#FFFFFF" }} aria-hidden />;
}

/** A list's name column with the row's colour in front (lots, library lots, participants); sorted by name. */
export function swatchNameColumn<T extends { name: string; color: string | null }>(header: string): DataTableColumn<T> {
  return {
    id: "name",
    header,
    render: (row) => (
      <>
        <Swatch color={row.color} />
        {row.name}
      </>
    ),
  };
}
