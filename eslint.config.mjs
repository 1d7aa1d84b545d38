import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  {
    // An `await import()` of the shop's own module hides a circle from the import graph: import it
    // at the top instead. (Lazy components, `() => import(...)`, split the bundle and stay.)
    files: ["app/**/*.{ts,tsx}", "lib/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "stores/**/*.{ts,tsx}", "proxy.ts"],
    ignores: ["**/*.test.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        {
          selector: "AwaitExpression > ImportExpression[source.value=/^@\\//]",
          message:
            "Import the shop's own modules statically; when two modules need each other, pass a value or a callback.",
        },
      ],
    },
  },
  globalIgnores([
    ".next/**",
    "out/**",
    "node_modules/**",
    ".data/**",
    "test-results/**",
    "playwright-report/**",
    "e2e/artifacts/**",
    "next-env.d.ts",
    "drizzle/**",
  ]),
]);
