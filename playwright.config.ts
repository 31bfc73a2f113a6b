import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
// The loopback address, not "localhost": every new connection would look the name up, and on a
// machine whose hosts file has no IPv6 entry for it the resolver asks the network's DNS server,
// which now and then leaves the lookup to its 5-second timeout (a request, or a whole access
// matrix row, took 5 s instead of 0.1 s about once in ten).
const baseURL = `http://127.0.0.1:${PORT}`;
// Debian's headless shell when installed (.ci/run installs it): measured ~15% faster than full
// Chromium in headless mode on 2 cores, which also starts browser-UI processes.
const BROWSER =
  process.env.CHROMIUM_PATH ?? ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"].find((p) => existsSync(p)) ?? "/usr/bin/chromium";

export default defineConfig({
  testDir: "e2e",
  testMatch: "**/*.spec.ts",
  fullyParallel: true,
  workers: process.env.E2E_WORKERS ? Number(process.env.E2E_WORKERS) : 2,
  // One retry on CI; a test that needed it is listed at the end (e2e/support/summary-reporter.ts).
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // The list, then the totals of the access matrix and the fuzzer (their rows and targets are
  // tests of their own on both workers), the tests that passed only on a retry, and the timings
  // `npm test` prints (.data/e2e-summary.json).
  reporter: [["list"], ["./e2e/support/summary-reporter.ts"]],
  outputDir: "test-results",
  use: {
    baseURL,
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: BROWSER,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    // A fresh database, the demo seed, a loopback SMTP server and the production build.
    command: `node scripts/run.mjs e2e`,
    url: `${baseURL}/api/health`,
    env: { PORT: String(PORT), NEXT_TELEMETRY_DISABLED: "1" },
    timeout: 600_000,
    reuseExistingServer: !process.env.CI && process.env.E2E_REUSE === "1",
    stdout: "pipe",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
