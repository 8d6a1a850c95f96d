// The indicator of a quality control drawn as a coloured mark, with its meaning as the mark's accessible name and
// tooltip (colour alone is not a text alternative).
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
    <span
      role="img"
      aria-label={label}
      title={label}
      data-indicator={indicator}
      style={{
        display: "inline-block",
        width: size,
        height: size,
        borderRadius: "50%",
        backgroundColor: INDICATOR_HEX[indicator],
        verticalAlign: "middle",
        flexShrink: 0,
      }}
    />
  );
}
