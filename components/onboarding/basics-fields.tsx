"use client";

import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { NativeSelect } from "@/components/ui/native-select";
import { Field, describedBy } from "@/components/onboarding/fields";
import { str, type StepFieldsProps } from "@/components/onboarding/step-props";
import { pickValue } from "@/lib/vocabulary/options";
import { CHOOSABLE_AVAILABILITY } from "@/lib/vocabulary/availability";
import { US_STATES } from "@/lib/vocabulary/places";
import { TIME_ZONES } from "@/lib/vocabulary/time";
import { ROLE_TITLE_OPTIONS } from "@/lib/vocabulary/roles";

export function BasicsFields({ values, errors, set }: StepFieldsProps<"basics">) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Field id="basics-roleTitle" label="Role/Title" required error={errors.roleTitle}>
        <NativeSelect {...describedBy("basics-roleTitle", errors, "roleTitle")} value={str(values.roleTitle)} onChange={(e) => set("roleTitle", e.target.value)}>
          <option value="">Select your role</option>
          {ROLE_TITLE_OPTIONS.map((r) => (
            <option key={r.value} value={r.value}>
              {r.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="basics-organizationName" label="Organization" required error={errors.organizationName}>
        <Input
          {...describedBy("basics-organizationName", errors, "organizationName")}
          value={str(values.organizationName)}
          autoComplete="organization"
          onChange={(e) => set("organizationName", e.target.value)}
        />
      </Field>
      <Field id="basics-state" label="State" required error={errors.state}>
        <NativeSelect {...describedBy("basics-state", errors, "state")} value={str(values.state)} onChange={(e) => set("state", pickValue(US_STATES, e.target.value))}>
          <option value="">Select your state</option>
          {US_STATES.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="basics-availabilityStatus" label="Availability status" required error={errors.availabilityStatus}>
        <NativeSelect
          {...describedBy("basics-availabilityStatus", errors, "availabilityStatus")}
          value={str(values.availabilityStatus)}
          onChange={(e) => set("availabilityStatus", pickValue(CHOOSABLE_AVAILABILITY, e.target.value))}
        >
          {CHOOSABLE_AVAILABILITY.map((s) => (
            <option key={s.value} value={s.value}>
              {s.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id="basics-timeZone" label="Time zone" required error={errors.timeZone}>
        <NativeSelect {...describedBy("basics-timeZone", errors, "timeZone")} value={str(values.timeZone)} onChange={(e) => set("timeZone", pickValue(TIME_ZONES, e.target.value))}>
          {TIME_ZONES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
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
        <Field id="basics-bio" label="About" error={errors.bio} hint="A few sentences for your public profile: your work, your school, what you can speak to.">
          <Textarea {...describedBy("basics-bio", errors, "bio", true)} rows={4} maxLength={2000} value={str(values.bio)} onChange={(e) => set("bio", e.target.value)} />
        </Field>
      </div>
    </div>
  );
}
