// Horizontal bars of tasks and milestones (lots, participants), one row per bar: name, bar, total.
import { Caption1, Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import type { HistogramBar } from "../api/reference";
import { useAsync } from "../lib/useAsync";

const useStyles = makeStyles({
  row: {
    display: "grid",
    gridTemplateColumns: "200px 1fr 48px",
    alignItems: "center",
    gap: tokens.spacingHorizontalS,
    marginBottom: "4px",
  },
  bar: { height: "14px", borderRadius: tokens.borderRadiusSmall, border: `1px solid ${tokens.colorNeutralStroke1}` },
});

export function Histogram({
  load,
  deps,
  title,
  highlight,
}: {
  load: () => Promise<HistogramBar[]>;
  deps: unknown[];
  title: string;
  highlight?: number;
}) {
  const styles = useStyles();
  const bars = useAsync(load, deps);
  const max = Math.max(1, ...(bars.data ?? []).map((b) => b.total));
  return (
    <section aria-label={title}>
      <Subtitle2 block>{title}</Subtitle2>
      {(bars.data ?? []).map((b) => (
        <div key={b.id} className={styles.row}>
          <Caption1 style={{ fontWeight: b.id === highlight ? 600 : 400 }}>{b.name}</Caption1>
          <div
            className={styles.bar}
            style={{ width: `${(b.total / max) * 100}%`, minWidth: 2, backgroundColor: b.color }}
          />
          <Caption1>{b.total}</Caption1>
        </div>
      ))}
    </section>
  );
}
