import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { POST } from "@/app/api/contact-form/route";
import { receiveContactMessage, requeueUndeliveredContactMessages } from "@/lib/site/contact";
import { runDueJobsOnce } from "@/lib/jobs/worker";
import { startSmtpCapture } from "../../scripts/lib/smtp-capture.mjs";
import { readMailDir } from "../helpers/mail";
import { peerHeaderFor } from "@/lib/platform/security/peer-address";

// A real SMTP server on loopback; stopping it and starting it again on the same port proves
// that a message stored during an outage is mailed by the next retry. Delivery is a queued
// job: `runDueJobsOnce` plays the worker (every job due now, then return).
const dir = mkdtempSync(path.join(os.tmpdir(), "k12-contact-"));
let smtp: Awaited<ReturnType<typeof startSmtpCapture>>;
beforeAll(async () => {
  smtp = await startSmtpCapture({ dir });
  process.env.SMTP_URL = smtp.url;
  process.env.SUPPORT_EMAIL = "support-desk@example.org";
});
afterAll(async () => {
  await smtp.stop();
});

let ipCounter = 10;
const nextIp = () => `198.51.100.${ipCounter++}`;

const valid = {
  name: "Dana Whitfield",
  email: "Dana.Whitfield@Example.org",
  role: "expert",
  subject: "Payout question",
  message: "My survey payment still shows Pending QC.",
};

function jsonRequest(body: unknown, ip = nextIp()) {
  return new NextRequest("http://localhost/api/contact-form", {
    method: "POST",
    headers: { "content-type": "application/json", ...peerHeaderFor(ip) },
    body: JSON.stringify(body),
  });
}

function formRequest(fields: Record<string, string>, file?: { name: string; bytes: Uint8Array; type?: string }, ip = nextIp()) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  if (file) form.set("attachment", new File([Buffer.from(file.bytes)], file.name, { type: file.type ?? "application/octet-stream" }));
  return new NextRequest("http://localhost/api/contact-form", { method: "POST", headers: peerHeaderFor(ip), body: form });
}

const call = async (req: NextRequest) => {
  const res = await POST(req, { params: Promise.resolve({}) });
  return { status: res.status, body: (await res.json()) as { success: boolean; data?: { id: string; message: string }; error?: string } };
};

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 73, 72, 68, 82]);
const PDF = new TextEncoder().encode("%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n");
const mailsTo = (subject: string) => readMailDir(dir).filter((m) => m.subject.includes(subject));

/** The message's delivery job as the queue sees it (null once it has succeeded and is gone). */
async function deliveryJob(messageId: string) {
  const rows = await db().$queryRaw<{ attempts: number; run_at: Date; updated_at: Date; last_error: string | null }[]>`
    SELECT attempts, run_at, updated_at, last_error FROM graphile_worker.jobs WHERE key = ${`contact-message:${messageId}`}`;
  return rows[0] ?? null;
}
/** Makes every waiting retry due now, as if its backoff had passed. */
const skipBackoff = () =>
  db().$executeRaw`SELECT graphile_worker.reschedule_jobs(ARRAY(SELECT id FROM graphile_worker.jobs WHERE attempts > 0), run_at := now())`;

describe("POST /api/contact-form validation", () => {
  it.each([
    ["name", "name: Name is required"],
    ["email", "email: Email is required"],
    ["subject", "subject: Subject is required"],
    ["message", "message: Message is required"],
  ])("answers 400 naming %s when it is blank, and stores nothing", async (field, error) => {
    const before = await db().contactMessage.count();
    const { status, body } = await call(jsonRequest({ ...valid, [field]: "   " }));
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, error });
    expect(await db().contactMessage.count()).toBe(before);
  });

  it("requires a role from expert, client, other", async () => {
    const { status, body } = await call(jsonRequest({ ...valid, role: undefined }));
    expect(status).toBe(400);
    expect(body.error).toBe("role: Role selection is required.");
    expect((await call(jsonRequest({ ...valid, role: "admin" }))).body.error).toBe("role: Role selection is required.");
  });

  it("rejects a malformed e-mail and malformed JSON with 400, never 500", async () => {
    expect((await call(jsonRequest({ ...valid, email: "not-an-email" }))).body.error).toBe("email: Please enter a valid email address");
    const broken = new NextRequest("http://localhost/api/contact-form", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{oops",
    });
    const res = await call(broken);
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("Malformed JSON body");
  });
});

describe("attachments", () => {
  it("accepts a real PNG and PDF and stores the bytes with the detected type", async () => {
    const { status, body } = await call(
      formRequest({ ...valid, subject: "With png" }, { name: "screen.PNG", bytes: PNG, type: "text/html" }),
    );
    expect(status).toBe(200);
    const row = await db().contactMessage.findUniqueOrThrow({ where: { id: body.data!.id } });
    expect(row).toMatchObject({ attachmentName: "screen.PNG", attachmentType: "image/png", attachmentSize: PNG.length });
    expect(Buffer.from(row.attachmentData!)).toEqual(Buffer.from(PNG));
    expect((await call(formRequest(valid, { name: "w9.pdf", bytes: PDF }))).status).toBe(200);
  });

  it("refuses a file whose content does not match its name", async () => {
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00]);
    const res = await call(formRequest(valid, { name: "invoice.pdf", bytes: exe, type: "application/pdf" }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("attachment: Attachment content does not match its .pdf file type");
    const pngAsTxt = await call(formRequest(valid, { name: "notes.txt", bytes: PNG }));
    expect(pngAsTxt.body.error).toContain("does not match its .txt");
  });

  it("refuses a name outside the allowed list even when the content is fine", async () => {
    const res = await call(formRequest(valid, { name: "page.html", bytes: new TextEncoder().encode("<p>hi</p>") }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("attachment: Attachment must be one of: .pdf, .doc, .docx, .txt, .png, .jpg, .jpeg");
  });

  it("accepts exactly 10 MB and refuses one byte more", async () => {
    const ok = new Uint8Array(10 * 1024 * 1024).fill(0x61);
    expect((await call(formRequest(valid, { name: "big.txt", bytes: ok }))).status).toBe(200);
    const tooBig = new Uint8Array(10 * 1024 * 1024 + 1).fill(0x61);
    const res = await call(formRequest(valid, { name: "big.txt", bytes: tooBig }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("attachment: Attachment must be 10 MB or smaller");
  });
});

describe("storage before mail, and retry", () => {
  it("stores the message with its delivery job, then the queue mails it to SUPPORT_EMAIL with reply-to the sender", async () => {
    const { status, body } = await call(jsonRequest({ ...valid, subject: "Stored then mailed", fileUrl: null }));
    expect(status).toBe(200);
    expect(body.data!.message).toBe("We'll get back to you within 2-3 business days.");
    const id = body.data!.id;
    expect(await db().contactMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "pending", attempts: 0 });
    expect(await deliveryJob(id)).toMatchObject({ attempts: 0 });

    await runDueJobsOnce();
    const row = await db().contactMessage.findUniqueOrThrow({ where: { id } });
    expect(row).toMatchObject({ status: "sent", attempts: 1, email: "dana.whitfield@example.org", role: "expert" });
    expect(await deliveryJob(id)).toBeNull();
    const [mail] = mailsTo("Stored then mailed");
    expect(mail.to).toEqual(["support-desk@example.org"]);
    expect(mail.raw).toMatch(/Reply-To: dana\.whitfield@example\.org/i);
    expect(mail.text).toContain("My survey payment still shows Pending QC.");
  });

  it("keeps the message when SMTP is down, answers success, and the queue's retry sends it once SMTP is back", async () => {
    const port = smtp.port;
    await smtp.stop();
    const { status, body } = await call(jsonRequest({ ...valid, subject: "During outage" }));
    expect(status).toBe(200);
    expect(body.success).toBe(true);
    const id = body.data!.id;
    await runDueJobsOnce();
    const stored = await db().contactMessage.findUniqueOrThrow({ where: { id } });
    expect(stored).toMatchObject({ status: "failed", attempts: 1 });
    expect(stored.lastError).toBeTruthy();
    expect(mailsTo("During outage")).toHaveLength(0);
    // The queue backs off (e^1 ≈ 2.7 s after the first failure): nothing is due yet.
    const job = await deliveryJob(id);
    expect(job).toMatchObject({ attempts: 1 });
    expect(job!.last_error).toContain("not mailed yet");
    // Measured from the failure itself, not from now: a slow machine must not make this flaky.
    expect(job!.run_at.getTime() - job!.updated_at.getTime()).toBeGreaterThan(2_000);
    if (job!.run_at.getTime() - Date.now() > 500) {
      await runDueJobsOnce();
      expect((await db().contactMessage.findUniqueOrThrow({ where: { id } })).attempts).toBe(1);
    }

    // Still down when the retry comes: only the attempt count changes.
    await skipBackoff();
    await runDueJobsOnce();
    expect(await db().contactMessage.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "failed", attempts: 2 });

    smtp = await startSmtpCapture({ dir, port });
    await skipBackoff();
    await runDueJobsOnce();
    const after = await db().contactMessage.findUniqueOrThrow({ where: { id } });
    expect(after).toMatchObject({ status: "sent", lastError: null, attempts: 3 });
    expect(after.sentAt).toBeInstanceOf(Date);
    expect(await deliveryJob(id)).toBeNull();
    expect(mailsTo("During outage")).toHaveLength(1);
    // Nothing is left to run, so nothing goes twice.
    await runDueJobsOnce();
    expect(mailsTo("During outage")).toHaveLength(1);
  });
});

describe("backlog after an outage", () => {
  it("once SMTP is back, the first delivery pulls every waiting retry forward, and each message goes out exactly once", async () => {
    const port = smtp.port;
    await smtp.stop();
    const subjects = Array.from({ length: 30 }, (_, i) => `Backlog [${i}]`);
    for (const [i, subject] of subjects.entries()) {
      await receiveContactMessage({ ...valid, role: "other", subject }, null, { ip: `198.51.100.${i}` });
    }
    await runDueJobsOnce(); // every first attempt fails
    expect(await db().contactMessage.count({ where: { subject: { in: subjects }, status: "failed" } })).toBe(30);

    smtp = await startSmtpCapture({ dir, port });
    // A new message goes out at once; its success makes the 30 backed-off retries due now.
    await receiveContactMessage({ ...valid, role: "other", subject: "Backlog trigger" }, null, { ip: "198.51.100.99" });
    const started = Date.now();
    await runDueJobsOnce();
    // Without the pull-forward the retries would wait out their backoff (runOnce stops at the first not-yet-due job).
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(await db().contactMessage.count({ where: { subject: { in: subjects }, status: "sent" } })).toBe(30);
    for (const subject of [...subjects, "Backlog trigger"]) expect(mailsTo(subject), subject).toHaveLength(1);
  }, 60_000);
});

describe("messages without a delivery job", () => {
  it("a starting worker queues unsent messages stored before the queue existed, once", async () => {
    const legacy = await db().contactMessage.create({
      data: { ...valid, role: "other", subject: "Stored before the queue", status: "failed", attempts: 3 },
      select: { id: true },
    });
    expect(await requeueUndeliveredContactMessages()).toBe(1);
    expect(await requeueUndeliveredContactMessages()).toBe(0); // it has a job now
    await runDueJobsOnce();
    expect(await db().contactMessage.findUniqueOrThrow({ where: { id: legacy.id } })).toMatchObject({ status: "sent", attempts: 4 });
    expect(mailsTo("Stored before the queue")).toHaveLength(1);
    expect(await requeueUndeliveredContactMessages()).toBe(0);
  });
});

describe("throttling", () => {
  it("allows 5 messages per IP in 10 minutes, refuses the 6th with 429, and frees up after the window", async () => {
    const ip = "192.0.2.55";
    for (let i = 0; i < 5; i++) expect((await call(jsonRequest({ ...valid, subject: `burst ${i}` }, ip))).status).toBe(200);
    const sixth = await call(jsonRequest(valid, ip));
    expect(sixth.status).toBe(429);
    expect(sixth.body.error).toBe("You have sent 5 messages in the last 10 minutes. Please wait a few minutes and try again.");
    expect(await db().contactMessage.count({ where: { ipAddress: ip } })).toBe(5);
    // Another IP is unaffected; the same IP is let through once its messages are older than 10 minutes.
    expect((await call(jsonRequest(valid, "192.0.2.56"))).status).toBe(200);
    const later = new Date(Date.now() + 11 * 60_000);
    await expect(receiveContactMessage({ ...valid, role: "client", email: "a@example.org" }, null, { ip }, later)).resolves.toMatchObject({
      id: expect.any(String),
    });
  });
});
