"use client";

import { useRef, useState, useTransition } from "react";
import Link from "next/link";
import { CheckCircle2 } from "lucide-react";
import { lazyToast as toast } from "@/components/ui/lazy-toast";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import type { ActionResult } from "@/lib/accounts/action";
import { useErrorFocus } from "@/components/ui/use-form-errors";
import {
  CONTACT_ATTACHMENT_ACCEPT,
  CONTACT_ATTACHMENT_EXTENSIONS,
  CONTACT_ATTACHMENT_MAX_BYTES,
  CONTACT_MESSAGES as M,
  CONTACT_ROLES,
  missingRequiredFields,
} from "@/lib/site/schemas/contact-rules";

type Errors = Partial<Record<"name" | "email" | "role" | "subject" | "message" | "attachment", string>>;
type Send = (form: FormData) => Promise<ActionResult<{ id: string; message: string }>>;

const ROLE_LABELS = { expert: "Education Expert", client: "Research Client", other: "Other" } as const;

/** The contact form: error toasts, then the 'Message Sent!' screen. */
export function ContactForm({ send }: { send: Send }) {
  const { ref: formRef, reportErrors, announcement } = useErrorFocus();
  const [errors, setErrors] = useState<Errors>({});
  const [sent, setSent] = useState(false);
  const [pending, startTransition] = useTransition();
  const headingRef = useRef<HTMLHeadingElement>(null);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (k: string) => String(form.get(k) ?? "");
    const missing = missingRequiredFields({ name: text("name"), email: text("email"), subject: text("subject"), message: text("message") });
    const next: Errors = Object.fromEntries(missing.map((k) => [k, "This field is required."]));
    if (!text("role")) next.role = M.roleDescription;
    if (missing.length || next.role) {
      showErrors(next);
      // The missing-fields toast first, the role toast when only the role is missing.
      if (missing.length) toast.error(M.missingTitle, { description: M.missingDescription });
      else toast.error(M.roleTitle, { description: M.roleDescription });
      return;
    }
    const file = form.get("attachment");
    if (file instanceof File && file.size > 0) {
      const ext = file.name.slice(file.name.lastIndexOf(".")).toLowerCase();
      const problem = !(CONTACT_ATTACHMENT_EXTENSIONS as readonly string[]).includes(ext)
        ? `Attachment must be one of: ${CONTACT_ATTACHMENT_EXTENSIONS.join(", ")}`
        : file.size > CONTACT_ATTACHMENT_MAX_BYTES
          ? "Attachment must be 10 MB or smaller"
          : null;
      if (problem) {
        showErrors({ attachment: problem });
        toast.error(M.failureTitle, { description: problem });
        return;
      }
    } else {
      form.delete("attachment");
    }
    setErrors({});
    startTransition(async () => {
      let result: Awaited<ReturnType<Send>>;
      try {
        result = await send(form);
      } catch {
        result = { ok: false, message: M.failureDescription };
      }
      if (result.ok) {
        toast.success(M.successTitle, { description: result.data.message || M.successDescription });
        setSent(true);
        requestAnimationFrame(() => headingRef.current?.focus());
        return;
      }
      const fieldErrors = Object.fromEntries(Object.entries(result.fieldErrors ?? {}).map(([k, v]) => [k, v[0]])) as Errors;
      showErrors(fieldErrors);
      toast.error(M.failureTitle, { description: result.message || M.failureDescription });
    });
  }

  function showErrors(next: Errors) {
    setErrors(next);
    reportErrors(Object.keys(next).length);
  }

  if (sent) {
    return (
      <div className="flex flex-col items-center rounded-lg border p-8 text-center" data-testid="contact-success">
        <CheckCircle2 aria-hidden className="size-12 text-success" />
        <h2 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-semibold focus:outline-none">
          Message Sent!
        </h2>
        <p className="mt-2 text-muted-foreground">Thank you for reaching out. {M.successDescription}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-3">
          <Button onClick={() => setSent(false)}>Send Another Message</Button>
          <Button asChild variant="outline">
            <Link href="/">Return to Home</Link>
          </Button>
        </div>
      </div>
    );
  }

  /** aria-invalid and aria-describedby of a field: its error (when there is one) and its hint. */
  const wiring = (k: keyof Errors, hint?: string) => ({
    "aria-invalid": !!errors[k],
    "aria-describedby": [errors[k] ? `${k}-error` : null, hint].filter(Boolean).join(" ") || undefined,
  });
  const one = (message: string | undefined) => (message ? [message] : undefined);

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5" aria-label="Contact form">
      {announcement}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="name" label="Name" required error={one(errors.name)}>
          <Input id="name" name="name" autoComplete="name" required maxLength={120} {...wiring("name")} />
        </Field>
        <Field id="email" label="Email" required error={one(errors.email)}>
          <Input id="email" name="email" type="email" autoComplete="email" required maxLength={254} {...wiring("email")} />
        </Field>
      </div>
      <Field id="role" label="I am a" required error={one(errors.role)}>
        <NativeSelect id="role" name="role" required defaultValue="" {...wiring("role")}>
          <option value="" disabled>
            Select your role
          </option>
          {CONTACT_ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="subject" label="Subject" required error={one(errors.subject)}>
        <Input id="subject" name="subject" required maxLength={200} {...wiring("subject")} />
      </Field>
      <Field id="message" label="Message" required error={one(errors.message)}>
        <Textarea id="message" name="message" rows={6} required maxLength={5000} {...wiring("message")} />
      </Field>
      <Field
        id="attachment"
        label="Attachment (optional)"
        hint="PDF, DOC, DOCX, TXT, PNG or JPG, up to 10 MB."
        error={one(errors.attachment)}
      >
        <Input
          id="attachment"
          name="attachment"
          type="file"
          accept={CONTACT_ATTACHMENT_ACCEPT}
          className="h-auto py-2"
          {...wiring("attachment", "attachment-hint")}
        />
      </Field>
      <p className="text-xs text-muted-foreground">
        <span aria-hidden className="text-destructive">
          *
        </span>{" "}
        Required fields
      </p>
      <Button type="submit" size="lg" disabled={pending} className="w-full sm:w-auto">
        {pending ? (
          <>
            <Spinner label="Sending your message" /> Sending…
          </>
        ) : (
          "Send Message"
        )}
      </Button>
    </form>
  );
}
