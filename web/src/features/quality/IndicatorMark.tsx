// The indicator of a quality control drawn as a coloured mark, with its meaning as the mark's accessible name and
// tooltip (colour alone is not a text alternative), and a shape of its own (tick, cross, exclamation, dash) so
// that it reads without telling the colours apart (WCAG 1.4.1).
import { useTranslation } from "react-i18next";

export type IndicatorColor = "green" | "grey" | "red" | "orange";

/** The indicator colours, dark enough against white for a 3:1 contrast of a graphic (WCAG 1.4.11). */
export const INDICATOR_HEX: Record<IndicatorColor, string> = {
  green: "#107C10",
  grey: "#707070",
  red: "#C50F1F",
  orange: "#BC4B09",
};

export function IndicatorMark({ indicator, size = 14 }: { indicator: IndicatorColor; size?: number }) {
  const { t } = useTranslation();
  const label = t(`quality.indicators.${indicator}`);
  return (
    <svg
      role="img"
      aria-label={label}
      data-indicator={indicator}
      width={size}
      height={size}
      viewBox="0 0 16 16"
      style={{ verticalAlign: "middle", flexShrink: 0 }}
    >
      <title>{label}</title>
      <circle cx="8" cy="8" r="8" fill={INDICATOR_HEX[indicator]} />
      <path
        d={SHAPE[indicator]}
        fill="none"
        stroke="#FFFFFF"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** White strokes inside the disc: a tick (done), a cross (not compliant), an exclamation mark, a dash (not done). */
const SHAPE: Record<IndicatorColor, string> = {
  green: "M4.5 8.3 L7 10.8 L11.5 5.5",
  red: "M5.3 5.3 L10.7 10.7 M10.7 5.3 L5.3 10.7",
  orange: "M8 4.2 L8 8.8 M8 11.6 L8 11.7",
  grey: "M4.8 8 L11.2 8",
};
