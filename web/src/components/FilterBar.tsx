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

/** The row of fields above a workforce table or chart (day, dates, lot, participant, versions). */
export function FilterBar({ children }: { children: ReactNode }) {
  return <div className={useStyles().bar}>{children}</div>;
}
