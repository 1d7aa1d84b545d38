import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { childEnv } from "@/lib/config/set-env";

/**
 * Jest runs many test files one after another in each worker process. A file that leaves code
 * hooked into the process (the Sentry Node SDK instruments Node's HTTP, fetch and child-process
 * channels) makes a later file fail: Jest 30 "soft deletes" the earlier file's globals, and the
 * leftover code's next write to its global carrier recurses until the stack overflows. Which file
 * follows which depends on Jest's cache, so this runs the files concerned in a fixed order in one
 * worker, with a cold cache, as a fresh clone's `npm test` would.
 */
const ROOT = path.resolve(__dirname, "../..");
const FILES = [
  "lib/observability/config.test.ts",
  "lib/observability/server.test.ts",
  "lib/observability/report.test.ts",
  "test/fixtures/observability/later-file.check.ts",
];

test("the Sentry tests leave nothing behind for the next test file in their worker", async () => {
  const cache = fs.mkdtempSync(path.join(os.tmpdir(), "kaya-jest-cache-"));
  try {
    const { code, output } = await new Promise<{ code: number | null; output: string }>((resolve) => {
      execFile(
        process.execPath,
        [
          "node_modules/jest/bin/jest.js",
          "--runInBand",
          "--ci",
          "--cacheDirectory",
          cache,
          "--testSequencer",
          path.join(ROOT, "test/fixtures/observability/in-given-order.mjs"),
          "--testMatch",
          ...FILES.map((f) => path.join(ROOT, f)),
        ],
        {
          cwd: ROOT,
          env: childEnv({ NODE_OPTIONS: "--experimental-vm-modules" }),
          maxBuffer: 16 * 1024 * 1024,
          timeout: 150_000,
        },
        (error, stdout, stderr) =>
          resolve({
            code: error ? (typeof error.code === "number" ? error.code : null) : 0,
            output: `${stdout}\n${stderr}`,
          }),
      );
    });
    // Every file ran, in that order, in one worker, and passed.
    const ran = [...output.matchAll(/^(PASS|FAIL) (\S+)/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(ran).toEqual(FILES.map((f) => `PASS ${f}`));
    expect(output).not.toMatch(/Maximum call stack size exceeded|JEST-01|deletion mode already initialized/);
    expect(code).toBe(0);
  } finally {
    fs.rmSync(cache, { recursive: true, force: true });
  }
}, 180_000);
