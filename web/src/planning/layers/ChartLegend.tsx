import { useTranslation } from "react-i18next";
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

/** A critical bar as drawn: hatched, thick outline (criticalStyle.ts). */
function CriticalBarSwatch() {
  return (
    <svg width={26} height={12} aria-hidden="true">
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
    </svg>
  );
}

function CriticalLinkSwatch() {
  return (
    <svg width={26} height={12} aria-hidden="true">
      <path d="M1,6 H19" stroke={CRITICAL_COLOR} strokeWidth="2.5" />
      <path d="M25,6 L18,2 L18,10 Z" fill={CRITICAL_COLOR} />
    </svg>
  );
}

/**
 * What the chart's marks mean, while they are shown: the critical path (switch on) and the links hidden because
 * there are many on screen (linkFilter.ts). Nothing when neither applies.
 */
export function ChartLegend({ showCritical }: { showCritical: boolean }) {
  const { t } = useTranslation();
  const hidden = useLinkDisplay((s) => s.hidden);
  if (!showCritical && hidden === 0) return null;
  return (
    <div role="region" aria-label={t("readable.legendTitle")} data-testid="chart-legend" style={BOX}>
      {showCritical && (
        <>
          <span style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
            <CriticalBarSwatch />
            {t("readable.criticalBar")}
          </span>
          <span style={{ display: "inline-flex", alignItems: "center", gap: 6 }}>
            <CriticalLinkSwatch />
            {t("readable.criticalLink")}
          </span>
        </>
      )}
      {hidden > 0 && (
        <span role="status" data-testid="hidden-links">
          {t("readable.hiddenLinks", { count: hidden })}
        </span>
      )}
    </div>
  );
}
