// Layer rules of shared/DESIGN.md: engine imports nothing of the project (and no Node API outside its CLI);
// shared never imports server or web; web and server never import each other.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const nodeBuiltins = ["fs", "path", "os", "child_process", "crypto", "http", "https", "net", "url", "util", "worker_threads", "stream", "process"];
const nodeApi = [...nodeBuiltins, ...nodeBuiltins.map((m) => `node:${m}`), "node:*"];

export default tseslint.config(
  { ignores: ["**/node_modules/**", "**/dist/**", "**/data/**", "**/.tmp/**", "artifacts/**", "test-results/**", "**/*.cjs", "web/public/**"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-explicit-any": "error",
      "no-throw-literal": "error",
    },
  },
  {
    files: ["engine/src/**/*.ts"],
    ignores: ["engine/src/cli.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        paths: nodeApi.map((name) => ({ name, message: "The engine is pure: no Node API outside its CLI." })),
        patterns: [{ group: ["@jalon/*", "**/shared/**", "**/server/**", "**/web/**", "**/bench/**"], message: "The engine imports nothing of the project." }],
      }],
      "no-restricted-globals": ["error", "process", "require", "Buffer", "window", "document"],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ group: ["@jalon/server", "@jalon/web", "**/server/**", "**/web/**"], message: "shared never imports server or web." }],
      }],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ group: ["@jalon/web", "**/web/**"], message: "The server never imports the web." }],
      }],
    },
  },
  {
    // Request strings refuse control characters (a NUL reached PostgreSQL and answered 500): schemas build on
    // plainString() and its helpers, never on a bare z.string().
    files: ["server/src/**/*.ts", "shared/src/**/*.ts"],
    ignores: ["shared/src/schemas.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": ["error", {
        selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
        message: "Build request strings on plainString() (shared/src/schemas.ts): it refuses control characters.",
      }],
    },
  },
  {
    files: ["web/**/*.ts", "web/**/*.tsx"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{ group: ["@jalon/server", "**/server/**"], message: "The web never imports the server." }],
      }],
    },
  },
);
