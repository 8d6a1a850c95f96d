export * from "./data.js";
export * from "./wire.js";
