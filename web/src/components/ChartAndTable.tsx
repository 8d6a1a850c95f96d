import { type ReactNode } from "react";
import { Subtitle2, makeStyles, tokens } from "@fluentui/react-components";
import { ChartBoundary } from "./ChartBoundary";

const useStyles = makeStyles({
  figure: { margin: 0, display: "flex", flexDirection: "column", rowGap: tokens.spacingVerticalS, minWidth: 0 },
  chart: { width: "100%", minHeight: "240px" },
});

/**
 * A chart and, under it, the same data as a table (the accessible reading of the chart; the chart alone is left
 * out when the browser cannot draw it).
 */
export function ChartAndTable({ title, chart, table }: { title: string; chart: ReactNode; table: ReactNode }) {
  const styles = useStyles();
  return (
    <figure className={styles.figure} aria-label={title}>
      <Subtitle2 as="h3">{title}</Subtitle2>
      <div className={styles.chart}>
        <ChartBoundary>{chart}</ChartBoundary>
      </div>
      {table}
    </figure>
  );
}
