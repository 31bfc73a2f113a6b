"use client";

import { useId, useRef, useState } from "react";
import { Send } from "lucide-react";
import { Button } from "@/components/ui/button";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { useActionRunner } from "@/components/ui/use-action-runner";
import { inviteMemberAction } from "@/lib/organizations/actions/organizations";
import { ORG_ROLE_DESCRIPTIONS, ORG_ROLE_LABELS, ORG_ROLE_VALUES } from "@/lib/organizations/schemas/organizations";

type Errors = { email?: string; role?: string };

/** Invite by e-mail with a role; owners may also invite owners. The link goes only to that address. */
export function InviteForm({ canInviteOwner }: { canInviteOwner: boolean }) {
  const { pending, run } = useActionRunner();
  const [errors, setErrors] = useState<Errors>({});
  const form = useRef<HTMLFormElement>(null);
  const id = useId();
  const roles = ORG_ROLE_VALUES.filter((r) => canInviteOwner || r !== "owner");
  return (
    <form
      ref={form}
      noValidate
      aria-label="Invite a member"
      className="grid gap-3 sm:grid-cols-[1fr_12rem_auto] sm:items-start"
      onSubmit={(e) => {
        e.preventDefault();
        const values = Object.fromEntries(new FormData(e.currentTarget).entries());
        setErrors({});
        run(
          () => inviteMemberAction(values),
          `Invitation sent to ${String(values.email).trim().toLowerCase()}`,
          (ok, result) => {
            if (ok) form.current?.reset();
            else if (!result.ok) setErrors({ email: result.fieldErrors?.email?.[0], role: result.fieldErrors?.role?.[0] });
          },
          ["email", "role"],
        );
      }}
    >
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-email`}>E-mail</Label>
        <Input
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={254}
          placeholder="colleague@example.org"
          aria-invalid={Boolean(errors.email)}
          aria-describedby={errors.email ? `${id}-email-error` : undefined}
        />
        <FieldError id={`${id}-email-error`}>{errors.email}</FieldError>
      </div>
      <div className="space-y-1.5">
        <Label htmlFor={`${id}-role`}>Role</Label>
        <NativeSelect
          id={`${id}-role`}
          name="role"
          defaultValue="researcher"
          aria-invalid={Boolean(errors.role)}
          aria-describedby={errors.role ? `${id}-role-error` : `${id}-role-hint`}
        >
          {roles.map((r) => (
            <option key={r} value={r}>
              {ORG_ROLE_LABELS[r]}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id}-role-error`}>{errors.role}</FieldError>
      </div>
      <Button type="submit" disabled={pending} aria-busy={pending} className="sm:mt-6">
        {pending ? <Spinner /> : <Send aria-hidden="true" />} Send invitation
      </Button>
      <ul id={`${id}-role-hint`} className="grid gap-0.5 text-xs text-muted-foreground sm:col-span-3">
        {roles.map((r) => (
          <li key={r}>
            <span className="font-medium text-foreground">{ORG_ROLE_LABELS[r]}</span>: {ORG_ROLE_DESCRIPTIONS[r]}
          </li>
        ))}
      </ul>
    </form>
  );
}
