// Prints one plain closing line per Jest run ("jest: N passed, N failed, N skipped") that CI tools read,
// and, when JEST_SUMMARY_FILE is set, appends the counts there so .ci/run can add up several runs.
const { appendFileSync } = require('node:fs');

class SummaryReporter {
  constructor(globalConfig, options = {}) {
    this.label = options.label || 'jest';
  }

  onRunComplete(_contexts, results) {
    const passed = results.numPassedTests;
    const failed = results.numFailedTests + results.numRuntimeErrorTestSuites;
    const skipped = results.numPendingTests + results.numTodoTests;
    process.stdout.write(`\n${this.label}: ${passed} passed, ${failed} failed, ${skipped} skipped\n`);
    if (process.env.JEST_SUMMARY_FILE) {
      appendFileSync(process.env.JEST_SUMMARY_FILE, `${this.label} ${passed} ${failed} ${skipped}\n`);
    }
  }
}

module.exports = SummaryReporter;
