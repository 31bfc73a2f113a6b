import type { Metadata } from "next";
import { requirePageRole } from "@/lib/accounts/session";
import { viewerZone } from "@/lib/accounts/viewer-zone";
import { listMySessions } from "@/lib/accounts/security";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { ChangePasswordForm } from "@/components/settings/change-password-form";
import { SessionsList } from "@/components/settings/sessions-list";
import { RemindersLinkCard } from "@/components/settings/reminders-link-card";
import { changePasswordAction, signOutOtherSessionsAction, signOutSessionAction } from "../../../lib/accounts/actions/security";

export const metadata: Metadata = {
  title: "Account Security",
  description: "Your password and signed-in sessions.",
  robots: { index: false },
};

/** Account security for every role: change password, active sessions, sign out other sessions. */
export default async function SecurityPage() {
  const actor = await requirePageRole(null, "/login", "/settings/security");

  return (
    <div className="mx-auto max-w-3xl space-y-8 px-4 py-10">
      <div>
        <h1 className="text-3xl font-bold">Account Security</h1>
        <p className="text-muted-foreground">Signed in as {actor.email}</p>
      </div>
      {actor.impersonating ? (
        <Alert>
          <AlertTitle>Viewing as another user</AlertTitle>
          <AlertDescription>Stop viewing as another user to manage account security.</AlertDescription>
        </Alert>
      ) : (
        <SecuritySections actor={actor} />
      )}
      <RemindersLinkCard />
    </div>
  );
}

async function SecuritySections({ actor }: { actor: Awaited<ReturnType<typeof requirePageRole>> }) {
  const [sessions, zone] = await Promise.all([listMySessions(actor), viewerZone(actor)]);
  const rows = sessions.map((s) => ({ ...s, createdAt: s.createdAt.toISOString(), lastSeenAt: s.lastSeenAt.toISOString() }));
  return (
    <>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Change password</CardTitle>
          <CardDescription>Enter your current password, then a new one. Every other session is signed out.</CardDescription>
        </CardHeader>
        <CardContent>
          <ChangePasswordForm action={changePasswordAction} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Your consents</CardTitle>
          <CardDescription>Every version of our policies you have accepted, with the time, IP address and browser.</CardDescription>
        </CardHeader>
        <CardContent>
          <a href="/api/me/consents" download className="text-primary underline underline-offset-4">
            Download your consent history (CSV)
          </a>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Active sessions</CardTitle>
          <CardDescription>Where your account is signed in. Sign out any session you do not recognise.</CardDescription>
        </CardHeader>
        <CardContent>
          <SessionsList
            sessions={rows}
            zone={zone}
            actions={{ signOutOne: signOutSessionAction, signOutOthers: signOutOtherSessionsAction }}
          />
        </CardContent>
      </Card>
    </>
  );
}
