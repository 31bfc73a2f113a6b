import { JoinMeeting } from "@/components/engagements/join-meeting";

/** A session's meeting as a server component renders it: "Join meeting" in its window, with the server's clock for the first paint. */
export function SessionMeeting({
  session,
  label,
}: {
  session: { meetingUrl: string | null; startsAt: Date | string; endsAt: Date | string };
  label?: string;
}) {
  if (!session.meetingUrl) return null;
  return (
    <JoinMeeting
      meetingUrl={session.meetingUrl}
      startsAt={new Date(session.startsAt).toISOString()}
      endsAt={new Date(session.endsAt).toISOString()}
      now={new Date().toISOString()}
      label={label}
    />
  );
}
