import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ArrowLeft, ExternalLink } from "@/components/ui/icons";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ProfileConnectActions } from "@/components/directory/profile-connect-actions";
import { ExpertRatingSummary } from "@/components/directory/expert-rating-summary";
import { ProfessionalDetails, ProfileAbout, ProfileExpertise, ProfileHeader } from "@/components/directory/expert-profile";
import { getPublicExpertProfile } from "@/lib/experts/directory";
import { participatesUnpaid } from "@/lib/experts/conflicts";
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

export default async function ExpertProfilePage({ params }: Props) {
  const { id } = await params;
  const profile = await getPublicExpertProfile(id);
  if (!profile) notFound();
  // "Participates unpaid where required" is derived: any engagement whose payment the expert
  // declined. The page is cached; declining a payment revalidates it
  // (lib/engagements/transitions.ts declineEngagementPayment).
  const unpaid = await participatesUnpaid(profile.id);
  const name = nameOf(profile);
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
          <ProfileHeader profile={profile} name={name} unpaid={unpaid} />
          <ProfileAbout bio={profile.bio} />
          <ProfileExpertise tags={profile.tags} tools={profile.toolsPlatforms} />
          <ProfessionalDetails profile={profile} />
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
