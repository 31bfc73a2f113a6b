// Vitest only (it registers hooks): a loopback SMTP server for every test of the file that calls
// it, so mail the services send is captured instead of failing. Kept apart from mail.ts, which
// the Playwright specs import too.
import { afterAll, beforeAll } from "vitest";
import { startTestSmtp } from "./mail";

/** Starts the server before the file's tests and stops it after; the getter reads what it caught. */
export function captureMailForFile() {
  let smtp: Awaited<ReturnType<typeof startTestSmtp>> | undefined;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.stop();
  });
  return () => smtp!;
}
