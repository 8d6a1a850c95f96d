import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import {
  Button,
  Caption1,
  Combobox,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Dropdown,
  Field,
  InlineDrawer,
  Option,
  Switch,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { Dismiss20Regular } from "@fluentui/react-icons";
import { usePlanningStore, type PlanningFilters } from "../planningStore";
import { activeFilterCount } from "./filterLogic";
import { distinctNames, type FilterOption, type OptionList } from "./filterOptions";
import { NO_DAY } from "@jalon/engine";
import { filterDay } from "../range";
import { DateInput } from "../../components/DateInput";

const useStyles = makeStyles({
  body: {
    display: "flex",
    flexDirection: "column",
    rowGap: tokens.spacingVerticalM,
    paddingBottom: tokens.spacingVerticalL,
  },
  dates: { display: "grid", gridTemplateColumns: "1fr 1fr", gap: tokens.spacingHorizontalS },
  note: { color: tokens.colorNeutralForeground3 },
});

/** The id-list filters in the order of spec 000 section 2. */
export const LIST_FILTERS: OptionList[] = [
  "participantGroupProIds",
  "participantIds",
  "zoneIds",
  "tagIds",
  "macroTaskIds",
  "sequenceIds",
  "categoryIds",
  "specialityIds",
  "familyIds",
];

export interface FiltersPanelProps {
  open: boolean;
  onClose: () => void;
  options: Partial<Record<OptionList, FilterOption[]>>;
  projectId: number;
  versionId: number;
}

/**
 * The planning filters (spec 000): lots, participants, zones, tags, macro-tasks, sequences, tag categories,
 * specialities, event names, dates (start of day / end of day), recalibration range and block sequences. Each
 * change goes to the planning store at once; the store keeps them while the user stays in the project.
 */
export function FiltersPanel({ open, onClose, options, projectId, versionId }: FiltersPanelProps) {
  const { t } = useTranslation();
  const styles = useStyles();
  const filters = usePlanningStore((s) => s.filters);
  const setFilters = usePlanningStore((s) => s.setFilters);
  const resetFilters = usePlanningStore((s) => s.resetFilters);
  const count = activeFilterCount(filters);
  return (
    <InlineDrawer
      open={open}
      position="end"
      separator
      aria-label={t("planning.filters.title")}
      data-testid="planning-filters"
      style={{ width: 320 }}
    >
      <DrawerHeader>
        <DrawerHeaderTitle
          action={
            <Button
              appearance="subtle"
              aria-label={t("planning.filters.close")}
              icon={<Dismiss20Regular />}
              onClick={onClose}
            />
          }
        >
          {t("planning.filters.title")}
        </DrawerHeaderTitle>
        <div style={{ display: "flex", alignItems: "center", justifyContent: "space-between" }}>
          <Caption1>{t("planning.filters.count", { count })}</Caption1>
          <Button size="small" disabled={count === 0} onClick={resetFilters}>
            {t("planning.filters.reset")}
          </Button>
        </div>
      </DrawerHeader>
      <DrawerBody>
        <div className={styles.body}>
          {LIST_FILTERS.map((key) => (
            <IdListFilter
              key={key}
              name={key}
              options={options[key] ?? []}
              selected={filters[key]}
              onChange={(ids) => setFilters({ [key]: ids } as Partial<PlanningFilters>)}
            />
          ))}
          <EventNamesFilter
            projectId={projectId}
            versionId={versionId}
            selected={filters.eventNames}
            onChange={(eventNames) => setFilters({ eventNames })}
          />
          <Field label={t("planning.filters.dates")}>
            <div className={styles.dates}>
              <Field
                label={t("planning.filters.startDate")}
                hint={t("planning.range.filterHint")}
                size="small"
                validationMessage={dateError(filters.startDate) ? t("errors.startDate_invalid") : undefined}
              >
                <DateInput
                  value={filters.startDate ?? ""}
                  onChange={(v) => setFilters({ startDate: v || null })}
                  data-testid="filter-start-date"
                />
              </Field>
              <Field
                label={t("planning.filters.endDate")}
                size="small"
                validationMessage={
                  dateError(filters.endDate) || endBeforeStart(filters.startDate, filters.endDate)
                    ? t("errors.endDate_invalid")
                    : undefined
                }
              >
                <DateInput
                  value={filters.endDate ?? ""}
                  onChange={(v) => setFilters({ endDate: v || null })}
                  data-testid="filter-end-date"
                />
              </Field>
            </div>
          </Field>
          <Field label={t("planning.filters.recalibration")}>
            <div className={styles.dates}>
              <Field label={t("planning.filters.recalibrationFrom")} size="small">
                <DateInput
                  value={filters.recalibrationFrom ?? ""}
                  onChange={(v) => setFilters({ recalibrationFrom: v || null })}
                />
              </Field>
              <Field label={t("planning.filters.recalibrationTo")} size="small">
                <DateInput
                  value={filters.recalibrationTo ?? ""}
                  onChange={(v) => setFilters({ recalibrationTo: v || null })}
                />
              </Field>
            </div>
          </Field>
          <Switch
            label={t("planning.filters.blockedSequences")}
            checked={filters.blockedSequences}
            onChange={(_, d) => setFilters({ blockedSequences: d.checked })}
          />
          <Switch
            label={t("quality.planning.lateFilter")}
            title={t("quality.planning.lateFilterHint")}
            checked={filters.lateControls}
            onChange={(_, d) => setFilters({ lateControls: d.checked })}
          />
        </div>
      </DrawerBody>
    </InlineDrawer>
  );
}

function IdListFilter({
  name,
  options,
  selected,
  onChange,
}: {
  name: OptionList;
  options: FilterOption[];
  selected: number[];
  onChange: (ids: number[]) => void;
}) {
  const { t } = useTranslation();
  const label = t(`planning.filters.${name}`);
  const values = selected.map(String);
  const byValue = useMemo(() => new Map(options.map((o) => [o.value, o.label])), [options]);
  const shown =
    values.length === 0
      ? ""
      : values.length === 1
        ? (byValue.get(values[0]) ?? "")
        : t("planning.filters.selected", { count: values.length });
  return (
    <Field label={label}>
      <Dropdown
        multiselect
        aria-label={label}
        placeholder={options.length ? t("planning.filters.all") : t("planning.filters.noOptions")}
        disabled={options.length === 0 && values.length === 0}
        value={shown}
        selectedOptions={values}
        onOptionSelect={(_, d) => onChange(d.selectedOptions.map(Number))}
      >
        {options.map((o) => (
          <Option key={o.value} value={o.value}>
            {o.label}
          </Option>
        ))}
      </Dropdown>
    </Field>
  );
}

/** Event names through GET /event/distinct (10 at a time, by what is typed). */
function EventNamesFilter({
  projectId,
  versionId,
  selected,
  onChange,
}: {
  projectId: number;
  versionId: number;
  selected: string[];
  onChange: (names: string[]) => void;
}) {
  const { t } = useTranslation();
  const [search, setSearch] = useState("");
  const [names, setNames] = useState<string[]>([]);
  useEffect(() => {
    let cancelled = false;
    const timer = setTimeout(() => {
      distinctNames(projectId, versionId, search)
        .then((n) => !cancelled && setNames(n))
        .catch(() => !cancelled && setNames([]));
    }, 200);
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [projectId, versionId, search]);
  const choices = [...new Set([...selected, ...names])];
  return (
    <Field label={t("planning.filters.eventNames")}>
      <Combobox
        multiselect
        freeform
        aria-label={t("planning.filters.eventNames")}
        placeholder={
          selected.length
            ? t("planning.filters.selected", { count: selected.length })
            : t("planning.filters.eventNamesSearch")
        }
        value={search}
        selectedOptions={selected}
        onChange={(e) => setSearch(e.target.value)}
        onOptionSelect={(_, d) => {
          onChange(d.selectedOptions);
          setSearch("");
        }}
      >
        {choices.map((n) => (
          <Option key={n} value={n}>
            {n}
          </Option>
        ))}
      </Combobox>
    </Field>
  );
}

/** A filter date the planning cannot use (serverFilterParams leaves it out): said under its field. */
function dateError(iso: string | null): boolean {
  return iso !== null && iso !== "" && filterDay(iso) === NO_DAY;
}

function endBeforeStart(from: string | null, to: string | null): boolean {
  return !!from && !!to && !dateError(from) && !dateError(to) && to < from;
}
