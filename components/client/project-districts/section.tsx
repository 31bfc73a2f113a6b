import { getActor } from "@/lib/accounts/session";
import { Badge } from "@/components/ui/badge";
import { listProjectDistricts, type ProjectDistrictRow } from "@/lib/projects/district-approval-views";
import { formatDateTime } from "@/lib/platform/format";
import { approvedLine } from "@/lib/districts/research-policy-words";
import { AddDistrictsForm } from "./add-districts-form";
import { DistrictRowActions } from "./row-actions";
import { DistrictLetters } from "./letters";
import { APPROVAL_EVENT_WORDS, type ApprovalEventKind } from "@/lib/districts/approval-history";

const STATUS: Record<ProjectDistrictRow["status"], string> = {
  not_requested: "Not requested",
  requested: "Requested",
  approved: "Approved",
  declined: "Declined",
  not_needed: "Not needed",
};
const VARIANT = {
  not_requested: "outline",
  requested: "warning",
  approved: "success",
  declined: "destructive",
  not_needed: "secondary",
} as const;
const SIDE = {
  researcher: "Your organization",
  officer: "The district's officer",
  office: "The research office (e-mailed link)",
  admin: "K12 Experts",
} as const;

/** What the row's district means for recruiting, in one line. */
function standingLine(r: ProjectDistrictRow): string {
  const s = r.standing;
  switch (s.kind) {
    case "approved":
      return `${approvedLine(s.name, s.until)}: you may recruit its staff.`;
    case "not_needed":
      return "The district says no approval is needed: you may recruit its staff.";
    case "not_required":
      return "No approval required: you may recruit its staff.";
    case "unknown":
      return "Policy not on file: its staff are told to check it before they accept.";
    case "declined":
      return `Declined: ${s.reason} Its staff are left out of this study.`;
    case "awaiting":
      return s.expired
        ? "The approval expired: recruiting here is closed until it is renewed."
        : "Approval required: recruiting here is closed until the district approves.";
    default:
      return "";
  }
}

/** The study's target districts and their research offices' answers. */
export async function ProjectDistrictsSection({ projectId, canRun, zone }: { projectId: string; canRun: boolean; zone: string }) {
  const rows = await listProjectDistricts(await getActor(), projectId);
  return (
    <section aria-labelledby="district-approvals-heading" id="district-approvals" className="grid gap-3 rounded-lg border p-4">
      <div>
        <h2 id="district-approvals-heading" className="text-lg font-semibold">
          District approvals
        </h2>
        <p className="text-sm text-muted-foreground">
          Many districts approve outside research with their staff first. Invitations and announcements reach a district&apos;s staff only
          once it has approved, says no approval is needed, or requires none.
        </p>
      </div>
      {canRun ? <AddDistrictsForm projectId={projectId} /> : null}
      {rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">No target districts yet.</p>
      ) : (
        <ul className="grid gap-3">
          {rows.map((r) => (
            <li key={r.id} className="grid gap-2 rounded-md border p-3" data-testid={`district-${r.leaid}`}>
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium break-words">
                  {r.name}, {r.state}
                </span>
                {r.required === "no" ? (
                  <Badge variant="secondary">No approval required</Badge>
                ) : (
                  <Badge variant={VARIANT[r.status]}>{STATUS[r.status]}</Badge>
                )}
              </div>
              <p className="text-sm">{standingLine(r)}</p>
              {r.status === "approved" && r.conditions ? <p className="text-sm">Conditions: {r.conditions}</p> : null}
              {canRun ? (
                <DistrictRowActions approvalId={r.id} district={r.name} status={r.status} askable={r.askable} required={r.required} />
              ) : null}
              <DistrictLetters row={r} canRun={canRun} />
              {r.history.length > 0 ? (
                <details className="text-sm">
                  <summary className="cursor-pointer">History ({r.history.length})</summary>
                  <ol className="mt-2 grid gap-1">
                    {r.history.map((h, i) => (
                      <li key={i}>
                        {formatDateTime(h.at, zone)}: {SIDE[h.side as keyof typeof SIDE] ?? h.side} —{" "}
                        {APPROVAL_EVENT_WORDS[h.kind as ApprovalEventKind] ?? h.kind.replaceAll("_", " ")}
                        {h.note ? `: "${h.note}"` : ""}
                      </li>
                    ))}
                  </ol>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
