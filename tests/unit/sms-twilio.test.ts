import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { createTwilioProvider, deliveryOf, isValidTwilioSignature, keywordOf, twilioSignature, twiml } from "@/lib/sms/twilio";
import { afterQuietHours, isQuietHour, startOfLocalDay } from "@/lib/sms/timing";
import { formatPhone, toE164 } from "@/lib/sms/phone";

// The Twilio adapter against its documented Messages API, served by MSW; the webhook signature
// against Twilio's published example; and the pure rules of texts: quiet hours in the receiver's
// zone across daylight-saving changes, numbers as E.164, the STOP/START/HELP keywords.

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const API = "https://api.twilio.com/2010-04-01";
const SID = "AC00000000000000000000000000000001";
const MESSAGES = `${API}/Accounts/${SID}/Messages.json`;
const twilio = (from = "+15005550006", waits: number[] = []) =>
  createTwilioProvider({
    accountSid: SID,
    authToken: "secret-token",
    from,
    apiUrl: API,
    baseDelayMs: 100,
    sleep: async (ms) => void waits.push(ms),
  });
const text = {
  to: "+15551234567",
  body: "K12 Experts: hello. Reply STOP to stop.",
  statusCallbackUrl: "https://app.example.org/api/webhooks/twilio/status",
};

describe("Twilio: sending", () => {
  it("posts the form with Basic auth and returns the message SID", async () => {
    const seen: { auth: string | null; form: Record<string, string> }[] = [];
    server.use(
      http.post(MESSAGES, async ({ request }) => {
        seen.push({ auth: request.headers.get("authorization"), form: Object.fromEntries(new URLSearchParams(await request.text())) });
        return HttpResponse.json({ sid: "SM11111111111111111111111111111111", status: "queued" }, { status: 201 });
      }),
    );
    expect(await twilio().send(text)).toEqual({ providerId: "SM11111111111111111111111111111111" });
    expect(seen[0].auth).toBe(`Basic ${Buffer.from(`${SID}:secret-token`).toString("base64")}`);
    expect(seen[0].form).toEqual({ To: text.to, Body: text.body, From: "+15005550006", StatusCallback: text.statusCallbackUrl });
  });

  it("sends through a Messaging Service when TWILIO_FROM is one", async () => {
    let form: Record<string, string> = {};
    server.use(
      http.post(MESSAGES, async ({ request }) => {
        form = Object.fromEntries(new URLSearchParams(await request.text()));
        return HttpResponse.json({ sid: "SM2" }, { status: 201 });
      }),
    );
    await twilio("MG0123456789abcdef0123456789abcdef").send(text);
    expect(form.MessagingServiceSid).toBe("MG0123456789abcdef0123456789abcdef");
    expect(form.From).toBeUndefined();
  });

  it("waits out a 429 (Retry-After) and a 503, then sends", async () => {
    let calls = 0;
    server.use(
      http.post(MESSAGES, () => {
        calls++;
        if (calls === 1)
          return HttpResponse.json({ code: 20429, message: "Too Many Requests" }, { status: 429, headers: { "Retry-After": "2" } });
        if (calls === 2) return HttpResponse.json({ code: 20500, message: "Internal Server Error" }, { status: 503 });
        return HttpResponse.json({ sid: "SM3" }, { status: 201 });
      }),
    );
    const waits: number[] = [];
    expect(await twilio(undefined, waits).send(text)).toEqual({ providerId: "SM3" });
    expect(waits).toEqual([2000, 200]);
  });

  it("a 401 or a refused number is not retried; an outage that lasts is", async () => {
    server.use(http.post(MESSAGES, () => HttpResponse.json({ code: 20003, message: "Authenticate" }, { status: 401 })));
    await expect(twilio().send(text)).rejects.toMatchObject({ retry: false, message: expect.stringContaining("error 20003") });
    server.use(
      http.post(MESSAGES, () => HttpResponse.json({ code: 21610, message: "Attempt to send to unsubscribed recipient" }, { status: 400 })),
    );
    await expect(twilio().send(text)).rejects.toMatchObject({ retry: false, message: expect.stringContaining("unsubscribed") });
    server.use(http.post(MESSAGES, () => new HttpResponse(null, { status: 500 })));
    await expect(twilio().send(text)).rejects.toMatchObject({ retry: true });
  });
});

describe("Twilio: webhooks", () => {
  it("computes the signature of Twilio's published example and refuses any change", () => {
    const url = "https://mycompany.com/myapp.php?foo=1&bar=2";
    const params = { CallSid: "CA1234567890ABCDE", Caller: "+12349013030", Digits: "1234", From: "+12349013030", To: "+18005551212" };
    expect(twilioSignature("12345", url, params)).toBe("0/KCTR6DLpKmkAf8muzZqo1nDgQ=");
    expect(isValidTwilioSignature("12345", url, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(true);
    expect(isValidTwilioSignature("12345", url, { ...params, Digits: "1235" }, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(false);
    expect(isValidTwilioSignature("other", url, params, "0/KCTR6DLpKmkAf8muzZqo1nDgQ=")).toBe(false);
    expect(isValidTwilioSignature("12345", url, params, null)).toBe(false);
    expect(isValidTwilioSignature("12345", url, params, "short")).toBe(false);
  });

  it("reads the keywords and delivery states Twilio documents", () => {
    for (const w of ["STOP", "stop", " Unsubscribe ", "CANCEL", "END", "QUIT", "STOPALL"]) expect(keywordOf(w)).toBe("stop");
    for (const w of ["START", "unstop", "YES"]) expect(keywordOf(w)).toBe("start");
    for (const w of ["HELP", "info"]) expect(keywordOf(w)).toBe("help");
    expect(keywordOf("please stop texting")).toBeNull();
    expect(deliveryOf("delivered")).toBe("delivered");
    expect(deliveryOf("undelivered")).toBe("failed");
    expect(deliveryOf("sent")).toBe("sent");
    expect(deliveryOf("bogus")).toBeNull();
    expect(twiml("a < b & c")).toBe('<?xml version="1.0" encoding="UTF-8"?><Response><Message>a &lt; b &amp; c</Message></Response>');
    expect(twiml(null)).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
  });
});

describe("quiet hours in the receiver's zone", () => {
  const NY = "America/New_York";
  it("21:00 to 08:00 local is quiet; a quiet time waits for 08:00", () => {
    expect(isQuietHour(new Date("2026-12-03T01:59:00Z"), NY)).toBe(false); // 20:59 EST
    expect(isQuietHour(new Date("2026-12-03T02:00:00Z"), NY)).toBe(true); // 21:00 EST
    expect(isQuietHour(new Date("2026-12-03T13:00:00Z"), NY)).toBe(false); // 08:00 EST
    expect(isQuietHour(new Date("2026-12-03T12:59:00Z"), NY)).toBe(true); // 07:59 EST
    // 22:30 EST → 08:00 EST the next morning; 06:00 EST → 08:00 the same morning.
    expect(afterQuietHours(new Date("2026-12-03T03:30:00Z"), NY).toISOString()).toBe("2026-12-03T13:00:00.000Z");
    expect(afterQuietHours(new Date("2026-12-03T11:00:00Z"), NY).toISOString()).toBe("2026-12-03T13:00:00.000Z");
    const noon = new Date("2026-12-03T17:00:00Z");
    expect(afterQuietHours(noon, NY)).toBe(noon);
  });

  it("across the spring and autumn clock changes the morning is still 08:00 local", () => {
    // 2027-03-14 is the spring change in the US: 22:00 EST on the 13th waits for 08:00 EDT (12:00Z).
    expect(afterQuietHours(new Date("2027-03-14T03:00:00Z"), NY).toISOString()).toBe("2027-03-14T12:00:00.000Z");
    // 2026-11-01 is the autumn change: 23:00 EDT on Oct 31 waits for 08:00 EST (13:00Z).
    expect(afterQuietHours(new Date("2026-11-01T03:00:00Z"), NY).toISOString()).toBe("2026-11-01T13:00:00.000Z");
    // A 24-hour reminder for a 07:30 session the morning after the spring change falls at 07:30 EST the day before: quiet, so 08:00.
    const session = new Date("2027-03-15T11:30:00Z"); // 07:30 EDT
    const dayBefore = new Date(session.getTime() - 24 * 3_600_000); // 11:30Z on the 14th: 07:30 EDT, the clocks having moved at 02:00
    expect(isQuietHour(dayBefore, NY)).toBe(true);
    expect(afterQuietHours(dayBefore, NY).toISOString()).toBe("2027-03-14T12:00:00.000Z");
    // Los Angeles and Chicago read their own clocks.
    expect(isQuietHour(new Date("2026-12-03T04:59:00Z"), "America/Los_Angeles")).toBe(false); // 20:59 PST
    expect(isQuietHour(new Date("2026-12-03T05:00:00Z"), "America/Los_Angeles")).toBe(true); // 21:00 PST
    expect(isQuietHour(new Date("2026-12-03T05:00:00Z"), "America/Chicago")).toBe(true); // 23:00 CST
  });

  it("a person's day starts at their own midnight", () => {
    expect(startOfLocalDay(new Date("2026-12-03T04:00:00Z"), NY).toISOString()).toBe("2026-12-02T05:00:00.000Z");
    expect(startOfLocalDay(new Date("2026-07-03T04:00:00Z"), NY).toISOString()).toBe("2026-07-03T04:00:00.000Z");
  });
});

describe("phone numbers", () => {
  it("takes US numbers as typed and others with their country code", () => {
    expect(toE164("(555) 234-5678")).toBe("+15552345678");
    expect(toE164("1 555 234 5678")).toBe("+15552345678");
    expect(toE164("+44 20 7946 0958")).toBe("+442079460958");
    expect(toE164("555-0100")).toBeNull();
    expect(toE164("+1 055 234 5678")).toBeNull();
    expect(toE164("call me")).toBeNull();
    expect(formatPhone("+15552345678")).toBe("+1 (555) 234-5678");
  });
});
