import { createLightTheme, type BrandVariants, type Theme } from "@fluentui/react-components";

// Jalon brand: a deep "plan blue" ramp (10 = darkest, 160 = lightest).
const jalon: BrandVariants = {
  10: "#02060c",
  20: "#0b1c2e",
  30: "#0d2b48",
  40: "#0e375e",
  50: "#0f4474",
  60: "#12518a",
  70: "#175e9e",
  80: "#1f6bb0",
  90: "#3479bb",
  100: "#4a88c4",
  110: "#5f97cc",
  120: "#75a6d4",
  130: "#8bb5dc",
  140: "#a2c5e4",
  150: "#b9d4ec",
  160: "#d0e3f4",
};

export const jalonTheme: Theme = { ...createLightTheme(jalon) };
