// Adds up the JSON reports of Vitest and Playwright into one closing line: "N passed, N failed",
// after the slowest files of each report, so a run nearing CI's time limit shows where to look.
import fs from 'node:fs';
import path from 'node:path';

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
function slowest(label, times) {
  const top = [...times.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5);
  if (top.length > 0) process.stdout.write(`slowest in ${label}: ${top.map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ')}\n`);
}
/** Playwright's suites nest; a spec file's time is the sum of its tests' attempts. */
function specTimes(suites, times, file) {
  for (const suite of suites ?? []) {
    const name = file ?? suite.file ?? suite.title;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) for (const result of test.results ?? []) times.set(name, (times.get(name) ?? 0) + (result.duration ?? 0));
    specTimes(suite.suites, times, name);
  }
}

let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of process.argv.slice(2)) {
  if (!fs.existsSync(file)) continue;
  const report = JSON.parse(fs.readFileSync(file, 'utf8'));
  if (report.stats && 'expected' in report.stats) {
    // Playwright
    passed += report.stats.expected + (report.stats.flaky ?? 0);
    const times = new Map();
    specTimes(report.suites, times);
    slowest(path.basename(file), times);
    failed += report.stats.unexpected;
    skipped += report.stats.skipped;
  } else {
    // Vitest (Jest-compatible)
    passed += report.numPassedTests ?? 0;
    slowest(path.basename(file), new Map((report.testResults ?? []).map((t) => [path.basename(t.name), t.endTime - t.startTime])));
    failed += report.numFailedTests ?? 0;
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
