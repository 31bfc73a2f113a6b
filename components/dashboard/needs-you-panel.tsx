import { AttentionSection } from "@/components/ui/attention-section";
import {
  Invitations,
  PaymentsInReview,
  SeatsToChoose,
  SurveysToTake,
  TimesToPick,
  UpcomingSessions,
  VerificationNext,
} from "@/components/dashboard/needs-you-groups";
import type { ExpertAttention } from "@/lib/engagements/attention";

/**
 * The Overview's first section: what waits on the expert, each with the button that does it
 * (the Opportunities card's own Accept, Decline and Pick Time) or the links a session needs.
 * Times are in the expert's zone, named.
 */
export function NeedsYouPanel({ attention, timeZone }: { attention: ExpertAttention; timeZone: string }) {
  const { invitations, timesToPick, seatsToChoose, surveysToTake, upcoming, upcomingCount, inReview, verification } = attention;
  return (
    <AttentionSection
      className="mt-0 lg:col-span-2"
      groups={[
        verification && {
          key: "verification",
          title: "Your profile is being verified",
          body: <VerificationNext verification={verification} timeZone={timeZone} />,
        },
        invitations.length > 0 && {
          key: "invitations",
          title: "Invitations to answer",
          body: <Invitations items={invitations} timeZone={timeZone} />,
        },
        timesToPick.length > 0 && {
          key: "times",
          title: "Times to pick",
          body: <TimesToPick items={timesToPick} timeZone={timeZone} />,
        },
        seatsToChoose.length > 0 && {
          key: "seats",
          title: "Seats to choose",
          body: <SeatsToChoose items={seatsToChoose} timeZone={timeZone} />,
        },
        surveysToTake.length > 0 && {
          key: "surveys",
          title: "Surveys to take",
          body: <SurveysToTake items={surveysToTake} />,
        },
        upcoming.length > 0 && {
          key: "sessions",
          title: "Sessions coming up",
          body: <UpcomingSessions items={upcoming} total={upcomingCount} timeZone={timeZone} />,
        },
        (inReview.pendingCents > 0 || inReview.earnings.length > 0) && {
          key: "payments",
          title: "Payments in review",
          body: <PaymentsInReview inReview={inReview} timeZone={timeZone} />,
        },
      ]}
    />
  );
}
