/**
 * `npm run check:build-routes [-- <distDir>]`: fails when the production build (default `.next`)
 * serves a gateway stand-in or a test-only call. CI runs it right after `npm run build`.
 */
import path from "node:path";
import { buildRoutes, testOnlyRoutes } from "./build-routes";

const distDir = path.resolve(process.argv[2] ?? ".next");
try {
  const routes = buildRoutes(distDir);
  const bad = testOnlyRoutes(routes);
  if (bad.length > 0) {
    console.error(
      `The production build serves ${bad.length} test-only route(s):\n${bad.map((r) => `  ${r}`).join("\n")}`,
    );
    process.exit(1);
  }
  console.log(
    `${routes.length} routes in ${path.relative(process.cwd(), distDir) || distDir}: no stand-in and no test-only call.`,
  );
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(2);
}
