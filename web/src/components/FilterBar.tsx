import type { ReactNode } from "react";
import { makeStyles, tokens } from "@fluentui/react-components";

const useStyles = makeStyles({
  bar: {
    display: "flex",
    flexWrap: "wrap",
    alignItems: "flex-end",
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalS,
    marginBottom: tokens.spacingVerticalM,
  },
});

/** The row of filter fields above a list, table or chart (workforce, costs, countings, quality, order lines...). */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className={useStyles().bar}>{children}</div>;
}
