import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { viewerZone } from "@/lib/accounts/viewer-zone";
import { calendarFeedIssuedAt } from "@/lib/engagements/calendar-feed";
import { issueCalendarFeedAction, revokeCalendarFeedAction } from "@/lib/engagements/actions/calendar-feed";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { CalendarFeedCard } from "@/components/settings/calendar-feed-card";
import { SmsSettingsSection } from "./sms-section";

export const metadata: Metadata = {
  title: "Calendar and Text Reminders",
  description: "Your sessions in your own calendar, and text messages before they start.",
  robots: { index: false },
};

/** Every role: the private calendar feed and text-message reminders of one's own sessions. */
export default async function RemindersPage() {
  const actor = await requirePageRole(null, "/login", "/settings/reminders");
  if (actor.impersonating)
    return (
      <Frame>
        <Alert>
          <AlertTitle>Viewing as another user</AlertTitle>
          <AlertDescription>Stop viewing as another user to manage their calendar feed and text messages.</AlertDescription>
        </Alert>
      </Frame>
    );
  const [issuedAt, zone] = await Promise.all([calendarFeedIssuedAt(actor), viewerZone(actor)]);
  return (
    <Frame>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your sessions in your calendar</CardTitle>
          <CardDescription>
            A private address your calendar app subscribes to: every session with its meeting link, who it is with and the study. Moves and
            cancellations follow on their own.
          </CardDescription>
        </CardHeader>
        <CardContent>
          <CalendarFeedCard
            issuedAt={issuedAt?.toISOString() ?? null}
            zone={zone}
            actions={{ issue: issueCalendarFeedAction, revoke: revokeCalendarFeedAction }}
          />
        </CardContent>
      </Card>
      <SmsSettingsSection actor={actor} zone={zone} />
    </Frame>
  );
}

function Frame({ children }: { children: React.ReactNode }) {
  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Calendar and Text Reminders</h1>
        <p className="text-muted-foreground">Keep your sessions where you keep your day.</p>
      </div>
      {children}
    </div>
  );
}
