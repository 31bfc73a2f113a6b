// Twilio's webhooks through their route handlers, with Twilio as the SMS provider: a delivery
// report marks the message; an incoming STOP turns that number's texts off at once, START on
// again, HELP is answered; a request without Twilio's signature changes nothing.
import { describe, expect, it, vi } from "vitest";

vi.hoisted(() => {
  Object.assign(process.env, {
    SMS_PROVIDER: "twilio",
    TWILIO_ACCOUNT_SID: "AC00000000000000000000000000000002",
    TWILIO_AUTH_TOKEN: "twilio-webhook-test-token",
    TWILIO_FROM: "+15005550006",
  });
});

import { NextRequest } from "next/server";
import { db } from "@/lib/platform/db";
import { twilioSignature } from "@/lib/sms/twilio";
import { getSmsSettings } from "@/lib/sms/subscriptions";
import { POST as statusHook } from "@/app/api/webhooks/twilio/status/route";
import { POST as inboundHook } from "@/app/api/webhooks/twilio/inbound/route";
import { actorFor, createExpert } from "../factories";

const TOKEN = "twilio-webhook-test-token";
const APP = process.env.APP_URL!;

function signed(path: string, params: Record<string, string>, signature?: string) {
  const sig = signature ?? twilioSignature(TOKEN, new URL(path, APP).toString(), params);
  return new NextRequest(new URL(path, "http://127.0.0.1:3000"), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": sig },
    body: new URLSearchParams(params),
  });
}
const ctx = { params: Promise.resolve({}) };

async function subscribed(phone: string) {
  const { user } = await createExpert();
  await db().smsSubscription.create({
    data: { userId: user.id, phone, verifiedAt: new Date(), consentAt: new Date(), consentText: "agreed", timeZone: "America/Chicago" },
  });
  return { user, actor: actorFor(user, ["expert"]) };
}

describe("Twilio webhooks", () => {
  it("a signed delivery report marks the message delivered or failed; an unsigned one is refused", async () => {
    const { user } = await subscribed("+13125550150");
    const message = await db().smsMessage.create({
      data: {
        userId: user.id,
        key: `t:${user.id}`,
        kind: "booking",
        phone: "+13125550150",
        body: "x",
        status: "sent",
        providerId: "SM" + "a".repeat(32),
        sentAt: new Date(),
      },
    });
    const path = "/api/webhooks/twilio/status";
    const report = { MessageSid: message.providerId!, MessageStatus: "delivered", AccountSid: "AC00000000000000000000000000000002" };
    const forged = await statusHook(signed(path, { ...report, MessageStatus: "failed" }, "bm90IGEgc2lnbmF0dXJl"), ctx);
    expect(forged.status).toBe(403);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: message.id } })).status).toBe("sent");
    const ok = await statusHook(signed(path, report), ctx);
    expect(ok.status).toBe(200);
    expect((await db().smsMessage.findUniqueOrThrow({ where: { id: message.id } })).status).toBe("delivered");
    await statusHook(signed(path, { ...report, MessageStatus: "undelivered", ErrorCode: "30003" }), ctx);
    expect(await db().smsMessage.findUniqueOrThrow({ where: { id: message.id } })).toMatchObject({
      status: "failed",
      note: expect.stringContaining("30003"),
    });
    // Signed, but about nothing we know: accepted and ignored.
    expect((await statusHook(signed(path, { MessageSid: "SMunknown", MessageStatus: "delivered" }), ctx)).status).toBe(200);
    expect((await statusHook(signed(path, { MessageSid: "SMx", MessageStatus: "weird" }), ctx)).status).toBe(400);
  });

  it("STOP turns texts off at once, START on, HELP is answered; a forged STOP changes nothing", async () => {
    const { actor } = await subscribed("+13125550151");
    const path = "/api/webhooks/twilio/inbound";
    const forged = await inboundHook(signed(path, { From: "+13125550151", Body: "STOP" }, "forged"), ctx);
    expect(forged.status).toBe(403);
    expect((await getSmsSettings(actor)).state).toBe("on");

    const stop = await inboundHook(signed(path, { From: "+13125550151", To: "+15005550006", Body: " stop ", MessageSid: "SMin1" }), ctx);
    expect(stop.status).toBe(200);
    expect(stop.headers.get("content-type")).toMatch(/text\/xml/);
    expect(await stop.text()).toBe('<?xml version="1.0" encoding="UTF-8"?><Response></Response>');
    expect(await getSmsSettings(actor)).toMatchObject({ state: "stopped", stoppedBy: "stop_reply" });

    const help = await inboundHook(signed(path, { From: "+13125550151", Body: "HELP" }), ctx);
    expect(await help.text()).toContain("<Message>K12 Experts session reminders.");
    await inboundHook(signed(path, { From: "+13125550151", Body: "START" }), ctx);
    expect((await getSmsSettings(actor)).state).toBe("on");
    // Anything else: no reply, no change.
    expect(await (await inboundHook(signed(path, { From: "+13125550151", Body: "see you then" }), ctx)).text()).toBe(
      '<?xml version="1.0" encoding="UTF-8"?><Response></Response>',
    );
  });
});
