import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { formatDateIn, formatMoney } from "@/lib/platform/format";
import type { AdminExpertView } from "@/lib/experts/views";
import { labelOf } from "@/lib/vocabulary/options";
import { DISTRICT_SIZES, DISTRICT_TYPES, URBANICITY } from "@/lib/vocabulary/districts";
import { AVAILABILITY_STATUSES } from "@/lib/vocabulary/availability";
import { PAYMENT_METHODS } from "@/lib/vocabulary/payments";

const list = (values: readonly string[]) => (values.length ? values.join(", ") : "—");
const yesNo = (v: boolean) => (v ? "Yes" : "No");
const text = (v: string | number | null | undefined) => (v === null || v === undefined || v === "" ? "—" : String(v));

function Section({ title, rows }: { title: string; rows: [string, React.ReactNode][] }) {
  return (
    <Card>
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-medium text-muted-foreground">{label}</dt>
              <dd className="break-words">{value}</dd>
            </div>
          ))}
        </dl>
      </CardContent>
    </Card>
  );
}

/** Every field of the expert, for the admin only (the e-mail included; payment numbers masked). */
export function ExpertDetails({ expert, zone }: { expert: AdminExpertView; zone: string }) {
  const hours = Object.entries(expert.availabilityHours).filter(([, slots]) => slots.length > 0);
  const steps = Object.entries(expert.profileSteps);
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      <Section
        title="Profile"
        rows={[
          ["Name", `${expert.firstName} ${expert.lastName}`],
          [
            "Email",
            <span key="e" data-testid="expert-email">
              {expert.email}
            </span>,
          ],
          ["Role title", text(expert.roleTitle)],
          ["Organization", text(expert.organizationName)],
          ["Organization type", text(expert.organizationType)],
          ["Department", text(expert.department)],
          ["Location", [expert.city, expert.state, expert.zipCode].filter(Boolean).join(", ") || "—"],
          ["Phone", expert.phone ? `${expert.countryCode ?? ""} ${expert.phone}`.trim() : "—"],
          ["Bio", text(expert.bio)],
          ["Joined", formatDateIn(expert.createdAt, zone)],
        ]}
      />
      <Section
        title="Verification"
        rows={[
          ["Verification status", expert.verificationStatus],
          ["LinkedIn verified", yesNo(expert.linkedinVerified)],
          [
            "LinkedIn URL",
            expert.linkedinUrl ? (
              <a key="l" href={expert.linkedinUrl} target="_blank" rel="noopener noreferrer" className="text-primary underline">
                {expert.linkedinUrl}
              </a>
            ) : (
              "—"
            ),
          ],
          ["LinkedIn headline", text(expert.linkedinHeadline)],
          ["Profile steps", steps.map(([k, v]) => `${k} ${v ? "✓" : "✗"}`).join(", ")],
        ]}
      />
      <Section
        title="Expertise"
        rows={[
          ["Years of experience", text(expert.yearsExperience)],
          ["Focus areas", list(expert.tags)],
          ["Tools and platforms", list(expert.toolsPlatforms)],
          ["District type", text(labelOf(DISTRICT_TYPES, expert.districtType))],
          ["District size", text(labelOf(DISTRICT_SIZES, expert.districtSize))],
          ["Urbanicity", text(labelOf(URBANICITY, expert.urbanicity))],
          ["Purchase influence", text(expert.purchaseInfluence)],
        ]}
      />
      <Section
        title="Conflicts of interest"
        rows={[
          ["Employer", text(expert.employerName)],
          ["Employer domain", text(expert.employerDomain)],
          ["Vendors and products", list(expert.declaredRelationships.map((r) => (r.domain ? `${r.name} (${r.domain})` : r.name)))],
        ]}
      />
      <Section
        title="Preferences and visibility"
        rows={[
          ["Research types", list(expert.researchTypes)],
          ["Interview preferences", list(expert.interviewPreferences)],
          ["Availability status", labelOf(AVAILABILITY_STATUSES, expert.availabilityStatus)],
          ["Availability hours", hours.length ? hours.map(([d, s]) => `${d}: ${s.join(", ")}`).join("; ") : "—"],
          ["Max hours per week", String(expert.maxHoursPerWeek)],
          ["Time zone", expert.timeZone],
          ["Public profile", yesNo(expert.isPublicProfile)],
          ["Show organization", yesNo(expert.showOrganization)],
          ["Show experience", yesNo(expert.showExperience)],
          ["Show contact info", yesNo(expert.showContactInfo)],
          ["Show rates", yesNo(expert.showRates)],
        ]}
      />
      <Section
        title="Payments"
        rows={[
          [
            "Hourly rate",
            expert.hourlyRateMinCents !== null || expert.hourlyRateMaxCents !== null
              ? `${expert.hourlyRateMinCents !== null ? formatMoney(expert.hourlyRateMinCents) : "—"} – ${expert.hourlyRateMaxCents !== null ? formatMoney(expert.hourlyRateMaxCents) : "—"}`
              : "—",
          ],
          ["Preferred payment method", text(labelOf(PAYMENT_METHODS, expert.preferredPaymentMethod))],
          ["Bank name", text(expert.bankName)],
          ["Account holder", text(expert.accountHolder)],
          ["Routing number", expert.routingNumberLast4 ? `•••• ${expert.routingNumberLast4}` : "—"],
          ["Account number", expert.accountNumberLast4 ? `•••• ${expert.accountNumberLast4}` : "—"],
          ["PayPal e-mail", text(expert.paypalEmail)],
          ["Venmo username", text(expert.venmoUsername)],
          ["Zelle e-mail", text(expert.zelleEmail)],
          ["W-9 consent", yesNo(expert.w9Consent)],
        ]}
      />
      <Section
        title="Pulse"
        rows={[
          [
            "Self-ratings",
            expert.pulseScores.length ? expert.pulseScores.map(([k, v]) => `${k.replace(/_/g, " ")}: ${v}`).join(", ") : "—",
          ],
          ["Pulse score", text(expert.pulseScore)],
          ["Improvement areas", list(expert.improvementAreas)],
          ["Additional notes", text(expert.additionalNotes)],
        ]}
      />
    </div>
  );
}
