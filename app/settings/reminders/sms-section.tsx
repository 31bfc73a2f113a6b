import type { Actor } from "@/lib/accounts/actor";
import { getSmsSettings } from "@/lib/sms/subscriptions";
import { SMS_CONSENT_TEXT } from "@/lib/sms/consent";
import { formatPhone } from "@/lib/sms/phone";
import { confirmSmsCodeAction, startSmsOptInAction, turnOffSmsAction, turnOnSmsAction } from "@/lib/sms/actions/sms";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { SmsCard } from "@/components/settings/sms-card";

/** Text-message reminders: opt in with a confirmed number and recorded consent; off at any time. */
export async function SmsSettingsSection({ actor, zone }: { actor: Actor; zone: string }) {
  const s = await getSmsSettings(actor);
  const shown = (p: string | null) => (p ? formatPhone(p) : null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Text message reminders</CardTitle>
        <CardDescription>
          A text when a session is booked, 24 hours and 1 hour before it, and at once if its time changes or it is cancelled. None between 9
          PM and 8 AM your time, except the 1-hour reminder.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <SmsCard
          initial={{
            state: s.state,
            phone: shown(s.phone),
            pendingPhone: shown(s.pendingPhone),
            suggestedPhone: shown(s.suggestedPhone),
            stoppedBy: s.stoppedBy,
            stoppedAt: s.stoppedAt?.toISOString() ?? null,
            consentAt: s.consentAt?.toISOString() ?? null,
          }}
          consentText={SMS_CONSENT_TEXT}
          zone={zone}
          actions={{ start: startSmsOptInAction, confirm: confirmSmsCodeAction, turnOff: turnOffSmsAction, turnOn: turnOnSmsAction }}
        />
      </CardContent>
    </Card>
  );
}
