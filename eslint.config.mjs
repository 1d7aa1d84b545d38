import { defineConfig, globalIgnores } from "eslint/config";
import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([".next/**", "out/**", "node_modules/**", ".data/**", "test-results/**", "playwright-report/**", "e2e/artifacts/**", "next-env.d.ts", "drizzle/**"]),
]);
