import { randomUUID } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { SmsProvider } from "@/lib/sms/provider";

// Without a real provider (the demo, development, the browser tests) each text is written to a
// file in SMS_DIR, readable by this user only (a confirmation code is in it), the way the mail
// transport writes e-mails to MAIL_DIR.

export function createLogSmsProvider(config: { dir: string }): SmsProvider {
  return {
    name: "log",
    async send(text) {
      const providerId = `log-${randomUUID()}`;
      mkdirSync(config.dir, { recursive: true, mode: 0o700 });
      const file = path.join(config.dir, `${Date.now()}-${text.to.replace(/[^0-9+]/g, "")}-${providerId.slice(4, 12)}.txt`);
      writeFileSync(file, `To: ${text.to}\nId: ${providerId}\n\n${text.body}\n`, { mode: 0o600 });
      return { providerId };
    },
  };
}
