// Adds up the JSON reports of Vitest and Playwright into one closing line: "N passed, N failed",
// after the slowest files of each report, so a run nearing CI's time limit shows where to look; and
// each failed test with the start of its message last, so a log cut short still shows what failed.
import fs from 'node:fs';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';

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

/** Failed tests as `file > test: message`, the message's first lines only. */
const failures = [];
const firstLines = (text) =>
  stripVTControlCharacters(String(text ?? ''))
    .split('\n')
    .slice(0, 6)
    .join('\n    ');
function playwrightFailures(suites, file) {
  for (const suite of suites ?? []) {
    const name = file ?? suite.file ?? suite.title;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const last = (test.results ?? []).at(-1);
        if (last && test.status === 'unexpected') failures.push(`${name} > ${spec.title}: ${firstLines(last.error?.message ?? last.status)}`);
      }
    playwrightFailures(suite.suites, name);
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
    playwrightFailures(report.suites);
    skipped += report.stats.skipped;
  } else {
    // Vitest (Jest-compatible)
    passed += report.numPassedTests ?? 0;
    slowest(path.basename(file), new Map((report.testResults ?? []).map((t) => [path.basename(t.name), t.endTime - t.startTime])));
    failed += report.numFailedTests ?? 0;
    for (const result of report.testResults ?? [])
      for (const test of result.assertionResults ?? [])
        if (test.status === 'failed')
          failures.push(`${path.basename(file)} ${path.relative(process.cwd(), result.name)} > ${test.fullName}: ${firstLines(test.failureMessages?.[0])}`);
    // A file that failed to load has no tests to name.
    for (const result of report.testResults ?? [])
      if (result.status === 'failed' && (result.assertionResults ?? []).every((t) => t.status !== 'failed'))
        failures.push(`${path.basename(file)} ${path.relative(process.cwd(), result.name)}: ${firstLines(result.message)}`);
    skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  }
}
if (failures.length > 0) process.stdout.write(`\nfailed:\n${failures.map((f) => `  ${f}`).join('\n')}\n`);
process.stdout.write(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}\n`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
