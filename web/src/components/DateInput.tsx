// A calendar day typed dd/MM/yyyy or picked in a month grid (issue 20): the browser's own date input shows its
// locale's format (mm/dd/yyyy in an English browser), and the product shows every date dd/MM/yyyy. The value in
// and out stays the forms' yyyy-MM-dd string, so a screen swaps its <Input type="date"> for this alone.
import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Input,
  Popover,
  PopoverSurface,
  PopoverTrigger,
  Text,
  makeStyles,
  mergeClasses,
  tokens,
  type InputProps,
} from "@fluentui/react-components";
import { Calendar20Regular, ChevronLeft20Regular, ChevronRight20Regular } from "@fluentui/react-icons";
import { parseDay, showDay } from "../lib/dates";
import { monthGrid, shiftIsoDay, shiftMonth } from "./monthGrid";

const useStyles = makeStyles({
  root: { display: "inline-flex", flexDirection: "column", rowGap: tokens.spacingVerticalXXS },
  input: { width: "10.5em" },
  error: { color: tokens.colorPaletteRedForeground1 },
  head: {
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    marginBottom: tokens.spacingVerticalS,
  },
  grid: { borderCollapse: "collapse" },
  weekday: { fontWeight: tokens.fontWeightRegular, color: tokens.colorNeutralForeground3, padding: "2px" },
  cell: { padding: "1px" },
  day: { minWidth: "36px", width: "36px", height: "32px", padding: 0 },
  outside: { color: tokens.colorNeutralForeground4 },
});

export type DateInputProps = Omit<InputProps, "value" | "onChange" | "type" | "defaultValue" | "min" | "max"> & {
  /** yyyy-MM-dd, or "" for no day. */
  value: string;
  /** A complete valid day (yyyy-MM-dd), or "" when the text is cleared; incomplete text changes nothing. */
  onChange: (isoDay: string) => void;
  /** Earliest and latest days offered by the calendar (yyyy-MM-dd). */
  min?: string;
  max?: string;
};

export function DateInput({ value, onChange, min, max, disabled, className, ...input }: DateInputProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [text, setText] = useState(showDay(value));
  const [open, setOpen] = useState(false);
  const errorId = useId();
  // A value set from outside (a reset, a loaded record) replaces the text unless the text already says it.
  useEffect(() => setText((shown) => (parseDay(shown) === value ? shown : showDay(value))), [value]);
  const invalid = text.trim() !== "" && parseDay(text) === null;

  const type = (next: string) => {
    setText(next);
    const day = parseDay(next);
    if (day !== null) onChange(day);
    else if (next.trim() === "") onChange("");
  };
  const pick = (day: string) => {
    setText(showDay(day));
    onChange(day);
    setOpen(false);
  };

  return (
    <span className={styles.root}>
      <Input
        {...input}
        className={className ?? styles.input}
        value={text}
        disabled={disabled}
        inputMode="numeric"
        placeholder={t("dateInput.placeholder")}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errorId : undefined}
        onChange={(_, d) => type(d.value)}
        onKeyDown={(e) => {
          // Alt + Down opens the calendar as it does on a native date field.
          if (e.altKey && e.key === "ArrowDown") {
            e.preventDefault();
            setOpen(true);
          }
          input.onKeyDown?.(e);
        }}
        contentAfter={
          <Popover open={open} onOpenChange={(_, d) => setOpen(d.open)} trapFocus positioning="below-end">
            <PopoverTrigger disableButtonEnhancement>
              <Button
                appearance="transparent"
                size="small"
                icon={<Calendar20Regular />}
                disabled={disabled}
                aria-label={t("dateInput.open")}
                title={t("dateInput.open")}
              />
            </PopoverTrigger>
            <PopoverSurface aria-label={t("dateInput.calendar")}>
              <MonthCalendar selected={parseDay(text) ?? value} min={min} max={max} onPick={pick} />
            </PopoverSurface>
          </Popover>
        }
      />
      {invalid ? (
        <Text id={errorId} size={200} className={styles.error} role="alert">
          {t("dateInput.invalid")}
        </Text>
      ) : null}
    </span>
  );
}

function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, "0")}-${String(now.getDate()).padStart(2, "0")}`;
}

/** A month of days Monday first; arrows move the focused day (a roving tab stop), Page Up/Down the month. */
function MonthCalendar({
  selected,
  min,
  max,
  onPick,
}: {
  selected: string;
  min?: string;
  max?: string;
  onPick: (isoDay: string) => void;
}) {
  const { t } = useTranslation();
  const styles = useStyles();
  const [focused, setFocused] = useState(selected || todayIso());
  const month = focused.slice(0, 7);
  const grid = monthGrid(month);
  const refs = useRef(new Map<string, HTMLElement>());
  const moved = useRef(false);
  useEffect(() => {
    if (moved.current) refs.current.get(focused)?.focus();
  }, [focused]);
  // Opening puts the keyboard on the chosen day (or today), after the popover has placed its own focus.
  useEffect(() => {
    const frame = requestAnimationFrame(() => refs.current.get(focused)?.focus());
    return () => cancelAnimationFrame(frame);
  }, []);
  const move = (next: string) => {
    moved.current = true;
    setFocused(next);
  };
  const outOfRange = (day: string) => (min !== undefined && day < min) || (max !== undefined && day > max);
  const monthLabel = new Intl.DateTimeFormat("fr-FR", { month: "long", year: "numeric", timeZone: "UTC" }).format(
    new Date(`${month}-01T12:00:00Z`),
  );
  const dayLabel = (day: string) =>
    new Intl.DateTimeFormat("fr-FR", {
      weekday: "long",
      day: "numeric",
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${day}T12:00:00Z`));

  const onKeyDown = (e: KeyboardEvent<HTMLTableElement>) => {
    const steps: Record<string, () => string> = {
      ArrowLeft: () => shiftIsoDay(focused, -1),
      ArrowRight: () => shiftIsoDay(focused, 1),
      ArrowUp: () => shiftIsoDay(focused, -7),
      ArrowDown: () => shiftIsoDay(focused, 7),
      PageUp: () => shiftMonth(focused, -1),
      PageDown: () => shiftMonth(focused, 1),
    };
    const step = steps[e.key];
    if (step) {
      e.preventDefault();
      move(step());
    }
  };

  return (
    <div>
      <div className={styles.head}>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronLeft20Regular />}
          aria-label={t("dateInput.previousMonth")}
          onClick={() => setFocused(shiftMonth(focused, -1))}
        />
        <Text weight="semibold" aria-live="polite">
          {monthLabel}
        </Text>
        <Button
          appearance="subtle"
          size="small"
          icon={<ChevronRight20Regular />}
          aria-label={t("dateInput.nextMonth")}
          onClick={() => setFocused(shiftMonth(focused, 1))}
        />
      </div>
      <table role="grid" aria-label={monthLabel} className={styles.grid} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {(t("dateInput.weekdays", { returnObjects: true }) as string[]).map((d) => (
              <th key={d} scope="col" className={styles.weekday}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {grid.map((week) => (
            <tr key={week[0]}>
              {week.map((day) => (
                <td key={day} className={styles.cell} aria-selected={day === selected}>
                  <Button
                    ref={(el) => {
                      if (el) refs.current.set(day, el);
                      else refs.current.delete(day);
                    }}
                    className={day.startsWith(month) ? styles.day : mergeClasses(styles.day, styles.outside)}
                    size="small"
                    appearance={day === selected ? "primary" : "subtle"}
                    tabIndex={day === focused ? 0 : -1}
                    disabled={outOfRange(day)}
                    aria-label={dayLabel(day)}
                    aria-current={day === todayIso() ? "date" : undefined}
                    onClick={() => onPick(day)}
                  >
                    {Number(day.slice(8, 10))}
                  </Button>
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
