export * from "./data.js";
