// "Plus d'options" (issue 20): on a narrow window (a 1280 px laptop) the planning toolbar's secondary controls
// open from one button, in a column, instead of wrapping the bar onto three lines above the chart.
import { type ReactNode } from "react";
import { Button, Popover, PopoverSurface, PopoverTrigger, makeStyles, tokens } from "@fluentui/react-components";
import { MoreHorizontal20Regular } from "@fluentui/react-icons";

/** Window width (px) under which the secondary controls move into the overflow. */
export const TOOLBAR_OVERFLOW_BELOW = 1400;

const useStyles = makeStyles({
  surface: {
    display: "flex",
    flexDirection: "column",
    alignItems: "flex-start",
    rowGap: tokens.spacingVerticalS,
    maxWidth: "320px",
    // The toolbar's dividers are vertical rules; in a column they would only add noise.
    "& .fui-ToolbarDivider": { display: "none" },
  },
});

export function ToolbarOverflow({ label, children }: { label: string; children: ReactNode }) {
  const styles = useStyles();
  return (
    <Popover positioning="below-end" trapFocus>
      <PopoverTrigger disableButtonEnhancement>
        <Button appearance="subtle" icon={<MoreHorizontal20Regular />} data-testid="toolbar-more">
          {label}
        </Button>
      </PopoverTrigger>
      <PopoverSurface aria-label={label} className={styles.surface}>
        {children}
      </PopoverSurface>
    </Popover>
  );
}
