export * from "./errors.js";
export * from "./permissions.js";
export * from "./filters.js";
export * from "./entities.js";
export * from "./constants.js";
export * from "./schemas.js";
export * from "./frenchOrder.js";
export * from "./contract/index.js";
