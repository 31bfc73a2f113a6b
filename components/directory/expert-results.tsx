import Link from "next/link";
import { BadgeCheck, MapPin, Send } from "@/components/ui/icons";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardFooter, CardHeader, CardTitle } from "@/components/ui/card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { ShortlistButton } from "@/components/directory/shortlist-button";
import { InviteDialog } from "@/components/directory/invite-dialog";
import { WorkEmailBadge } from "@/components/work-email/work-email-badge";
import { availabilityVariant } from "@/components/directory/format";
import { formatHourlyRange } from "@/lib/platform/format";
import { labelOf } from "@/lib/vocabulary/options";
import { AVAILABILITY_STATUSES } from "@/lib/vocabulary/availability";
import { DISTRICT_TYPES } from "@/lib/vocabulary/districts";
import type { DirectoryVariant } from "@/lib/experts/schemas/directory";
import type { DirectoryExpert } from "@/lib/experts/views";
import type { ExistingEngagement } from "@/lib/projects/invite-choices";
import { STATE_LABELS } from "@/lib/engagements/states";
import type { Recruiting } from "@/lib/projects/directory-page";

type Props = {
  experts: DirectoryExpert[];
  variant: DirectoryVariant;
  view: "cards" | "table";
  shortlisted: string[];
  /** Shortlist and Invite are offered only to a role that may run projects; the others read the cards. */
  recruit: boolean;
  engaged: Record<string, ExistingEngagement[]>;
  /** While recruiting for a project's sample plan: where each expert lands in it. */
  placement?: Recruiting["experts"];
};

const PLACE_WORDS = { open: "Open cell", full: "Cell full", outside: "Outside the plan" } as const;

/** "Open cell · Rural · Highest poverty (quartile 4)": the expert's cell in the plan being recruited for. */
function PlanPlace({ place }: { place: Recruiting["experts"][string] | undefined }) {
  if (!place) return null;
  return (
    <Badge
      variant={place.standing === "open" ? "default" : "outline"}
      className="whitespace-normal"
      data-testid="plan-place"
      data-standing={place.standing}
    >
      {[PLACE_WORDS[place.standing], place.cell].filter(Boolean).join(" · ")}
    </Badge>
  );
}

/** "Invited to Literacy study (accepted)": where this client already has the expert, on the card before any new invite. */
function AlreadyEngaged({ list }: { list: ExistingEngagement[] | undefined }) {
  if (!list?.length) return null;
  return (
    <ul className="grid gap-0.5 text-sm" aria-label="Already in your projects" data-testid="already-engaged">
      {list.map((e) => (
        <li key={e.projectId} className="flex items-start gap-1">
          <Send className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
          <span>
            {e.origin === "invite" ? "You invited them to" : "They applied to"}{" "}
            <Link className="text-primary underline-offset-4 hover:underline" href={`/client/projects/${e.projectId}`}>
              {e.title}
            </Link>{" "}
            ({STATE_LABELS[e.state].toLowerCase()})
          </span>
        </li>
      ))}
    </ul>
  );
}

function Chips({ items, shown, more, label }: { items: string[]; shown: number; more: string; label: string }) {
  if (!items.length) return null;
  const rest = items.length - shown;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1">
      {items.slice(0, shown).map((t) => (
        <li key={t}>
          <Badge variant="secondary">{t}</Badge>
        </li>
      ))}
      {rest > 0 && (
        <li>
          <Badge variant="outline">
            +{rest}
            {more}
          </Badge>
        </li>
      )}
    </ul>
  );
}

export function ExpertResults({ experts, variant, view, shortlisted, recruit, engaged, placement }: Props) {
  const saved = new Set(shortlisted);
  const toastTitle = variant === "client" ? "Shortlisted" : "Added to Shortlist";
  if (view === "table") {
    return (
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead>Name</TableHead>
            <TableHead>Role</TableHead>
            <TableHead className="hidden md:table-cell">Organization</TableHead>
            <TableHead>State</TableHead>
            <TableHead className="hidden md:table-cell">Availability</TableHead>
            <TableHead className="hidden lg:table-cell">Rate</TableHead>
            <TableHead>
              <span className="sr-only">Actions</span>
            </TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {experts.map((e) => {
            const name = `${e.firstName} ${e.lastName}`;
            return (
              <TableRow key={e.id} data-testid="expert-row">
                <TableCell className="font-medium">
                  <div className="flex flex-col items-start gap-1">
                    {name}
                    <WorkEmailBadge expertId={e.id} />
                    <PlanPlace place={placement?.[e.id]} />
                    <AlreadyEngaged list={engaged[e.id]} />
                  </div>
                </TableCell>
                <TableCell>{e.roleTitle}</TableCell>
                <TableCell className="hidden md:table-cell">{e.organizationName ?? "—"}</TableCell>
                <TableCell>{e.state}</TableCell>
                <TableCell className="hidden md:table-cell">{labelOf(AVAILABILITY_STATUSES, e.availabilityStatus)}</TableCell>
                <TableCell className="hidden lg:table-cell">{formatHourlyRange(e.hourlyRateMin, e.hourlyRateMax) ?? "—"}</TableCell>
                <TableCell>
                  <div className="flex justify-end gap-2">
                    {recruit && <InviteDialog expertId={e.id} expertName={name} label="Send" />}
                    <Button asChild variant="outline" size="sm">
                      <Link href={`/experts/${e.id}`} aria-label={`View ${name}`}>
                        View
                      </Link>
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    );
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {experts.map((e) => {
        const name = `${e.firstName} ${e.lastName}`;
        const rate = formatHourlyRange(e.hourlyRateMin, e.hourlyRateMax);
        return (
          <li key={e.id} data-testid="expert-card">
            <Card className="flex h-full flex-col">
              <CardHeader className="pb-3">
                <div className="flex items-start justify-between gap-2">
                  <CardTitle as="h3" className="text-base">
                    {name}
                  </CardTitle>
                  <Badge variant={availabilityVariant(e.availabilityStatus)}>{labelOf(AVAILABILITY_STATUSES, e.availabilityStatus)}</Badge>
                </div>
                <p className="text-sm font-medium">{e.roleTitle}</p>
                {e.organizationName && <p className="text-sm text-muted-foreground">{e.organizationName}</p>}
              </CardHeader>
              <CardContent className="flex flex-1 flex-col gap-3 text-sm">
                <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-muted-foreground">
                  {e.state && (
                    <span className="inline-flex items-center gap-1">
                      <MapPin className="size-3.5" aria-hidden="true" />
                      {e.state}
                    </span>
                  )}
                  {e.districtType && <span>{labelOf(DISTRICT_TYPES, e.districtType)}</span>}
                  {e.department && <span>{e.department}</span>}
                  {e.verificationStatus === "verified" && (
                    <span className="inline-flex items-center gap-1 text-success">
                      <BadgeCheck className="size-3.5" aria-hidden="true" />
                      Verified
                    </span>
                  )}
                </p>
                <WorkEmailBadge expertId={e.id} />
                <PlanPlace place={placement?.[e.id]} />
                <AlreadyEngaged list={engaged[e.id]} />
                {(e.yearsExperience !== null || rate) && (
                  <p>
                    {e.yearsExperience !== null && <span>{e.yearsExperience} years experience</span>}
                    {e.yearsExperience !== null && rate && " · "}
                    {rate && <span>{rate}</span>}
                  </p>
                )}
                {variant === "client" ? (
                  <>
                    <Chips items={e.toolsPlatforms} shown={2} more=" more" label="Tools" />
                    <Chips items={e.tags} shown={3} more=" more" label="Areas of expertise" />
                  </>
                ) : (
                  <>
                    <Chips items={e.tags} shown={2} more="" label="Areas of expertise" />
                    <Chips items={e.toolsPlatforms} shown={2} more="" label="Tools" />
                  </>
                )}
              </CardContent>
              <CardFooter className="flex flex-wrap gap-2">
                {recruit && (
                  <>
                    <ShortlistButton expertId={e.id} expertName={name} shortlisted={saved.has(e.id)} toastTitle={toastTitle} />
                    <InviteDialog expertId={e.id} expertName={name} label={variant === "client" ? "Invite" : "Send Invite"} />
                  </>
                )}
                <Button asChild variant="link" size="sm">
                  <Link href={`/experts/${e.id}`}>
                    View Profile<span className="sr-only"> of {name}</span>
                  </Link>
                </Button>
              </CardFooter>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
