/** The left grid's width: the canvas starts there (shared by the grid, the view and the viewport's edge logic). */
export const GRID_WIDTH = 440;
