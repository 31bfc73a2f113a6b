import { BadgeCheck, Building2, Briefcase, Clock, DollarSign, GraduationCap, MapPin } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { AdminExpertEmail } from "@/components/directory/admin-expert-email";
import { WorkEmailBadge } from "@/components/work-email/work-email-badge";
import { availabilityVariant } from "@/components/directory/format";
import { formatHourlyRange, humanize } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { AVAILABILITY_STATUSES } from "@/lib/vocabulary/availability";
import { DISTRICT_SIZES, DISTRICT_TYPES, URBANICITY } from "@/lib/vocabulary/districts";
import { UNPAID_BADGE } from "@/lib/accounts/attestations";
import type { PublicExpertProfile } from "@/lib/experts/directory";

// The cards of an expert's public profile: who they are, their introduction, their focus areas
// and tools, and the details of their work. Server-rendered: the page is served from the cache.

function Detail({ icon: Icon, label, value }: { icon: typeof MapPin; label: string; value: string | null }) {
  if (!value) return null;
  return (
    <div>
      <dt className="flex items-center gap-2 text-xs uppercase tracking-wide text-muted-foreground">
        <Icon className="size-4 shrink-0" aria-hidden="true" />
        {label}
      </dt>
      <dd className="ml-6 text-sm font-medium">{value}</dd>
    </div>
  );
}

/** Name, role, organization, the badges and the main facts. */
export function ProfileHeader({ profile, name, unpaid }: { profile: PublicExpertProfile; name: string; unpaid: boolean }) {
  const rate = formatHourlyRange(profile.hourlyRateMin, profile.hourlyRateMax);
  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div>
            <h1 className="text-3xl font-bold">{name}</h1>
            <p className="mt-1 text-lg font-medium">{profile.roleTitle}</p>
            {profile.organizationName && <p className="text-muted-foreground">{profile.organizationName}</p>}
          </div>
          <div className="flex flex-wrap gap-2">
            <Badge variant={availabilityVariant(profile.availabilityStatus)}>
              {labelOf(AVAILABILITY_STATUSES, profile.availabilityStatus)}
            </Badge>
            <Badge variant="success">
              <BadgeCheck aria-hidden="true" /> Verified Expert
            </Badge>
            <WorkEmailBadge expertId={profile.id} />
            {unpaid && (
              <Badge variant="outline" data-testid="unpaid-badge">
                {UNPAID_BADGE}
              </Badge>
            )}
          </div>
        </div>
        <AdminExpertEmail expertId={profile.id} />
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          <Detail icon={MapPin} label="State" value={profile.state} />
          <Detail icon={Building2} label="District Type" value={labelOf(DISTRICT_TYPES, profile.districtType)} />
          <Detail icon={Briefcase} label="Department" value={profile.department} />
          <Detail
            icon={GraduationCap}
            label="Experience"
            value={profile.yearsExperience !== null ? `${profile.yearsExperience} years` : null}
          />
          <Detail icon={DollarSign} label="Hourly Rate" value={rate} />
          <Detail icon={Clock} label="Time Zone" value={profile.timeZone} />
        </dl>
      </CardContent>
    </Card>
  );
}

/** The expert's own introduction. */
export function ProfileAbout({ bio }: { bio: string | null }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">About</CardTitle>
      </CardHeader>
      <CardContent>
        <p className="whitespace-pre-line text-sm leading-relaxed">{bio || "This expert has not written an introduction yet."}</p>
      </CardContent>
    </Card>
  );
}

/** Focus areas, and the tools and platforms the expert uses. */
export function ProfileExpertise({ tags, tools }: { tags: string[]; tools: string[] }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Areas of Expertise</CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        {tags.length ? (
          <ul className="flex flex-wrap gap-2" aria-label="Focus areas">
            {tags.map((t) => (
              <li key={t}>
                <Badge variant="secondary">{t}</Badge>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No focus areas listed.</p>
        )}
        {tools.length > 0 && (
          <div>
            <h3 className="mb-2 text-sm font-semibold">Tools &amp; Platforms</h3>
            <ul className="flex flex-wrap gap-2" aria-label="Tools and platforms">
              {tools.map((t) => (
                <li key={t}>
                  <Badge variant="outline">{t}</Badge>
                </li>
              ))}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}

/** District, organization and the kinds of research the expert takes part in. */
export function ProfessionalDetails({ profile }: { profile: PublicExpertProfile }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Professional Details</CardTitle>
      </CardHeader>
      <CardContent>
        <dl className="grid gap-4 sm:grid-cols-2">
          {/* Once a school e-mail names the district, its size and locale are the directory's (in the signed-in badge), not these. */}
          {!profile.districtLinked && (
            <>
              <Detail icon={Building2} label="District Size" value={labelOf(DISTRICT_SIZES, profile.districtSize)} />
              <Detail icon={MapPin} label="Urbanicity" value={labelOf(URBANICITY, profile.urbanicity)} />
            </>
          )}
          <Detail icon={Building2} label="Organization Type" value={profile.organizationType} />
          <Detail
            icon={Briefcase}
            label="Research Types"
            value={profile.researchTypes.length ? profile.researchTypes.map(humanize).join(", ") : null}
          />
          <Detail
            icon={Clock}
            label="Interview Preferences"
            value={profile.interviewPreferences.length ? profile.interviewPreferences.map(humanize).join(", ") : null}
          />
        </dl>
      </CardContent>
    </Card>
  );
}
