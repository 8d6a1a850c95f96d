// The follow-up lists' filter fields; each option list comes from the controls themselves (controlFilters.ts).
import { useTranslation } from "react-i18next";
import { Button, Field, Select } from "@fluentui/react-components";
import { QUALITY_CONTROL_CATEGORIES, QUALITY_CONTROL_STATUSES, type QualityControl } from "../../api/quality";
import { FilterBar } from "../../components/FilterBar";
import { DayInput } from "./DayInput";
import { activeFilters, filterOptions, NO_FILTERS, type ControlFilters, type Option } from "./controlFilters";

function Choice<V extends string | number>({
  label,
  none,
  value,
  options,
  onChange,
  parse,
}: {
  label: string;
  none: string;
  value: V | null;
  options: Option<V>[];
  onChange: (v: V | null) => void;
  parse: (raw: string) => V;
}) {
  return (
    <Field label={label}>
      <Select
        value={value === null ? "" : String(value)}
        onChange={(_, d) => onChange(d.value === "" ? null : parse(d.value))}
      >
        <option value="">{none}</option>
        {options.map((o) => (
          <option key={String(o.value)} value={String(o.value)}>
            {o.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}

const asNumber = (raw: string) => Number(raw);
const asText = (raw: string) => raw;

export function ControlFiltersBar({
  rows,
  macroTaskNames,
  value,
  onChange,
}: {
  rows: readonly QualityControl[];
  macroTaskNames: ReadonlyMap<number, string>;
  value: ControlFilters;
  onChange: (f: ControlFilters) => void;
}) {
  const { t } = useTranslation();
  const o = filterOptions(rows, macroTaskNames);
  const set =
    <K extends keyof ControlFilters>(key: K) =>
    (v: ControlFilters[K]) =>
      onChange({ ...value, [key]: v });
  return (
    <FilterBar>
      <Choice
        label={t("quality.filters.tag")}
        none={t("quality.filters.allTags")}
        value={value.tagId}
        options={o.tags}
        onChange={set("tagId")}
        parse={asNumber}
      />
      <Choice
        label={t("quality.filters.category")}
        none={t("quality.filters.allCategories")}
        value={value.category}
        options={QUALITY_CONTROL_CATEGORIES.map((c) => ({ value: c, label: t(`quality.categories.${c}`) }))}
        onChange={set("category")}
        parse={asText}
      />
      <Choice
        label={t("quality.filters.deliverable")}
        none={t("quality.filters.allDeliverables")}
        value={value.deliverable}
        options={o.deliverables}
        onChange={set("deliverable")}
        parse={asText}
      />
      <Choice
        label={t("quality.filters.macroTask")}
        none={t("quality.filters.allMacroTasks")}
        value={value.macroTaskId}
        options={o.macroTasks}
        onChange={set("macroTaskId")}
        parse={asNumber}
      />
      <Choice
        label={t("quality.filters.status")}
        none={t("quality.filters.allStatuses")}
        value={value.status}
        options={[...QUALITY_CONTROL_STATUSES, "undefined"].map((s) => ({
          value: s,
          label: t(`quality.statuses.${s}`),
        }))}
        onChange={set("status")}
        parse={asText}
      />
      <Choice
        label={t("quality.filters.lot")}
        none={t("quality.filters.allLots")}
        value={value.lot}
        options={o.lots}
        onChange={set("lot")}
        parse={asText}
      />
      <Choice
        label={t("quality.filters.participant")}
        none={t("quality.filters.allParticipants")}
        value={value.participant}
        options={o.participants}
        onChange={set("participant")}
        parse={asText}
      />
      <DayInput label={t("quality.filters.dueFrom")} value={value.dueFrom} onChange={set("dueFrom")} />
      <DayInput label={t("quality.filters.dueTo")} value={value.dueTo} onChange={set("dueTo")} />
      <Choice
        label={t("quality.filters.parentTask")}
        none={t("quality.filters.allParentTasks")}
        value={value.eventId}
        options={o.events}
        onChange={set("eventId")}
        parse={asNumber}
      />
      {activeFilters(value) > 0 ? (
        <Button appearance="subtle" onClick={() => onChange(NO_FILTERS)}>
          {t("quality.filters.reset")}
        </Button>
      ) : null}
    </FilterBar>
  );
}
