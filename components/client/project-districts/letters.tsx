import { formatDay } from "@/lib/platform/format";
import type { ProjectDistrictRow } from "@/lib/projects/district-approval-views";
import { LetterUpload } from "./letter-upload";

const LETTER_STATUS = { pending: "waiting for our check", accepted: "accepted", rejected: "not accepted" } as const;

/** Whether a signed letter could still bring this district's yes: not once it approved (and holds) or said none is needed. */
const mayUpload = (r: ProjectDistrictRow) =>
  r.required !== "no" && r.standing.kind !== "approved" && r.status !== "not_needed" && !r.letters.some((l) => l.status === "pending");

/** The district's approval letters (each with its check) and, for those who run the study, the upload. */
export function DistrictLetters({ row, canRun }: { row: ProjectDistrictRow; canRun: boolean }) {
  return (
    <>
      {row.letters.length > 0 ? (
        <ul className="grid gap-1 text-sm" aria-label={`${row.name}'s approval letters`}>
          {row.letters.map((l) => (
            <li key={l.id} data-testid="district-letter-status">
              Letter{" "}
              <a
                href={`/api/district-letters/${l.id}`}
                target="_blank"
                rel="noreferrer"
                className="text-primary underline underline-offset-4"
              >
                {l.fileName}
              </a>{" "}
              (approved until {formatDay(l.statedExpiresOn)}): {LETTER_STATUS[l.status]}
              {l.status === "rejected" && l.rejectReason ? `. Why: ${l.rejectReason}` : ""}
            </li>
          ))}
        </ul>
      ) : null}
      {canRun && mayUpload(row) ? <LetterUpload approvalId={row.id} district={row.name} /> : null}
    </>
  );
}
