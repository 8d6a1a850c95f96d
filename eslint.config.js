// Layer rules of docs/ARCHITECTURE.md ("Layout"): engine imports nothing of the project (and no Node API outside its CLI);
// shared never imports server or web; web and server never import each other.
import js from "@eslint/js";
import tseslint from "typescript-eslint";

const nodeBuiltins = [
  "fs",
  "path",
  "os",
  "child_process",
  "crypto",
  "http",
  "https",
  "net",
  "url",
  "util",
  "worker_threads",
  "stream",
  "process",
];
const nodeApi = [...nodeBuiltins, ...nodeBuiltins.map((m) => `node:${m}`), "node:*"];

/** The web's shared layers (and app/, planning/): a relative import into one of them is no cross-feature import. */
const WEB_LAYERS = "(?:api|app|components|features|i18n|lib|offline|planning|realtime|store|test|workers|types)/";
const webNoServer = { group: ["@jalon/server", "**/server/**"], message: "The web never imports the server." };
const webNoApp = (message) => ({ group: ["**/app/**", "../app", "../../app"], message });

export default tseslint.config(
  {
    ignores: [
      "**/node_modules/**",
      "**/dist/**",
      "**/data/**",
      "**/.tmp/**",
      "artifacts/**",
      "test-results/**",
      "**/*.cjs",
      "web/public/**",
    ],
  },
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
      "no-restricted-imports": [
        "error",
        {
          paths: nodeApi.map((name) => ({ name, message: "The engine is pure: no Node API outside its CLI." })),
          patterns: [
            {
              group: ["@jalon/*", "**/shared/**", "**/server/**", "**/web/**", "**/bench/**"],
              message: "The engine imports nothing of the project.",
            },
          ],
        },
      ],
      "no-restricted-globals": ["error", "process", "require", "Buffer", "window", "document"],
    },
  },
  {
    files: ["shared/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["@jalon/server", "@jalon/web", "**/server/**", "**/web/**"],
              message: "shared never imports server or web.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["server/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ group: ["@jalon/web", "**/web/**"], message: "The server never imports the web." }],
        },
      ],
    },
  },
  {
    // Request strings refuse control characters (a NUL reached PostgreSQL and answered 500): schemas build on
    // plainString() and its helpers, never on a bare z.string().
    files: ["server/src/**/*.ts", "shared/src/**/*.ts"],
    ignores: ["shared/src/schemas.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: "Build request strings on plainString() (shared/src/schemas.ts): it refuses control characters.",
        },
      ],
    },
  },
  {
    // One write pipeline (server/src/http/route.ts): a route file never imports another route file (shared
    // helpers live in server/src/http, server/src/commands or a route factory such as referenceRoutes.ts).
    files: ["server/src/routes/**/*.routes.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            { group: ["@jalon/web", "**/web/**"], message: "The server never imports the web." },
            {
              group: ["**/*.routes.js", "**/*.routes"],
              message:
                "A route file never imports another route file: move the shared helper to server/src/http or server/src/commands.",
            },
          ],
        },
      ],
    },
  },
  {
    // Handlers receive typed databases (route()'s write routes get a Knex.Transaction): no `as never`.
    files: ["server/src/**/*.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name='string']",
          message: "Build request strings on plainString() (shared/src/schemas.ts): it refuses control characters.",
        },
        {
          selector: "TSAsExpression > TSNeverKeyword",
          message: "No `as never` in the server: type the value (a write handler's db is a Knex.Transaction).",
        },
      ],
    },
  },
  {
    files: ["server/src/**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "TSAsExpression > TSNeverKeyword", message: "No `as never` in the server: type the value." },
      ],
    },
  },
  // The web's layers, from the top: app/ (router, layouts; lazily loads the screens) > features/ and planning/
  // (screens) > components/ (shared UI), lib/, store/, realtime/, api/, i18n/. An import only goes down: a
  // screen never imports app/, and the shared layers import no screen and no app/. A later block replaces
  // no-restricted-imports for its files, so each block repeats the rule above it. Tests and their helpers (testing.tsx) may render the app.
  {
    files: ["web/**/*.ts", "web/**/*.tsx"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [webNoServer] }],
    },
  },
  {
    files: ["web/src/{features,planning}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/testing.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            webNoServer,
            webNoApp(
              "A screen (features/, planning/) never imports app/: take what it needs from components/, lib/ or store/.",
            ),
          ],
        },
      ],
    },
  },
  // A feature imports another feature only to compose one of its screens (a page, a tab, the event editor, a
  // feature's own control such as the schedule import button); shared UI lives in components/, helpers in lib/,
  // typed clients in api/ (FilterBar, EventPicker, ChartAndTable, DayField, zoneTree, the countings client...).
  // One block per depth: "../x/" leaves the feature from its top folder, "../../x/" from a sub-folder.
  ...[
    ["web/src/features/*/*.{ts,tsx}", "\\.\\./"],
    ["web/src/features/*/*/*.{ts,tsx}", "\\.\\./\\.\\./"],
  ].map(([files, up]) => ({
    files: [files],
    ignores: ["**/*.test.{ts,tsx}", "**/testing.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            webNoServer,
            webNoApp(
              "A screen (features/, planning/) never imports app/: take what it needs from components/, lib/ or store/.",
            ),
            {
              regex: `^${up}(?!${WEB_LAYERS})\\w+/(?:[\\w/]*/)?(?!\\w*(?:Page|Tab|Tabs|Editor|Button)$)(?!classification$)\\w+$`,
              message:
                "A feature imports another feature's page or tab only: move shared UI to components/, helpers to lib/, clients to api/.",
            },
          ],
        },
      ],
    },
  })),
  {
    files: ["web/src/{components,lib,store,realtime,api,i18n}/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}", "**/testing.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            webNoServer,
            webNoApp("Shared web layers never import app/."),
            {
              group: ["**/features/**", "**/planning/**"],
              message: "Shared web layers never import a screen (features/, planning/): move the shared piece down.",
            },
          ],
        },
      ],
    },
  },
);
