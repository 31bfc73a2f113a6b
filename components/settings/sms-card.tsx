"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { MessageSquareText } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Checkbox } from "@/components/ui/checkbox";
import { FieldError } from "@/components/ui/field-error";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { LocalTime } from "@/components/settings/local-time";
import type { ActionResult } from "@/lib/accounts/action";

export type SmsCardState = {
  state: "off" | "code_sent" | "on" | "stopped";
  phone: string | null;
  pendingPhone: string | null;
  suggestedPhone: string | null;
  stoppedBy: string | null;
  stoppedAt: string | null;
  consentAt: string | null;
};
type Actions = {
  start: (input: { phone: string; consent: true }) => Promise<ActionResult<{ phone: string; expiresInMinutes: number }>>;
  confirm: (input: { code: string }) => Promise<ActionResult<{ phone: string }>>;
  turnOff: (input: Record<string, never>) => Promise<ActionResult<{ changed: boolean }>>;
  turnOn: (input: Record<string, never>) => Promise<ActionResult<{ changed: boolean }>>;
};

/** Opting in to text reminders: number and consent, the texted code, then on/off (and what a STOP did). */
export function SmsCard({
  initial,
  consentText,
  zone,
  actions,
}: {
  initial: SmsCardState;
  consentText: string;
  zone: string;
  actions: Actions;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const [changing, setChanging] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const run = <T,>(call: () => Promise<ActionResult<T>>, success: string, after?: () => void) =>
    startTransition(async () => {
      const result = await call();
      if (!result.ok) {
        const fields = result.fieldErrors ?? {};
        setErrors({
          phone: fields.phone?.[0],
          consent: fields.consent?.[0],
          code: fields.code?.[0] ?? (fields.phone || fields.consent ? undefined : result.message),
        });
        if (!Object.keys(fields).length) toast.error(result.message);
        return;
      }
      setErrors({});
      toast.success(success);
      after?.();
      router.refresh();
    });

  const { state } = initial;
  const showStart = state === "off" || changing;
  return (
    <div className="space-y-4" data-testid="sms-settings">
      {state === "stopped" ? (
        <Alert>
          <AlertTitle>Text messages are off</AlertTitle>
          <AlertDescription>
            {initial.stoppedBy === "stop_reply" ? "You replied STOP" : "You turned them off"}
            {initial.stoppedAt ? (
              <>
                {" on "}
                <LocalTime iso={initial.stoppedAt} zone={zone} />
              </>
            ) : null}
            , so we send no texts to {initial.phone}. Turn them on again here{initial.stoppedBy === "stop_reply" ? " or reply START" : ""}.
          </AlertDescription>
        </Alert>
      ) : null}
      {state === "on" ? (
        <p className="text-sm">
          Text reminders are on for <strong>{initial.phone}</strong>
          {initial.consentAt ? (
            <>
              {" "}
              (you agreed <LocalTime iso={initial.consentAt} zone={zone} />)
            </>
          ) : null}
          .
        </p>
      ) : null}

      {state === "code_sent" && !changing ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const code = String(new FormData(e.currentTarget).get("code") ?? "");
            run(() => actions.confirm({ code }), "Text reminders are on");
          }}
        >
          <p className="text-sm">We texted a 6-digit code to {initial.pendingPhone}. It works for 10 minutes.</p>
          <Label htmlFor="sms-code">Code from the text</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id="sms-code"
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9]{6}"
              maxLength={6}
              className="w-36"
              aria-invalid={!!errors.code}
              aria-describedby="sms-code-error"
              required
            />
            <Button type="submit" disabled={pending}>
              Confirm
            </Button>
            <Button type="button" variant="ghost" onClick={() => setChanging(true)}>
              Send a new code or use another number
            </Button>
          </div>
          <FieldError id="sms-code-error">{errors.code}</FieldError>
        </form>
      ) : null}

      {showStart ? (
        <form
          className="grid gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            const data = new FormData(e.currentTarget);
            const phone = String(data.get("phone") ?? "");
            if (data.get("consent") !== "on") {
              setErrors({ consent: "Tick the box to agree to text messages" });
              return;
            }
            run(
              () => actions.start({ phone, consent: true }),
              "Code sent to your phone",
              () => setChanging(false),
            );
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor="sms-phone">Mobile number</Label>
            <Input
              id="sms-phone"
              name="phone"
              type="tel"
              autoComplete="tel"
              defaultValue={initial.pendingPhone ?? initial.phone ?? initial.suggestedPhone ?? ""}
              className="max-w-xs"
              aria-invalid={!!errors.phone}
              aria-describedby="sms-phone-error"
              required
            />
            <FieldError id="sms-phone-error">{errors.phone}</FieldError>
          </div>
          <div className="flex items-start gap-2">
            <Checkbox
              id="sms-consent"
              name="consent"
              aria-describedby="sms-consent-error"
              aria-invalid={!!errors.consent}
              className="mt-0.5"
            />
            <Label htmlFor="sms-consent" className="text-sm leading-snug font-normal">
              {consentText}
            </Label>
          </div>
          <FieldError id="sms-consent-error">{errors.consent}</FieldError>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={pending}>
              <MessageSquareText aria-hidden className="size-4" /> Text me a code
            </Button>
            {changing ? (
              <Button type="button" variant="ghost" onClick={() => setChanging(false)}>
                Cancel
              </Button>
            ) : null}
          </div>
        </form>
      ) : null}

      {!showStart ? (
        <div className="flex flex-wrap gap-2">
          {state === "on" ? (
            <>
              <ConfirmDialog
                trigger={
                  <Button variant="outline" disabled={pending}>
                    Turn off text messages
                  </Button>
                }
                title="Turn off text messages?"
                description="No more texts about your sessions, from now on. E-mail and the notifications menu keep working."
                confirmLabel="Turn off"
                onConfirm={() => run(() => actions.turnOff({}), "Text messages turned off")}
              />
              <Button variant="ghost" onClick={() => setChanging(true)}>
                Use another number
              </Button>
            </>
          ) : null}
          {state === "stopped" ? (
            <Button onClick={() => run(() => actions.turnOn({}), "Text messages are on again")} disabled={pending}>
              Turn text messages on again
            </Button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
