import { CircleAlert, TriangleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { CONFLICT_NOTICE } from "@/lib/accounts/attestations";
import { STATE_LABELS } from "@/lib/engagements/states";
import type { InviteChoice } from "@/lib/projects/invite-choices";

// What the invite dialog says about the expert and the chosen project before the invite goes:
// their place in its sample plan, the projects they are already in, and why an invite is held.

/** Where the expert lands in the chosen project's sample plan, said before the invite goes. */
export function PlanNote({ choice, expertName }: { choice: InviteChoice | undefined; expertName: string }) {
  const plan = choice?.plan;
  if (!plan || choice.engaged) return null;
  const cell = plan.cell ? ` (${plan.cell})` : "";
  return (
    <p className="text-sm text-muted-foreground" data-testid="invite-plan-note" data-standing={plan.standing}>
      {plan.standing === "open"
        ? `${expertName} is in an open cell of this project's sample plan${cell}.`
        : plan.standing === "full"
          ? `This project's sample plan already has the people it needs in ${expertName}'s cell${cell}: inviting them goes past its target.`
          : `This project's sample plan cannot place ${expertName}: their district is not verified by a school e-mail, or their role is outside the plan's groups.`}
    </p>
  );
}

/** The projects the expert is already in, and what to do when that is every open one. */
export function AlreadyEngagedNote({ engaged, expertName, noneLeft }: { engaged: InviteChoice[]; expertName: string; noneLeft: boolean }) {
  if (engaged.length === 0) return null;
  return (
    <p className="text-sm text-muted-foreground" data-testid="invite-already">
      {expertName} is already in {engaged.map((p) => `${p.title} (${STATE_LABELS[p.engaged!].toLowerCase()})`).join(", ")}.
      {noneLeft ? " Every one of your open projects has them: create another project to invite them again." : null}
    </p>
  );
}

/** The relationship the expert declared with this client's organization: the client confirms before inviting. */
export function ConflictNote({ conflict }: { conflict: string }) {
  return (
    <Alert data-testid="invite-conflict">
      <TriangleAlert aria-hidden="true" />
      <AlertTitle>{CONFLICT_NOTICE}</AlertTitle>
      <AlertDescription>
        <p>{conflict}</p>
        <p>Invite them only if this relationship does not bias the research. The expert sees the same note.</p>
      </AlertDescription>
    </Alert>
  );
}

/** A cap that refuses any new invite to this expert now (their pause, their open invites, this account's recent invites). */
export function CapNote({ id, expertName, refusal }: { id: string; expertName: string; refusal: string }) {
  return (
    <Alert variant="destructive" id={id} data-testid="invite-cap">
      <CircleAlert aria-hidden="true" />
      <AlertTitle>You cannot invite {expertName} right now</AlertTitle>
      <AlertDescription>{refusal}</AlertDescription>
    </Alert>
  );
}

/** Why the service refused the invite (an invite cap, the expert's pause, a paused or closed project), as it says it. */
export function RefusalNote({ refusal }: { refusal: string }) {
  return (
    <Alert variant="destructive" data-testid="invite-refusal" tabIndex={-1} data-form-error>
      <CircleAlert aria-hidden="true" />
      <AlertTitle>The invite was not sent</AlertTitle>
      <AlertDescription>{refusal}</AlertDescription>
    </Alert>
  );
}
