import {
  Button,
  Dropdown,
  Option,
  Slider,
  Switch,
  ToggleButton,
  Toolbar,
  ToolbarDivider,
  Label,
  Badge,
  CounterBadge,
  Tooltip,
} from "@fluentui/react-components";
import {
  AppsListDetail20Regular,
  ArrowAutofitWidth20Regular,
  CalendarToday20Regular,
  Filter20Regular,
  Print20Regular,
  Table20Regular,
} from "@fluentui/react-icons";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Grouping, PlanningView } from "@jalon/shared/gantt";
import { usePlanningStore, type PickMode, type PlanningMode } from "./planningStore";
import { activeFilterCount } from "./filters/filterLogic";
import { AllLinksSwitch } from "./layers/AllLinksSwitch";
import { ExportMspdiButton } from "./interchange/ExportMspdiButton";
import { useWindowWidth } from "../lib/useWindowWidth";
import { TOOLBAR_OVERFLOW_BELOW, ToolbarOverflow } from "./toolbar/ToolbarOverflow";

/** A label and its control: the toolbar wraps between pairs, never between a label and what it names. */
function Labelled({ children }: { children: ReactNode }) {
  return <span style={{ display: "inline-flex", alignItems: "center", gap: 4, whiteSpace: "nowrap" }}>{children}</span>;
}

/** A labelled list of the toolbar: its label is `planning.<name>.label`, its options' texts `planning.<name>.<option>`. */
function LabelledChoice(props: {
  name: "pick" | "modes" | "grouping";
  options: readonly string[];
  value: string;
  onSelect: (value: string) => void;
  minWidth: number;
}) {
  const { t } = useTranslation();
  const text = (key: string) => t(`planning.${props.name}.${key}`);
  return (
    <Labelled>
      <Label>{text("label")}</Label>
      <Dropdown
        aria-label={text("label")}
        value={text(props.value)}
        selectedOptions={[props.value]}
        onOptionSelect={(_, d) => props.onSelect(d.optionValue ?? props.value)}
        style={{ minWidth: props.minWidth }}
      >
        {props.options.map((o) => (
          <Option key={o} value={o}>
            {text(o)}
          </Option>
        ))}
      </Dropdown>
    </Labelled>
  );
}

const VIEWS: PlanningView[] = ["year", "month", "week"];
const GROUPINGS: Grouping[] = ["zone", "lot", "sequence", "none"];
const MODES: PlanningMode[] = ["construction", "recalibration", "ordering", "print", "signing"];
const PICKS: PickMode[] = ["none", "child", "parent", "milestone", "task"];

export interface PlanningToolbarProps {
  readOnly?: boolean;
  filtersOpen?: boolean;
  onToggleFilters?: () => void;
  /** The groups of the current grouping, for "aggregate every group". */
  groupIds?: readonly number[];
  /**
   * Printing is reading: whoever may see the planning may print it (POST /planning/export admits external
   * users), so read-only users get the print mode on its own. Off for the public planning, which has no account.
   */
  printable?: boolean;
  /** "Instancier un modèle": opens the instantiation dialog (editable planning only). */
  onInstantiate?: () => void;
}

export function PlanningToolbar({
  readOnly,
  filtersOpen,
  onToggleFilters,
  groupIds,
  printable = true,
  onInstantiate,
}: PlanningToolbarProps) {
  const { t } = useTranslation();
  const s = usePlanningStore();
  const filterCount = activeFilterCount(s.filters);
  const allAggregated = (groupIds?.length ?? 0) > 0 && groupIds!.every((id) => s.aggregated.includes(id));
  const narrow = useWindowWidth() < TOOLBAR_OVERFLOW_BELOW;
  // Below that width the secondary controls go into "Plus d'options", so the bar stays on one or two lines.
  const secondary = (
    <>
      {!readOnly && (
        <>
          <ToolbarDivider />
          <LabelledChoice
            name="pick"
            options={PICKS}
            value={s.pickMode}
            onSelect={(v) => s.setPickMode(v as PickMode)}
            minWidth={170}
          />
          <ToolbarDivider />
          <LabelledChoice
            name="modes"
            options={MODES}
            value={s.mode}
            onSelect={(v) => s.setMode(v as PlanningMode)}
            minWidth={150}
          />
          {onInstantiate ? (
            <>
              <ToolbarDivider />
              <Tooltip content={t("instantiation.openHint")} relationship="description">
                <Button
                  icon={<AppsListDetail20Regular />}
                  onClick={onInstantiate}
                  aria-keyshortcuts="Shift+I"
                  data-testid="instantiate-open"
                >
                  {t("instantiation.open")}
                </Button>
              </Tooltip>
            </>
          ) : null}
        </>
      )}
      {readOnly && printable && (
        <>
          <ToolbarDivider />
          <Button icon={<Print20Regular />} onClick={() => s.setMode("print")} data-testid="print-open">
            {t("print.open")}
          </Button>
        </>
      )}
      {printable && <ExportMspdiButton />}
    </>
  );
  const switches = (
    <>
      <Switch checked={s.showCritical} onChange={() => s.toggleCritical()} label={t("planning.critical")} />
      <AllLinksSwitch />
    </>
  );
  return (
    <Toolbar aria-label={t("planning.title")} style={{ flexWrap: "wrap", gap: 4 }}>
      {VIEWS.map((v) => (
        <ToggleButton
          key={v}
          checked={s.view === v}
          appearance={s.view === v ? "primary" : "subtle"}
          onClick={() => s.setView(v)}
          data-testid={`view-${v}`}
        >
          {t(`planning.views.${v}`)}
        </ToggleButton>
      ))}
      <ToggleButton
        checked={s.tableView}
        appearance={s.tableView ? "primary" : "subtle"}
        icon={<Table20Regular />}
        onClick={() => s.setTableView(!s.tableView)}
        data-testid="view-table"
      >
        {t("planningTable.show")}
      </ToggleButton>
      <ToolbarDivider />
      <Labelled>
        <Label htmlFor="planning-zoom">{t("planning.zoom")}</Label>
        <Slider
          id="planning-zoom"
          min={20}
          max={75}
          value={s.zoom}
          onChange={(_, d) => s.setZoom(d.value)}
          style={{ width: 140 }}
        />
      </Labelled>
      <ToolbarDivider />
      <LabelledChoice
        name="grouping"
        options={GROUPINGS}
        value={s.grouping}
        onSelect={(v) => s.setGrouping(v as Grouping)}
        minWidth={130}
      />
      {s.grouping !== "none" && groupIds ? (
        <Switch
          checked={allAggregated}
          onChange={(_, d) => s.setAggregated(d.checked ? [...groupIds] : [])}
          label={t("planning.aggregation.all")}
        />
      ) : null}
      {onToggleFilters ? (
        <>
          <ToolbarDivider />
          <ToggleButton
            checked={filtersOpen}
            icon={<Filter20Regular />}
            onClick={onToggleFilters}
            data-testid="filters-toggle"
          >
            {t("planning.filters.open")}
            {filterCount > 0 ? <CounterBadge count={filterCount} size="small" style={{ marginLeft: 6 }} /> : null}
          </ToggleButton>
        </>
      ) : null}
      {narrow ? null : secondary}
      <ToolbarDivider />
      <Labelled>
        <span id="planning-range-label" style={{ fontWeight: 600 }}>
          {t("planning.range.label")}
        </span>
        <span
          role="status"
          aria-labelledby="planning-range-label planning-range-value"
          data-testid="planning-range"
          id="planning-range-value"
          style={{ whiteSpace: "nowrap" }}
        >
          {s.shownRange
            ? t("planning.range.shown", { from: frenchDay(s.shownRange.from), to: frenchDay(s.shownRange.to) })
            : ""}
        </span>
      </Labelled>
      <Tooltip content={t("planning.range.wholeProjectHint")} relationship="description">
        <Button
          icon={<ArrowAutofitWidth20Regular />}
          onClick={() => s.requestRange("project")}
          data-testid="range-project"
        >
          {t("planning.range.wholeProject")}
        </Button>
      </Tooltip>
      <Tooltip content={t("planning.range.defaultHint")} relationship="description">
        <Button
          appearance="subtle"
          icon={<CalendarToday20Regular />}
          onClick={() => s.requestRange("default")}
          aria-label={t("planning.range.default")}
          data-testid="range-default"
        />
      </Tooltip>
      <ToolbarDivider />
      {narrow ? null : switches}
      {s.selection.length > 0 && (
        <Badge appearance="tint">{t("planning.selection", { count: s.selection.length })}</Badge>
      )}
      {narrow ? (
        <ToolbarOverflow label={t("planning.moreOptions")}>
          {secondary}
          {switches}
        </ToolbarOverflow>
      ) : null}
    </Toolbar>
  );
}

/** dd/MM/yyyy of an ISO day. */
function frenchDay(iso: string): string {
  return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
}
