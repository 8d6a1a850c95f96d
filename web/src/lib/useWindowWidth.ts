import { useEffect, useState } from "react";
import { MOBILE_MAX_WIDTH } from "../store/ui";

export function useWindowWidth(): number {
  const [width, setWidth] = useState(() => (typeof window === "undefined" ? 1280 : window.innerWidth));
  useEffect(() => {
    const onResize = () => setWidth(window.innerWidth);
    window.addEventListener("resize", onResize);
    return () => window.removeEventListener("resize", onResize);
  }, []);
  return width;
}

/** Mobile: at most 600 px wide (spec 000 section 2). */
export function isMobileWidth(width: number): boolean {
  return width <= MOBILE_MAX_WIDTH;
}
