// One conversation per engagement, against a real PostgreSQL: only the engagement's two sides
// read and write it; a message that shares contact details or asks for payment off the platform
// is sent only once confirmed and is flagged; a burst of messages is one e-mail with no address in
// it; the client writes to several experts in separate threads; a report reaches the admins, whose
// every reading of the thread is recorded.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { isAppError } from "@/lib/platform/errors";
import {
  listReportedMessages,
  readThread,
  readThreadAsAdmin,
  reportMessage,
  sendMessage,
  sendMessageMail,
  sendToExperts,
  unreadCounts,
} from "@/lib/engagements/messages";
import { actorFor, createAdmin, createClient, createExpert } from "../factories";
import { acceptedPair } from "../studies";
import { inviteExpert } from "@/lib/engagements/transitions";
import { captureMailForFile } from "../helpers/smtp-per-file";

captureMailForFile();

const errorOf = async (p: Promise<unknown>) =>
  p.then(
    () => {
      throw new Error("expected a refusal");
    },
    (e) => {
      if (isAppError(e)) return e;
      throw e;
    },
  );

const mailsTo = (to: string) =>
  db().$queryRaw<{ subject: string; text: string; html: string }[]>`
    SELECT payload->>'subject' AS subject, payload->>'text' AS text, payload->>'layout' AS html
    FROM graphile_worker._private_jobs j JOIN graphile_worker._private_tasks t ON t.id = j.task_id
    WHERE t.identifier = 'send-mail' AND j.payload->>'to' = ${to}`;

describe("an engagement's conversation", () => {
  it("the two sides write and read it; nobody else can; each side's unread count and one notice per thread", async () => {
    const pair = await acceptedPair();
    const client = pair.study.client;
    expect(await sendMessage(pair.expertActor, pair.engagementId, "Could we start at 4:30 instead of 4?")).toMatchObject({ sent: true });
    await sendMessage(pair.expertActor, pair.engagementId, "Either day works for me.");
    expect((await unreadCounts(pair.study.clientUser.id, [pair.engagementId])).get(pair.engagementId)).toBe(2);
    expect((await unreadCounts(pair.expertUser.id, [pair.engagementId])).get(pair.engagementId)).toBeUndefined();
    expect(await db().notification.count({ where: { userId: pair.study.clientUser.id, kind: "message" } })).toBe(1);

    const thread = await readThread(client, pair.engagementId);
    expect(thread.messages.map((m) => [m.mine, m.body])).toEqual([
      [false, "Could we start at 4:30 instead of 4?"],
      [false, "Either day works for me."],
    ]);
    expect((await unreadCounts(pair.study.clientUser.id, [pair.engagementId])).size).toBe(0);
    expect(await db().notification.count({ where: { userId: pair.study.clientUser.id, kind: "message", readAt: null } })).toBe(0);

    const outsider = actorFor((await createExpert()).user, ["expert"]);
    const otherClient = actorFor(await createClient(), ["client"]);
    for (const who of [outsider, otherClient]) {
      expect((await errorOf(readThread(who, pair.engagementId))).message).toBe("Engagement not found");
      expect((await errorOf(sendMessage(who, pair.engagementId, "Hello"))).message).toBe("Engagement not found");
    }
    expect(await db().engagementMessage.count({ where: { engagementId: pair.engagementId } })).toBe(2);
  });

  it("a notice of a message opens the conversation itself on both sides, not just the card", async () => {
    const pair = await acceptedPair();
    const e = { id: pair.engagementId, projectId: pair.study.project.id };
    await sendMessage(pair.expertActor, pair.engagementId, "Is the consent form ready?");
    await sendMessage(pair.study.client, pair.engagementId, "Yes, it is attached to the invite.");
    const hrefOf = async (userId: string) =>
      (await db().notification.findFirstOrThrow({ where: { userId, kind: "message", engagementId: e.id } })).href;
    expect(await hrefOf(pair.study.clientUser.id)).toBe(`/client/projects/${e.projectId}?thread=${e.id}#engagement-${e.id}`);
    expect(await hrefOf(pair.expertUser.id)).toBe(`/dashboard?tab=opportunities&engagement=${e.id}&thread=${e.id}`);
    // The e-mail's link goes to the same place.
    expect(await sendMessageMail({ engagementId: e.id, to: "expert" })).toBe(true);
    const mails = await mailsTo(pair.expertUser.email);
    expect(mails.filter((m) => m.text.includes(`/dashboard?tab=opportunities&engagement=${e.id}&thread=${e.id}`))).toHaveLength(1);
  });

  it("warns before a message shares an e-mail address, a phone number or payment off the platform, and flags it once confirmed", async () => {
    const pair = await acceptedPair();
    const text = "Easier to reach me at jo.smith@district.k12.ca.us or 555-201-3344, and I can Venmo you.";
    const warned = await sendMessage(pair.expertActor, pair.engagementId, text);
    expect(warned).toEqual({
      sent: false,
      flags: ["email", "phone", "payment"],
      warning: expect.stringMatching(
        /^Keep contact and payment on K12 Experts\. This message looks like it shares an e-mail address, a phone number or a payment outside the platform\./,
      ),
    });
    expect(await db().engagementMessage.count({ where: { engagementId: pair.engagementId } })).toBe(0);
    expect(await sendMessage(pair.expertActor, pair.engagementId, text, { confirmed: true })).toMatchObject({ sent: true });
    const stored = await db().engagementMessage.findFirstOrThrow({ where: { engagementId: pair.engagementId } });
    expect(stored.flags).toEqual(["email", "phone", "payment"]);
    // An ordinary message is not held back.
    expect(await sendMessage(pair.expertActor, pair.engagementId, "The 2024-25 pilot ran in 3 schools.")).toMatchObject({ sent: true });
  });

  it("a burst of messages is one e-mail, with every message and a link, and never the sender's address", async () => {
    const pair = await acceptedPair();
    for (const body of ["First thought.", "Second thought.", "Third thought."])
      await sendMessage(pair.study.client, pair.engagementId, body);
    const jobs = await db().$queryRaw<
      { n: number }[]
    >`SELECT count(*)::int AS n FROM graphile_worker._private_jobs WHERE key = ${`message-mail:${pair.engagementId}:expert`}`;
    expect(jobs).toEqual([{ n: 1 }]);
    expect(await sendMessageMail({ engagementId: pair.engagementId, to: "expert" })).toBe(true);
    const [mail] = (await mailsTo(pair.expertUser.email)).filter((m) => m.subject.includes("new messages"));
    expect(mail.subject).toMatch(/^3 new messages about "/);
    for (const body of ["First thought.", "Second thought.", "Third thought."]) expect(mail.text).toContain(body);
    expect(mail.text).toContain(`/dashboard?tab=opportunities&engagement=${pair.engagementId}`);
    expect(mail.text).not.toContain(pair.study.clientUser.email);
    expect(mail.html).not.toContain(pair.study.clientUser.email);
    // Read in the app meanwhile: nothing more is mailed.
    await readThread(pair.expertActor, pair.engagementId);
    expect(await sendMessageMail({ engagementId: pair.engagementId, to: "expert" })).toBe(false);
  });

  it("the client writes to several experts at once, each in their own thread; another project's expert is refused and nothing is sent", async () => {
    const pair = await acceptedPair();
    const { expert, user } = await createExpert();
    const { engagementId: second } = await inviteExpert(pair.study.client, { projectId: pair.study.project.id, expertId: expert.id });
    const elsewhere = await acceptedPair();
    expect(
      (await errorOf(sendToExperts(pair.study.client, pair.study.project.id, [pair.engagementId, elsewhere.engagementId], "Hi all"))).code,
    ).toBe("NOT_FOUND");
    expect(await db().engagementMessage.count({ where: { engagementId: { in: [pair.engagementId, second] } } })).toBe(0);
    expect(
      await sendToExperts(pair.study.client, pair.study.project.id, [pair.engagementId, second], "Thanks for joining: the agenda is up."),
    ).toEqual({
      sent: true,
      count: 2,
    });
    const mine = await readThread(actorFor(user, ["expert"]), second);
    expect(mine.messages.map((m) => m.body)).toEqual(["Thanks for joining: the agenda is up."]);
    expect((await readThread(pair.expertActor, pair.engagementId)).messages).toHaveLength(1);
  });

  it("a report reaches the admins; an admin's reading of the thread is recorded; nobody reports their own message", async () => {
    const pair = await acceptedPair();
    const sent = await sendMessage(pair.study.client, pair.engagementId, "Please send your personal details for our records.");
    if (!sent.sent) throw new Error("not sent");
    expect((await errorOf(reportMessage(pair.study.client, sent.messageId, "Testing my own"))).message).toBe(
      "You cannot report your own message.",
    );
    expect((await errorOf(reportMessage(actorFor((await createExpert()).user, ["expert"]), sent.messageId, "Not mine"))).message).toBe(
      "Message not found",
    );
    expect(await reportMessage(pair.expertActor, sent.messageId, "Asks for personal details")).toEqual({ reported: true });
    expect(await reportMessage(pair.expertActor, sent.messageId, "Asks for personal details")).toEqual({ reported: false });
    const admin = actorFor(await createAdmin(), ["admin"]);
    expect((await listReportedMessages(admin)).rows.find((r) => r.engagementId === pair.engagementId)).toMatchObject({
      reason: "Asks for personal details",
      body: "Please send your personal details for our records.",
    });
    const thread = await readThreadAsAdmin(admin, pair.engagementId);
    expect(thread.messages[0]).toMatchObject({ reports: 1, side: "client" });
    expect(await db().messageThreadView.count({ where: { engagementId: pair.engagementId, adminUserId: admin.userId } })).toBe(1);
    // A thread nobody reported or flagged stays private, even to admins.
    const quiet = await acceptedPair();
    await sendMessage(quiet.expertActor, quiet.engagementId, "See you Thursday.");
    expect((await errorOf(readThreadAsAdmin(admin, quiet.engagementId))).code).toBe("NOT_FOUND");
    expect((await errorOf(listReportedMessages(pair.study.client))).code).toBe("FORBIDDEN");
  });
});
