export * from "./data.js";
export * from "./wire.js";
export * from "./compact.js";
