// The session's calendar file as each side downloads it (lib/engagements/views.ts →
// lib/engagements/calendar.ts): a file calendar apps accept, with the meeting link and
// the other party, and no person's e-mail address in it.
import { describe, expect, it } from "vitest";
import { db } from "@/lib/platform/db";
import { setMeetingLink } from "@/lib/engagements/transitions";
import { engagementCalendarFile } from "@/lib/engagements/views";
import { actorFor, createClient } from "../factories";
import { scheduledPair } from "../studies";
import { icalendarProblems, parsedEvents } from "../helpers/icalendar";

describe("a session's calendar file", () => {
  it("each side gets a valid published event naming the other side, with the link, and no personal address", async () => {
    const { study, engagementId, expertActor, expertUser } = await scheduledPair(72);
    await setMeetingLink(study.client, engagementId, "https://meet.example.org/reading-room");
    const session = await db().engagementSession.findUniqueOrThrow({ where: { engagementId } });
    const client = await db().user.findUniqueOrThrow({ where: { id: study.clientUser.id }, include: { clientProfile: true } });
    const expert = await db().user.findUniqueOrThrow({ where: { id: expertUser.id } });

    const files = {
      expert: await engagementCalendarFile(expertActor, engagementId),
      client: await engagementCalendarFile(study.client, engagementId),
    };
    const otherSide = { expert: client.clientProfile!.organization, client: `${expert.firstName} ${expert.lastName}` };
    for (const side of ["expert", "client"] as const) {
      const { ics } = files[side];
      expect(icalendarProblems(ics), side).toEqual([]);
      const [event] = parsedEvents(ics);
      expect(event.uid).toBe(`${session.id}@k12experts`);
      expect(Number(event.sequence)).toBe(session.sequence);
      // iCalendar times have whole seconds.
      expect(event.start.getTime()).toBe(Math.floor(session.startsAt.getTime() / 1000) * 1000);
      expect(event.location).toBe("https://meet.example.org/reading-room");
      expect(event.organizer).toMatchObject({ params: { CN: otherSide[side] } });
      // The platform's sending address only: neither side's own address is in either file.
      expect(String((event.organizer as unknown as { val: string }).val)).toMatch(/^mailto:no-reply@/);
      expect(ics).not.toContain(client.email);
      expect(ics).not.toContain(expert.email);
    }
  });

  it("nobody else gets the file", async () => {
    const { engagementId } = await scheduledPair(72);
    const stranger = await createClient();
    await expect(engagementCalendarFile(actorFor(stranger, ["client"]), engagementId)).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
