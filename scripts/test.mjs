#!/usr/bin/env node
// `npm test`: every check in one run — type check, lint, unit + server tests (Vitest), the
// build and its bundle budgets, then the end-to-end suite in Chromium against the real server
// (Playwright). `npm test -- bundle` runs one stage (typecheck, lint, unit, postgres, bundle, e2e).
// Each stage runs even if an earlier one failed, so one run shows every problem.
// The last line is the summary CI reads: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';

const results = [];
const tmp = '.tmp/test-reports';
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });

function run(cmd, args, extraEnv = {}) {
  console.log(`\n▶ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...extraEnv } });
  return r.status === 0;
}

function check(name, ok) {
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

/** The failed tests of a Vitest JSON report, by name and file: the summary lists them, so a CI log's tail says which. */
const failedNames = [];
function noteFailures(stage, report) {
  for (const file of report?.testResults ?? []) {
    for (const test of file.assertionResults ?? []) {
      if (test.status === 'failed') failedNames.push(`${stage}: ${file.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}`);
    }
  }
}

const only = process.argv.slice(2);
const want = (stage) => only.length === 0 || only.includes(stage);

if (want('typecheck')) check('type check', run('npm', ['run', '--silent', 'typecheck']));
if (want('lint')) check('lint', run('npx', ['eslint', '.', '--max-warnings=0']));

if (want('unit')) {
  // On embedded PGlite, whatever the environment says: the next stage is the PostgreSQL one.
  const ok = run('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${tmp}/vitest.json`], { TEST_DATABASE_URL: '' });
  const report = readJson(`${tmp}/vitest.json`);
  noteFailures('unit', report);
  if (report) {
    results.push({ name: 'unit + server tests', passed: report.numPassedTests, failed: report.numFailedTests + (ok || report.numFailedTests ? 0 : 1) });
  } else check('unit + server tests', false);
}

// With TEST_DATABASE_URL (CI sets it), the server suite runs again on real PostgreSQL:
// PGlite serialises everything, so only a real server shows races.
if (want('postgres') && process.env.TEST_DATABASE_URL) {
  const ok = run('npx', ['vitest', 'run', 'server', '--reporter=default', '--reporter=json', `--outputFile.json=${tmp}/vitest-pg.json`]);
  const report = readJson(`${tmp}/vitest-pg.json`);
  noteFailures('postgres', report);
  if (report) {
    results.push({ name: 'server tests on PostgreSQL', passed: report.numPassedTests, failed: report.numFailedTests + (ok || report.numFailedTests ? 0 : 1) });
  } else check('server tests on PostgreSQL', false);
}

// The build feeds two stages: the bundle budgets (issue 16, scripts/check-bundle.ts: deterministic,
// so a heavier route cannot land) and the end-to-end suite.
const built = (want('bundle') || want('e2e')) && run('npx', ['vite', 'build', '--logLevel', 'warn']);
if (want('bundle') || want('e2e')) check('build', built);

if (want('bundle') && built) {
  const ok = run('node', ['--import', 'tsx', 'scripts/check-bundle.ts', 'dist', `--json=${tmp}/bundle.json`]);
  const report = readJson(`${tmp}/bundle.json`);
  if (report) {
    results.push({ name: 'bundle budgets', passed: report.passed, failed: report.failed + (ok || report.failed ? 0 : 1) });
  } else check('bundle budgets', false);
}

if (want('e2e') && built) {
  const ok = run('npx', ['playwright', 'test'], { PLAYWRIGHT_JSON_OUTPUT_NAME: `${tmp}/e2e.json` });
  const report = readJson(`${tmp}/e2e.json`);
  if (report?.stats) {
    const { expected = 0, unexpected = 0, flaky = 0 } = report.stats;
    results.push({ name: 'end-to-end (Chromium)', passed: expected + flaky, failed: unexpected + (ok || unexpected ? 0 : 1) });
  } else check('end-to-end (Chromium)', false);
}

if (failedNames.length) console.log(`\nFailed\n${failedNames.map((name) => `  ✗ ${name}`).join('\n')}`);
console.log('\nSummary');
for (const r of results) console.log(`  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
