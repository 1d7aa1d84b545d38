import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { CheckResult } from "./support/context";

type Run = { results: CheckResult[]; short: boolean; commit: string; seconds: number; soakSeconds: number };

/** What earlier runs of this suite found in the shop, and how it was fixed: kept, so a report says where its passes come from. */
const FOUND_AND_FIXED = [
  "A route parameter holding a broken escape (`/%E0%A4%A/about-us`, `/og/product/%ED%A0%80`, `/checkout/payjustnow/confirmed/%E0%A4%A`) was a bare 500 from Next: 28 of the hostile-input check's first run. The shop's server (server.mjs) now answers a path segment no decoder can read with a 400 before Next sees it (server.test.ts).",
];

const ENGINE = { pglite: "PGlite (embedded)", postgres: "PostgreSQL (a private cluster)" } as const;

/** docs/reliability.md: when and where it ran, then each check with what it did, its figures and what it found. */
export function writeReport(file: string, run: Run): void {
  const passed = run.results.filter((r) => r.passed).length;
  const lines = [
    "# Reliability report",
    "",
    "Written by `npm run test:reliability` (reliability/run.ts): the production build under `node server.mjs`, called over HTTP, with the payment stand-ins beside it. Each check's figures are from the run below; rerun it to refresh them.",
    "",
    `- Date: ${new Date().toISOString()}`,
    `- Commit: ${run.commit}`,
    `- Form: ${run.short ? "short (`-- --short`)" : "full"}, soak ${run.soakSeconds} s, ${run.seconds.toFixed(0)} s in all`,
    `- Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model.trim() ?? "unknown"}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GB memory, load average ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" ")}, Node ${process.version}`,
    `- Result: ${passed} of ${run.results.length} checks passed`,
    "",
    "| Check | Database | Result | Time |",
    "| --- | --- | --- | --- |",
    ...run.results.map(
      (r) => `| ${r.name} | ${ENGINE[r.engine]} | ${r.passed ? "passed" : "**failed**"} | ${r.seconds.toFixed(0)} s |`,
    ),
    "",
  ];
  lines.push("## Found by this suite and fixed", "", ...FOUND_AND_FIXED.map((f) => `- ${f}`), "");
  for (const r of run.results) {
    lines.push(`## ${r.name}: ${ENGINE[r.engine]}`, "", r.did, "", ...r.figures.map((f) => `- ${f}`), "");
    lines.push(r.findings.length === 0 ? "Found: nothing wrong." : "Found:", "");
    for (const f of r.findings) lines.push(`- ${f.replace(/\n/g, " ").slice(0, 600)}`);
    if (r.findings.length) lines.push("");
  }
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, lines.join("\n"));
}
