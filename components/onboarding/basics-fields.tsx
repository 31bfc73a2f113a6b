"use client";

import { useState } from "react";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { Field } from "@/components/ui/field";
import { SelectField, describedBy } from "@/components/onboarding/fields";
import { str, type StepFieldsProps } from "@/components/onboarding/step-props";
import { CHOOSABLE_AVAILABILITY } from "@/lib/vocabulary/availability";
import { US_STATES } from "@/lib/vocabulary/places";
import { TIME_ZONES } from "@/lib/vocabulary/time";
import { ROLE_TITLE_OPTIONS } from "@/lib/vocabulary/roles";
import { WorkEmailField } from "@/components/work-email/work-email-field";
import { requestWorkEmailAction } from "@/lib/experts/actions/dashboard-work-email";

export function BasicsFields({ values, errors, set }: StepFieldsProps<"basics">) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SelectField
        id="basics-roleTitle"
        label="Role/Title"
        required
        error={errors.roleTitle}
        value={values.roleTitle}
        options={ROLE_TITLE_OPTIONS}
        placeholder="Select your role"
        onChange={(v) => set("roleTitle", v)}
      />
      <Field id="basics-organizationName" label="Organization" required error={errors.organizationName}>
        <Input
          {...describedBy("basics-organizationName", errors, "organizationName")}
          value={str(values.organizationName)}
          autoComplete="organization"
          onChange={(e) => set("organizationName", e.target.value)}
        />
      </Field>
      <SelectField
        id="basics-state"
        label="State"
        required
        error={errors.state}
        value={values.state}
        options={US_STATES}
        placeholder="Select your state"
        onChange={(v) => set("state", v)}
      />
      <SelectField
        id="basics-availabilityStatus"
        label="Availability status"
        required
        error={errors.availabilityStatus}
        value={values.availabilityStatus}
        options={CHOOSABLE_AVAILABILITY}
        onChange={(v) => set("availabilityStatus", v)}
      />
      <SelectField
        id="basics-timeZone"
        label="Time zone"
        required
        error={errors.timeZone}
        value={values.timeZone}
        options={TIME_ZONES}
        onChange={(v) => v && set("timeZone", v)}
      />
      <Field id="basics-department" label="Department" error={errors.department}>
        <Input
          {...describedBy("basics-department", errors, "department")}
          value={str(values.department)}
          maxLength={200}
          placeholder="e.g. Mathematics"
          onChange={(e) => set("department", e.target.value)}
        />
      </Field>
      <div className="sm:col-span-2">
        <Field
          id="basics-bio"
          label="About"
          error={errors.bio}
          hint="A few sentences for your public profile: your work, your school, what you can speak to."
        >
          <Textarea
            {...describedBy("basics-bio", errors, "bio", true)}
            rows={4}
            maxLength={2000}
            value={str(values.bio)}
            onChange={(e) => set("bio", e.target.value)}
          />
        </Field>
      </div>
      <div className="sm:col-span-2">
        <OnboardingWorkEmail />
      </div>
    </div>
  );
}

/** Optional: a link to the school address earns the "School e-mail verified" badge. Also in Settings. */
function OnboardingWorkEmail() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  return (
    <div className="space-y-1">
      <WorkEmailField optional submitLabel="Send confirmation link" onSent={setSentTo} action={requestWorkEmailAction} />
      <p role="status" className="text-sm text-muted-foreground">
        {sentTo ? `We sent a confirmation link to ${sentTo}. You can open it later; your profile gets the badge once you do.` : ""}
      </p>
    </div>
  );
}
