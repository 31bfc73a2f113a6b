import type { InviteChoice } from "@/lib/projects/invite-choices";

/** The expert's district and the chosen project: closed (with the reason; the invite would be refused) or approved until a date. */
export function InviteDistrictNote({ choice }: { choice: InviteChoice | undefined }) {
  if (!choice || choice.engaged) return null;
  if (choice.districtClosed)
    return (
      <p role="alert" className="text-sm text-destructive" data-testid="invite-district-note">
        {choice.districtClosed}
      </p>
    );
  if (choice.districtApproved)
    return (
      <p className="text-sm text-muted-foreground" data-testid="invite-district-note">
        {choice.districtApproved}
      </p>
    );
  return null;
}
