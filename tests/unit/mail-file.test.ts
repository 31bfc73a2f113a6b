import { readFileSync, readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it, vi } from "vitest";

// The logger writes JSON lines to LOG_FILE when it is set; it must be set before lib/platform/log.mjs loads.
const logFile = vi.hoisted(() => (process.env.LOG_FILE = `${process.env.TMPDIR ?? "/tmp"}/k12-mail-file-${process.pid}.log`));
afterAll(() => rmSync(logFile, { force: true }));
import { sendMail } from "@/lib/platform/mail/send";
import { env } from "@/lib/platform/env";
import { decodeSubject } from "../helpers/mail";

describe("mail without SMTP (written to MAIL_DIR)", () => {
  it("writes the file readable by its owner only and keeps links out of the log outside demo mode", async () => {
    delete process.env.SMTP_URL;
    expect(env().SMTP_URL).toBeUndefined();
    expect(env().DEMO_MODE).toBe("0");
    const to = `mode${Date.now()}@example.org`;
    await sendMail({
      to,
      subject: "Reset your K12 Experts password",
      text: "Here: http://localhost:3999/reset-password?token=secret-token",
    });
    const lines = readFileSync(logFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const line = lines.find((l) => l.module === "mail");
    expect(line).toMatchObject({ level: "info", msg: "mail saved", subject: "Reset your K12 Experts password", dir: env().MAIL_DIR });
    // Neither the address nor the link's token reaches the log.
    expect(JSON.stringify(lines)).not.toContain(to);
    expect(JSON.stringify(lines)).not.toContain("secret-token");
    const dir = env().MAIL_DIR;
    const file = readdirSync(dir).find((f) => f.endsWith(`${to}.txt`));
    expect(file).toBeDefined();
    expect(statSync(path.join(dir, file!)).mode & 0o777).toBe(0o600);
  });
});

describe("reading captured mail (tests/helpers/mail.ts)", () => {
  it("decodes encoded and folded subjects as a person reads them", () => {
    expect(decodeSubject("From: x\r\nSubject: =?UTF-8?Q?Session_Tester_applied_to_=22Study_x=22?=\r\nTo: y")).toBe(
      'Session Tester applied to "Study x"',
    );
    expect(decodeSubject("Subject: =?UTF-8?Q?Scheduled:_=22A=22_on_Wed,_4:30=E2=80=AFPM?=\r\n =?UTF-8?Q?_CST?=\r\n")).toBe(
      'Scheduled: "A" on Wed, 4:30\u202fPM CST',
    );
    expect(decodeSubject("Subject: Plain one\r\n")).toBe("Plain one");
  });
});
