export * from "./timeScale.js";
export * from "./layout.js";
export * from "./colors.js";
export * from "./print.js";
export * from "./fromPlanningData.js";
export * from "./compare.js";
export * from "./linkRoute.js";
export * from "./zonePath.js";
