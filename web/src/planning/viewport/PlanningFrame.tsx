import { GridHeader } from "../grid/GridHeader";
import { HEADER_HEIGHT } from "../TimeHeader";
import { GRID_WIDTH } from "./layout";

/**
 * The planning's one scroll element and its sticky layout: the time header on top, the grid on the left, the
 * viewport-sized canvas in the corner they leave; the content is the whole range's width and every row's height,
 * so the browser's own scrolling (wheel, scrollbars, keys) moves grid, header and canvas together.
 */
export function PlanningFrame(p: {
  attach: (el: HTMLDivElement | null) => void;
  contentWidth: number;
  rowsHeight: number;
  canvasWidth: number;
  canvasHeight: number;
  /** Before the layout (the loading notice, the print and comparison panels) and over it (the link editor). */
  before: React.ReactNode;
  header: React.ReactNode;
  grid: React.ReactNode;
  canvas: React.ReactNode;
  over: React.ReactNode;
}) {
  const width = GRID_WIDTH + p.contentWidth;
  return (
    <div ref={p.attach} data-testid="planning-scroller" style={SCROLLER}>
      {p.before}
      <div style={{ width, height: HEADER_HEIGHT + p.rowsHeight, position: "relative" }}>
        <div style={{ position: "sticky", top: 0, zIndex: 3, display: "flex", height: HEADER_HEIGHT, width }}>
          <div style={GRID_HEADER}>
            <GridHeader />
          </div>
          <div style={{ position: "sticky", left: GRID_WIDTH, width: p.canvasWidth, flex: "none" }}>{p.header}</div>
        </div>
        <div style={{ display: "flex", width, height: p.rowsHeight }}>
          <div style={GRID}>{p.grid}</div>
          <div
            style={{
              position: "sticky",
              left: GRID_WIDTH,
              top: HEADER_HEIGHT,
              width: p.canvasWidth,
              height: Math.min(p.canvasHeight, p.rowsHeight || p.canvasHeight),
              flex: "none",
            }}
          >
            {p.canvas}
          </div>
        </div>
        {p.over}
      </div>
    </div>
  );
}

/** Shown over the empty layout while the version loads (the layout itself is made while the request is in flight). */
export function LoadingNotice({ text }: { text: string }) {
  return (
    <div style={{ position: "sticky", left: 0, top: 0, height: 0, zIndex: 5 }}>
      <div aria-busy="true" style={LOADING}>
        {text}
      </div>
    </div>
  );
}

const SCROLLER: React.CSSProperties = {
  flex: 1,
  minHeight: 0,
  overflow: "auto",
  scrollbarGutter: "stable",
  position: "relative",
  border: "1px solid #E0E0E0",
  background: "#FFFFFF",
};
const GRID_HEADER: React.CSSProperties = {
  position: "sticky",
  left: 0,
  zIndex: 4,
  width: GRID_WIDTH,
  flex: "none",
  background: "#FAFAFA",
};
const GRID: React.CSSProperties = {
  position: "sticky",
  left: 0,
  zIndex: 2,
  width: GRID_WIDTH,
  flex: "none",
  background: "#FFFFFF",
  borderRight: "1px solid #E0E0E0",
};
const LOADING: React.CSSProperties = {
  position: "absolute",
  top: HEADER_HEIGHT + 8,
  left: 8,
  padding: "4px 8px",
  background: "#FFFFFF",
  whiteSpace: "nowrap",
};
