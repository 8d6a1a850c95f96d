import { Component, type ReactNode } from "react";

/**
 * Keeps the page alive when the chart cannot draw (a browser without SVG text measures): the table below it
 * carries the same data, so the chart is simply left out.
 */
export class ChartBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }
  override render(): ReactNode {
    return this.state.failed ? null : this.props.children;
  }
}
