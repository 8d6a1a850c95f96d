// /dashboard/quality-calendar (spec 001 section 2): a month grid of the version's due dates (prerequisites and
// finishes, or one type), each control a chip coloured by its indicator with the meaning in text. The grid is one
// tab stop: the arrows move the focused day (Home/End the week, Page Up/Down the month, as a date picker does);
// the focused day's controls are listed below it, and Enter opens its first one.
import { useEffect, useMemo, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { useTranslation } from "react-i18next";
import { Button, Field, Select, Subtitle2, Text, makeStyles, mergeClasses, tokens } from "@fluentui/react-components";
import { ChevronLeft20Regular, ChevronRight20Regular } from "@fluentui/react-icons";
import { QUALITY_CONTROL_TYPES, qualityApi, type QualityControl, type QualityControlType } from "../../api/quality";
import { PageHeader } from "../../components/PageHeader";
import { WithVersion } from "../../components/WithVersion";
import { formatDay, toIsoDay } from "../../lib/dates";
import { useAsync } from "../../lib/useAsync";
import { useRefreshCounter } from "../../store/refresh";
import { FilterBar } from "../../components/FilterBar";
import { statusText } from "./columns";
import { visuallyHidden } from "../../components/visuallyHidden";
import { INDICATOR_HEX, IndicatorMark, type IndicatorColor } from "./IndicatorMark";
import { byDueDay, dayAfterKey, monthOf, monthWeeks } from "./monthGrid";
import { warnQualityError } from "./qualityError";

const useStyles = makeStyles({
  hiddenText: visuallyHidden,
  month: { minWidth: "12em", textAlign: "center", textTransform: "capitalize" },
  grid: {
    display: "grid",
    gridTemplateColumns: "repeat(7, minmax(0, 1fr))",
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusMedium,
    ":focus-visible": { outline: `2px solid ${tokens.colorStrokeFocus2}`, outlineOffset: "2px" },
  },
  head: {
    padding: tokens.spacingHorizontalS,
    fontWeight: tokens.fontWeightSemibold,
    borderBottom: `1px solid ${tokens.colorNeutralStroke2}`,
    textAlign: "center",
  },
  cell: {
    minHeight: "96px",
    padding: "4px",
    borderTop: `1px solid ${tokens.colorNeutralStroke3}`,
    borderLeft: `1px solid ${tokens.colorNeutralStroke3}`,
    display: "flex",
    flexDirection: "column",
    rowGap: "2px",
    cursor: "pointer",
    overflow: "hidden",
  },
  outside: { backgroundColor: tokens.colorNeutralBackground3, color: tokens.colorNeutralForeground3 },
  focused: { boxShadow: `inset 0 0 0 2px ${tokens.colorBrandStroke1}` },
  today: { fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  chip: {
    display: "block",
    borderRadius: tokens.borderRadiusSmall,
    padding: "1px 4px",
    fontSize: tokens.fontSizeBase200,
    color: "#FFFFFF",
    whiteSpace: "nowrap",
    overflow: "hidden",
    textOverflow: "ellipsis",
  },
  legend: { display: "flex", flexWrap: "wrap", gap: tokens.spacingHorizontalL, margin: `${tokens.spacingVerticalS} 0` },
  legendItem: { display: "inline-flex", alignItems: "center", gap: tokens.spacingHorizontalXS },
  day: {
    marginTop: tokens.spacingVerticalL,
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalS,
  },
  dayList: { margin: 0, paddingLeft: 0, listStyle: "none", display: "flex", flexDirection: "column", rowGap: "4px" },
  dayItem: { display: "flex", alignItems: "center", gap: tokens.spacingHorizontalS },
});

const MAX_CHIPS = 3;

export default function QualityCalendarPage() {
  return <WithVersion>{(p, v) => <QualityCalendar projectId={p} versionId={v} />}</WithVersion>;
}

function QualityCalendar({ projectId, versionId }: { projectId: number; versionId: number }) {
  const { t, i18n } = useTranslation();
  const styles = useStyles();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const askedType = params.get("type");
  const type = (QUALITY_CONTROL_TYPES as readonly string[]).includes(askedType ?? "")
    ? (askedType as QualityControlType)
    : null;
  const today = toIsoDay(new Date());
  // ?day=yyyy-MM-dd opens the calendar on that day (a control's page links to its due date).
  const askedDay = params.get("day");
  const [focus, setFocus] = useState(() => (askedDay && /^\d{4}-\d{2}-\d{2}$/.test(askedDay) ? askedDay : today));
  const refresh = useRefreshCounter("data");
  const list = useAsync(
    () => qualityApi.list({ projectId, versionId, ...(type ? { type } : {}) }),
    [projectId, versionId, type, refresh],
  );
  useEffect(() => {
    if (list.error) warnQualityError(list.error);
  }, [list.error]);
  const byDay = useMemo(() => byDueDay(list.data?.data ?? [], (c) => c.dueDate), [list.data]);
  const weeks = useMemo(() => monthWeeks(focus), [focus]);
  const month = monthOf(focus);
  const monthName = new Intl.DateTimeFormat(i18n.language || "fr", {
    month: "long",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(`${month}-15T12:00:00Z`));
  const weekdays = t("quality.calendar.weekdays", { returnObjects: true }) as string[];
  const short = t("quality.calendar.weekdaysShort", { returnObjects: true }) as string[];
  const grid = useRef<HTMLDivElement>(null);
  const focusedItems = byDay.get(focus) ?? [];

  const onKey = (e: React.KeyboardEvent) => {
    const next = dayAfterKey(focus, e.key);
    if (next) {
      e.preventDefault();
      setFocus(next);
      return;
    }
    if (e.key === "Enter" && focusedItems.length > 0) {
      e.preventDefault();
      navigate(`/dashboard/quality/${focusedItems[0].id}`);
    }
  };
  const dayLabel = (day: string) =>
    `${weekdays[(new Date(`${day}T12:00:00Z`).getUTCDay() + 6) % 7]} ${t("quality.calendar.dayLabel", {
      date: formatDay(day),
      count: byDay.get(day)?.length ?? 0,
    })}`;

  return (
    <>
      <PageHeader title={t("quality.calendar.title")} />
      <Text as="p">{t("quality.calendar.intro")}</Text>
      <FilterBar>
        <Field label={t("quality.filters.type")}>
          <Select
            value={type ?? ""}
            onChange={(_, d) => setParams(d.value ? { type: d.value, day: focus } : { day: focus }, { replace: true })}
          >
            <option value="">{t("quality.filters.allTypes")}</option>
            {QUALITY_CONTROL_TYPES.map((k) => (
              <option key={k} value={k}>
                {t(`quality.types.${k}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Button
          icon={<ChevronLeft20Regular />}
          aria-label={t("quality.calendar.previous")}
          onClick={() => setFocus(dayAfterKey(focus, "PageUp")!)}
        />
        <Subtitle2 as="h2" className={styles.month} aria-live="polite">
          {monthName}
        </Subtitle2>
        <Button
          icon={<ChevronRight20Regular />}
          aria-label={t("quality.calendar.next")}
          onClick={() => setFocus(dayAfterKey(focus, "PageDown")!)}
        />
        <Button onClick={() => setFocus(today)}>{t("quality.calendar.today")}</Button>
      </FilterBar>
      <div className={styles.legend} aria-label={t("quality.calendar.legend")} role="group">
        {(Object.keys(INDICATOR_HEX) as IndicatorColor[]).map((k) => (
          <span key={k} className={styles.legendItem}>
            <IndicatorMark indicator={k} size={12} />
            <Text size={200}>{t(`quality.indicators.${k}`)}</Text>
          </span>
        ))}
      </div>
      <Text as="p" size={200} id="quality-calendar-keys">
        {t("quality.calendar.keyboard")}
      </Text>
      <div
        ref={grid}
        role="grid"
        tabIndex={0}
        aria-label={t("quality.calendar.grid", { month: monthName })}
        aria-describedby="quality-calendar-keys"
        aria-activedescendant={`quality-day-${focus}`}
        aria-busy={list.loading}
        className={styles.grid}
        onKeyDown={onKey}
      >
        <div role="row" style={{ display: "contents" }}>
          {short.map((d, i) => (
            <div key={d} role="columnheader" aria-label={weekdays[i]} className={styles.head}>
              {d}
            </div>
          ))}
        </div>
        {weeks.map((week) => (
          <div key={week[0]} role="row" style={{ display: "contents" }}>
            {week.map((day) => {
              const items = byDay.get(day) ?? [];
              return (
                <div
                  key={day}
                  id={`quality-day-${day}`}
                  role="gridcell"
                  aria-selected={day === focus}
                  data-day={day}
                  className={mergeClasses(
                    styles.cell,
                    monthOf(day) !== month && styles.outside,
                    day === focus && styles.focused,
                  )}
                  onClick={() => {
                    setFocus(day);
                    grid.current?.focus();
                  }}
                >
                  {/* The cell's name is this text, not an aria-label: its visible chips are not in that label (WCAG 2.5.3). */}
                  <span className={styles.hiddenText}>{dayLabel(day)}</span>
                  <span className={day === today ? styles.today : undefined} aria-hidden>
                    {Number(day.slice(8, 10))}
                  </span>
                  {items.slice(0, MAX_CHIPS).map((c) => (
                    <Chip key={c.id} control={c} />
                  ))}
                  {items.length > MAX_CHIPS ? (
                    <Text size={200} aria-hidden>
                      {t("quality.calendar.more", { count: items.length - MAX_CHIPS })}
                    </Text>
                  ) : null}
                </div>
              );
            })}
          </div>
        ))}
      </div>
      <section className={styles.day} aria-labelledby="quality-day-title">
        <Subtitle2 as="h2" id="quality-day-title">
          {t("quality.calendar.dayList", { date: formatDay(focus) })}
        </Subtitle2>
        {focusedItems.length === 0 ? (
          <Text>{t("quality.calendar.noDue")}</Text>
        ) : (
          <ul className={styles.dayList}>
            {focusedItems.map((c) => (
              <li key={c.id} className={styles.dayItem}>
                <IndicatorMark indicator={c.indicator} />
                <Link to={`/dashboard/quality/${c.id}`}>{c.name}</Link>
                <Text>{`${t(`quality.types.${c.type}`)} · ${c.eventName ?? "—"} · ${statusText(t, c.status)}`}</Text>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/** One control in a day cell: its indicator's colour, its name, and the colour's meaning in its tooltip. */
function Chip({ control }: { control: QualityControl }) {
  const { t } = useTranslation();
  const styles = useStyles();
  return (
    <span
      className={styles.chip}
      style={{ backgroundColor: INDICATOR_HEX[control.indicator] }}
      title={`${control.name} — ${t(`quality.indicators.${control.indicator}`)}`}
      data-indicator={control.indicator}
      aria-hidden
    >
      {/* The indicator's shape beside its colour (WCAG 1.4.1); the day's list below says it in words. */}
      <IndicatorMark indicator={control.indicator} size={10} /> {control.name}
    </span>
  );
}
