import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Ends the run with one plain line, 'journeys: N passed, N failed' (', N skipped' when some were),
 * so a log reader that counts tests finds the count without knowing the runner. A journey that
 * passed on its retry counts as passed, as the runner itself says ('flaky').
 */
export default class SummaryReporter implements Reporter {
  private readonly outcomes = new Map<TestCase, TestResult['status']>();

  onTestEnd(test: TestCase, result: TestResult): void {
    this.outcomes.set(test, result.status);
  }

  onEnd(_result: FullResult): void {
    const all = [...this.outcomes.values()];
    const passed = all.filter((s) => s === 'passed').length;
    const skipped = all.filter((s) => s === 'skipped').length;
    const failed = all.length - passed - skipped;
    console.log(`journeys: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
