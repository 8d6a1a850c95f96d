import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { eventColumnsFor, type GanttEvent } from "@jalon/shared/gantt";
import { CRITICAL_COLOR } from "./criticalStyle";
import { useLinkDisplay } from "./linkFilter";

const BOX: React.CSSProperties = {
  // At the chart's bottom left: the comparison's legend holds the bottom right corner.
  position: "absolute",
  left: 8,
  bottom: 8,
  zIndex: 4,
  background: "#FFFFFF",
  border: "1px solid #D6D6D6",
  borderRadius: 4,
  padding: "4px 10px",
  boxShadow: "0 2px 6px rgba(0,0,0,0.15)",
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "4px 14px",
  fontSize: 12,
  maxWidth: "min(760px, 50%)",
  // Informational only: presses go to the chart under it (it lives in the canvas wrapper).
  pointerEvents: "none",
};

/** A mark's sample, as drawn on the chart (decorative: the text beside it says it). */
function Swatch({ children }: { children: React.ReactNode }) {
  return (
    <svg width={26} height={12} aria-hidden="true">
      {children}
    </svg>
  );
}

/** A critical bar as drawn: hatched, thick outline (criticalStyle.ts). */
function CriticalBarSwatch() {
  return (
    <Swatch>
      <defs>
        <pattern id="critical-hatch" width="6" height="6" patternUnits="userSpaceOnUse">
          <path d="M-1,7 L7,-1" stroke="rgba(164,38,44,0.55)" strokeWidth="1.5" />
        </pattern>
      </defs>
      <rect x="1.25" y="1.25" width="23.5" height="9.5" fill="#FFFFFF" />
      <rect
        x="1.25"
        y="1.25"
        width="23.5"
        height="9.5"
        fill="url(#critical-hatch)"
        stroke={CRITICAL_COLOR}
        strokeWidth="2.5"
      />
    </Swatch>
  );
}

function CriticalLinkSwatch() {
  return (
    <Swatch>
      <path d="M1,6 H19" stroke={CRITICAL_COLOR} strokeWidth="2.5" />
      <path d="M25,6 L18,2 L18,10 Z" fill={CRITICAL_COLOR} />
    </Swatch>
  );
}

/** A counted bar as drawn (drawProgress): its done share shaded, underlined and closed by a tick, its percentage. */
const PROGRESS_SWATCH = (
  <Swatch>
    <rect x="0.5" y="0.5" width="25" height="11" fill="#FFD54F" stroke="#B39A4F" />
    <rect x="0.5" y="0.5" width="13" height="11" fill="rgba(0,0,0,0.18)" />
    <rect x="0.5" y="9" width="13" height="3" fill="#000000" />
    <rect x="12.5" y="0.5" width="2" height="11" fill="#000000" />
  </Swatch>
);

/** A locked bar as drawn (drawLock): a padlock at its right end. */
const LOCK_SWATCH = (
  <Swatch>
    <rect x="0.5" y="0.5" width="25" height="11" fill="#5D4037" stroke="#3D2017" />
    <rect x="16" y="6" width="7" height="5" fill="#FFFFFF" />
    <path d="M17,6 A2.5,2.5 0 0 1 22,6" stroke="#FFFFFF" strokeWidth="1.5" fill="none" />
  </Swatch>
);

/** Which of the states drawn on bars the version has (its legend names only those). One pass, once per model. */
export function barStatesOf(events: readonly GanttEvent[]): { progress: boolean; locked: boolean } {
  // From the events' columns: a walk over the objects would make every one (model.ts makes them on first read).
  const c = eventColumnsFor(events);
  let progress = false;
  let locked = false;
  for (let i = 0; i < events.length; i++) {
    if (c.milestone[i] === 1) continue;
    progress ||= c.progress[i] > 0;
    locked ||= c.locked[i] === 1;
    if (progress && locked) break;
  }
  return { progress, locked };
}

const ITEM: React.CSSProperties = { display: "inline-flex", alignItems: "center", gap: 6 };

/**
 * What the chart's marks mean, while they are shown: the critical path (switch on), the marks of counted and locked
 * tasks when the version has some (issue 22: each state has a mark besides its colour), and the links hidden because
 * there are many on screen (linkFilter.ts). Nothing when none applies.
 */
export function ChartLegend({ showCritical, events }: { showCritical: boolean; events: readonly GanttEvent[] }) {
  const { t } = useTranslation();
  const hidden = useLinkDisplay((s) => s.hidden);
  const states = useMemo(() => barStatesOf(events), [events]);
  if (!showCritical && hidden === 0 && !states.progress && !states.locked) return null;
  return (
    <div role="region" aria-label={t("readable.legendTitle")} data-testid="chart-legend" style={BOX}>
      {showCritical && (
        <>
          <span style={ITEM}>
            <CriticalBarSwatch />
            {t("readable.criticalBar")}
          </span>
          <span style={ITEM}>
            <CriticalLinkSwatch />
            {t("readable.criticalLink")}
          </span>
        </>
      )}
      {states.progress && (
        <span style={ITEM} data-testid="legend-progress">
          {PROGRESS_SWATCH}
          {t("readable.progressBar")}
        </span>
      )}
      {states.locked && (
        <span style={ITEM} data-testid="legend-locked">
          {LOCK_SWATCH}
          {t("readable.lockedBar")}
        </span>
      )}
      {hidden > 0 && (
        <span role="status" data-testid="hidden-links">
          {t("readable.hiddenLinks", { count: hidden })}
        </span>
      )}
    </div>
  );
}
