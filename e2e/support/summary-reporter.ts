import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { FullResult, Reporter, Suite, TestCase, TestResult } from "@playwright/test/reporter";
import { AUTHZ_ATTACHMENT, FUZZ_ATTACHMENT, type FuzzTally, type MatrixTally } from "./tallies";

/**
 * The end of a Playwright run, after the list reporter's own summary:
 * - the access matrix's and the fuzzer's totals, added up from each row's and each target's test
 *   (they run as many tests over both workers; each attaches its tally);
 * - every test that failed first and passed on its retry, by name: a flaky test is a finding,
 *   never hidden by the retry;
 * - the web server's start, each project's wall time and the slowest spec files, also written as
 *   JSON to E2E_SUMMARY_FILE (default .data/e2e-summary.json) for `npm test`'s table.
 */
export default class SummaryReporter implements Reporter {
  private begun = 0;
  private firstTestAt = 0;
  private root: Suite | undefined;
  /** First start and last end of the tests of each project, and of each area of e2e/ (areaOf). */
  private readonly spans = new Map<string, { first: number; last: number }>();

  printsToStdio() {
    return true;
  }

  onBegin(_config: unknown, suite: Suite) {
    this.begun = Date.now();
    this.root = suite;
  }

  onTestBegin(test: TestCase, result: TestResult) {
    this.firstTestAt ||= result.startTime.getTime();
    for (const key of spanKeys(test)) {
      if (!this.spans.has(key)) this.spans.set(key, { first: result.startTime.getTime(), last: result.startTime.getTime() });
    }
  }

  onTestEnd(test: TestCase, result: TestResult) {
    for (const key of spanKeys(test)) {
      const span = this.spans.get(key);
      if (span) span.last = Math.max(span.last, result.startTime.getTime() + result.duration);
    }
  }

  onEnd(result: FullResult) {
    const tests = this.root?.allTests() ?? [];
    // Nothing ran (--list, or a run stopped before its first test): nothing to add up.
    if (!tests.some((t) => t.results.length)) return;
    const lines: string[] = [];

    // Tallies from each test's last result (a retried row counts once).
    const lastResult = (t: TestCase) => t.results[t.results.length - 1];
    const tallies = <T>(name: string) =>
      tests.flatMap((t) => {
        const body = lastResult(t)?.attachments.find((a) => a.name === name)?.body;
        return body ? [JSON.parse(body.toString()) as T] : [];
      });

    const matrix = tallies<MatrixTally>(AUTHZ_ATTACHMENT);
    if (matrix.length) {
      const sum = (k: "checked" | "failed" | "proxy" | "framework") => matrix.reduce((n, m) => n + m[k], 0);
      const skipped = matrix.flatMap((m) => m.skipped);
      const rows = tests.filter((t) => t.location.file.endsWith(path.join("authz", "matrix.spec.ts")) && /^row \d+/.test(t.title));
      lines.push(
        `authz matrix: ${matrix.length} routes × ${matrix[0].identities} identities — ${sum("checked")} cells checked, ${sum("failed")} failed, ${skipped.length} skipped` +
          (matrix.length < rows.length ? ` (${rows.length - matrix.length} rows did not report)` : ""),
        `  (action refusals answered by the proxy before the action: ${sum("proxy")}; by Next's origin check: ${sum("framework")})`,
      );
      if (process.env.E2E_VERBOSE === "1" && skipped.length) lines.push("  skipped:", ...skipped.map((s) => `  ${s}`));
      else if (skipped.length) lines.push(`  (E2E_VERBOSE=1 lists the ${skipped.length} skipped cells, each with its reason)`);
    }

    const fuzz = tallies<FuzzTally>(FUZZ_ATTACHMENT);
    if (fuzz.length) {
      const sum = (k: "sent" | "rejected" | "accepted" | "fiveXX" | "problems") => fuzz.reduce((n, t) => n + t[k], 0);
      const seconds = fuzz.reduce((n, t) => n + t.ms, 0) / 1000;
      lines.push(
        `fuzz: ${sum("sent")} payloads to ${fuzz.length} targets (seed ${fuzz[0].seed}) in ${seconds.toFixed(1)} s of worker time — ` +
          `${sum("rejected")} rejected, ${sum("accepted")} accepted, ${sum("fiveXX")} 5xx, ${sum("problems")} problems`,
      );
      if (process.env.E2E_VERBOSE === "1")
        lines.push(
          ...fuzz.map(
            (t) =>
              `  ${t.target.padEnd(40)} sent ${String(t.sent).padStart(4)}  rejected ${String(t.rejected).padStart(4)}  5xx ${t.fiveXX}`,
          ),
        );
    }

    const name = (t: TestCase) =>
      `${path.relative(process.cwd(), t.location.file)}:${t.location.line} › ${t.titlePath().slice(3).join(" › ")}`;
    const flaky = tests.filter((t) => t.outcome() === "flaky");
    lines.push(
      flaky.length
        ? `passed only on a retry (${flaky.length}): fix or explain each\n${flaky.map((t) => `  ${name(t)}`).join("\n")}`
        : "passed only on a retry: none",
    );

    // Worker time per spec file (every attempt), for the profile in docs/testing.md.
    const bySpec = new Map<string, { ms: number; tests: number }>();
    for (const t of tests) {
      const file = path.relative(process.cwd(), t.location.file);
      const entry = bySpec.get(file) ?? { ms: 0, tests: 0 };
      entry.ms += t.results.reduce((n, r) => n + r.duration, 0);
      entry.tests += 1;
      bySpec.set(file, entry);
    }
    const slowest = [...bySpec.entries()].sort((a, b) => b[1].ms - a[1].ms).slice(0, 20);
    // Wall time (first start to last end) and worker time of each project and each area: the
    // areas run side by side on the workers, so their wall times overlap.
    const part = (key: string) => {
      const span = this.spans.get(key);
      const own = tests.filter((t) => spanKeys(t).includes(key) && t.results.length);
      return {
        name: key,
        wallMs: span ? span.last - span.first : 0,
        busyMs: own.reduce((n, t) => n + t.results.reduce((m, r) => m + r.duration, 0), 0),
        tests: own.length,
        flaky: own.filter((t) => t.outcome() === "flaky").length,
      };
    };
    const keys = [...this.spans.keys()];
    const projects = keys.filter((k) => !k.startsWith("area ")).map(part);
    const areas = keys
      .filter((k) => k.startsWith("area "))
      .sort()
      .map(part);
    const summary = {
      status: result.status,
      wallMs: result.duration,
      serverStartMs: this.firstTestAt ? this.firstTestAt - this.begun : null,
      tests: tests.length,
      projects,
      areas,
      flaky: flaky.map(name),
      slowestSpecs: slowest.map(([file, s]) => ({ file, ms: s.ms, tests: s.tests })),
      matrix: matrix.length
        ? {
            routes: matrix.length,
            cells: matrix.reduce((n, m) => n + m.checked, 0),
            failed: matrix.reduce((n, m) => n + m.failed, 0),
            skipped: matrix.flatMap((m) => m.skipped),
          }
        : null,
      fuzz: fuzz.length ? { targets: fuzz.length, payloads: fuzz.reduce((n, t) => n + t.sent, 0), perTarget: fuzz } : null,
    };
    const file = path.resolve(process.env.E2E_SUMMARY_FILE ?? ".data/e2e-summary.json");
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(summary, null, 2));
    console.log(`\n${lines.join("\n")}\n`);
  }
}

/** The project's name, and the test's area: its folder under e2e/ (authz, fuzz, a11y), or "journeys" for the specs at the top. */
function spanKeys(test: TestCase): string[] {
  const dir = path.basename(path.dirname(test.location.file));
  return [test.parent.project()?.name ?? "", `area ${dir === "e2e" ? "journeys" : dir}`];
}
