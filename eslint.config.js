import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The layers (docs/architecture.md): routes may use components, hooks, server and domain; components
 * hooks and domain; hooks and server only domain; domain nothing of the app. Scripts, the bench and tests may use any.
 */
const LAYERS = [
  {
    target: "./app/domain",
    from: ["./app/routes", "./app/components", "./app/server", "./app/hooks", "./app/root.tsx"],
    message: "app/domain/ holds pure rules: it imports nothing else of the app.",
  },
  {
    target: "./app/components",
    from: ["./app/routes", "./app/server", "./app/root.tsx"],
    message: "A component may use app/domain/ only; data comes from its route.",
  },
  {
    target: "./app/hooks",
    from: ["./app/routes", "./app/components", "./app/server", "./app/root.tsx"],
    message: "A hook may use app/domain/ only; components and routes use hooks.",
  },
  {
    target: "./app/server",
    from: ["./app/routes", "./app/components", "./app/hooks", "./app/root.tsx"],
    message: "app/server/ may use app/domain/ only; routes call the server, not the other way.",
  },
];

export default tseslint.config(
  {
    ignores: [
      "build/",
      ".react-router/",
      "node_modules/",
      "data/",
      "test-results/",
      "playwright-report/",
      "bench/results/",
      ".tmp/",
      "app/paraglide/",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["**/*.{ts,tsx}"],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { "react-hooks": reactHooks, "import-x": importX },
    settings: {
      // Which files the import rules read through (the default is JavaScript only).
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] }),
      ],
    },
    rules: {
      // Import cycles are refused by tools/import-cycles.test.ts, type-only imports included
      // (decision 075): the linter's import-x/no-cycle took some 11 s of its 26 s.
      "import-x/no-unresolved": ["error", { ignore: ["^virtual:", "\\+types/", "^react-router$"] }],
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_" }],
      "no-console": ["error", { allow: ["warn", "error"] }],
      // Schemas use the configured `z` of app/domain/values/zod.ts (no eval under the CSP).
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "zod",
              message: "Import { z } from #app/domain/values/zod.ts.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // A test may reach across layers to drive what it tests (a route's module, the root).
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: { "import-x/no-restricted-paths": ["error", { zones: LAYERS }] },
  },
  {
    files: ["app/domain/values/zod.ts"],
    rules: { "@typescript-eslint/no-restricted-imports": "off" },
  },
  {
    // A test that reaches past a missing value should fail loudly, which `!` does.
    files: ["**/*.test.{ts,tsx}", "tests/**/*.ts"],
    rules: { "@typescript-eslint/no-non-null-assertion": "off" },
  },
);
