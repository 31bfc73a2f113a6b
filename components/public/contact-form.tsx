"use client";

import { useRef, useState, useTransition } from "react";
import Link from "next/link";
import { CheckCircle2 } from "lucide-react";
import { lazyToast as toast } from "@/components/ui/lazy-toast";
import { Button } from "@/components/ui/button";
import { controlProps, Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import type { ActionResult } from "@/lib/accounts/action";
import { useCheckedForm } from "@/components/ui/use-checked-form";
import { CONTACT_ATTACHMENT_ACCEPT, CONTACT_MESSAGES as M, CONTACT_ROLES, checkContactForm } from "@/lib/site/schemas/contact-rules";

type Send = (form: FormData) => Promise<ActionResult<{ id: string; message: string }>>;

const ROLE_LABELS = { expert: "Education Expert", client: "Research Client", other: "Other" } as const;
const REQUIRED = ["name", "email", "subject", "message"];

/** The contact form: error toasts, then the 'Message Sent!' screen. */
export function ContactForm({ send }: { send: Send }) {
  const [sent, setSent] = useState(false);
  const [pending, startTransition] = useTransition();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { fields, formProps, announcement, refuse } = useCheckedForm({
    check: checkContactForm,
    // The missing-fields toast first, the role toast when only the role is missing.
    onInvalid(errors) {
      if (REQUIRED.some((k) => errors[k])) toast.error(M.missingTitle, { description: M.missingDescription });
      else if (errors.role) toast.error(M.roleTitle, { description: M.roleDescription });
      else if (errors.attachment) toast.error(M.failureTitle, { description: errors.attachment[0] });
    },
    onValid(_value, form) {
      const file = form.get("attachment");
      if (!(file instanceof File && file.size > 0)) form.delete("attachment");
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
        refuse(result);
        toast.error(M.failureTitle, { description: result.message || M.failureDescription });
      });
    },
  });

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

  const wiring = (k: keyof typeof fields, hint = false) => ({
    name: k,
    ...controlProps(k, fields[k].errors, { hint }),
  });

  return (
    <form {...formProps} noValidate className="space-y-5" aria-label="Contact form">
      {announcement}
      <div className="grid gap-5 sm:grid-cols-2">
        <Field id="name" label="Name" required error={fields.name.errors}>
          <Input autoComplete="name" required maxLength={120} {...wiring("name")} />
        </Field>
        <Field id="email" label="Email" required error={fields.email.errors}>
          <Input type="email" autoComplete="email" required maxLength={254} {...wiring("email")} />
        </Field>
      </div>
      <Field id="role" label="I am a" required error={fields.role.errors}>
        <NativeSelect required defaultValue="" {...wiring("role")}>
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
      <Field id="subject" label="Subject" required error={fields.subject.errors}>
        <Input required maxLength={200} {...wiring("subject")} />
      </Field>
      <Field id="message" label="Message" required error={fields.message.errors}>
        <Textarea rows={6} required maxLength={5000} {...wiring("message")} />
      </Field>
      <Field
        id="attachment"
        label="Attachment (optional)"
        hint="PDF, DOC, DOCX, TXT, PNG or JPG, up to 10 MB."
        error={fields.attachment.errors}
      >
        <Input type="file" accept={CONTACT_ATTACHMENT_ACCEPT} className="h-auto py-2" {...wiring("attachment", true)} />
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
