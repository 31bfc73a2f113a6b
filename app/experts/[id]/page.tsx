import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft, BadgeCheck, Building2, Briefcase, Clock, DollarSign, GraduationCap, ExternalLink, MapPin } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ProfileConnectActions } from "@/components/directory/profile-connect-actions";
import { AdminExpertEmail } from "@/components/directory/admin-expert-email";
import { ExpertRatingSummary } from "@/components/directory/expert-rating-summary";
import { WorkEmailBadge } from "@/components/work-email/work-email-badge";
import { availabilityVariant } from "@/components/directory/format";
import { formatHourlyRange, humanize } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { AVAILABILITY_STATUSES } from "@/lib/vocabulary/availability";
import { DISTRICT_SIZES, DISTRICT_TYPES, URBANICITY } from "@/lib/vocabulary/districts";
import { getPublicExpertProfile } from "@/lib/experts/directory";
import { participatesUnpaid } from "@/lib/experts/conflicts";
import { UNPAID_BADGE } from "@/lib/accounts/attestations";
import { env } from "@/lib/platform/env";

// Served from the full-route cache: rendered on first request, then kept until
// revalidateExpertPages() (lib/platform/cache.ts) invalidates it on any change to the expert.
// The page reads no cookies; per-user parts are client islands.
export const revalidate = 86400;
export const dynamicParams = true;
export async function generateStaticParams(): Promise<{ id: string }[]> {
  return [];
}

type Props = { params: Promise<{ id: string }> };

const nameOf = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { id } = await params;
  const profile = await getPublicExpertProfile(id);
  if (!profile) return { title: "Expert Not Found", robots: { index: false } };
  const name = nameOf(profile);
  const title = `${name}${profile.roleTitle ? `, ${profile.roleTitle}` : ""}`;
  const description = (
    profile.bio ?? `${profile.roleTitle ?? "Education expert"}${profile.state ? ` in ${profile.state}` : ""}, verified on K12 Experts.`
  ).slice(0, 160);
  return {
    title,
    description,
    alternates: { canonical: `/experts/${profile.id}` },
    openGraph: {
      type: "profile",
      title,
      description,
      url: `/experts/${profile.id}`,
      firstName: profile.firstName,
      lastName: profile.lastName,
    },
    twitter: { card: "summary", title, description },
  };
}

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

export default async function ExpertProfilePage({ params }: Props) {
  const { id } = await params;
  const profile = await getPublicExpertProfile(id);
  if (!profile) notFound();
  // "Participates unpaid where required" is derived: any engagement whose payment the expert
  // declined. The page is cached; declining a payment revalidates it
  // (lib/engagements/transitions.ts declineEngagementPayment).
  const unpaid = await participatesUnpaid(profile.id);
  const name = nameOf(profile);
  const rate = formatHourlyRange(profile.hourlyRateMin, profile.hourlyRateMax);
  const origin = env().APP_URL.replace(/\/$/, "");
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Person",
    name,
    givenName: profile.firstName,
    familyName: profile.lastName,
    url: `${origin}/experts/${profile.id}`,
    ...(profile.roleTitle ? { jobTitle: profile.roleTitle } : {}),
    ...(profile.organizationName ? { worksFor: { "@type": "Organization", name: profile.organizationName } } : {}),
    ...(profile.state ? { address: { "@type": "PostalAddress", addressRegion: profile.state, addressCountry: "US" } } : {}),
    ...(profile.tags.length ? { knowsAbout: profile.tags } : {}),
    ...(profile.bio ? { description: profile.bio } : {}),
    ...(profile.linkedinUrl ? { sameAs: [profile.linkedinUrl] } : {}),
  };

  return (
    <div className="mx-auto max-w-6xl px-4 py-8">
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: JSON.stringify(jsonLd).replace(/</g, "\\u003c") }} />
      <Link href="/experts" className="mb-6 inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
        <ArrowLeft className="size-4" aria-hidden="true" /> Back to Experts
      </Link>
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
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
          <Card>
            <CardHeader>
              <CardTitle as="h2">About</CardTitle>
            </CardHeader>
            <CardContent>
              <p className="whitespace-pre-line text-sm leading-relaxed">
                {profile.bio || "This expert has not written an introduction yet."}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle as="h2">Areas of Expertise</CardTitle>
            </CardHeader>
            <CardContent className="space-y-4">
              {profile.tags.length ? (
                <ul className="flex flex-wrap gap-2" aria-label="Focus areas">
                  {profile.tags.map((t) => (
                    <li key={t}>
                      <Badge variant="secondary">{t}</Badge>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="text-sm text-muted-foreground">No focus areas listed.</p>
              )}
              {profile.toolsPlatforms.length > 0 && (
                <div>
                  <h3 className="mb-2 text-sm font-semibold">Tools &amp; Platforms</h3>
                  <ul className="flex flex-wrap gap-2" aria-label="Tools and platforms">
                    {profile.toolsPlatforms.map((t) => (
                      <li key={t}>
                        <Badge variant="outline">{t}</Badge>
                      </li>
                    ))}
                  </ul>
                </div>
              )}
            </CardContent>
          </Card>
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
        </div>
        <aside className="space-y-6" aria-label="Connect">
          <Card>
            <CardHeader>
              <CardTitle as="h2">Connect</CardTitle>
            </CardHeader>
            <CardContent className="space-y-3">
              <ProfileConnectActions expertId={profile.id} expertName={name} />
              {profile.linkedinUrl && (
                <a
                  href={profile.linkedinUrl}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="inline-flex items-center gap-2 text-sm font-medium text-primary underline-offset-4 hover:underline"
                >
                  <ExternalLink className="size-4" aria-hidden="true" /> LinkedIn Profile
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              )}
            </CardContent>
          </Card>
          <ExpertRatingSummary expertId={profile.id} />
        </aside>
      </div>
    </div>
  );
}
