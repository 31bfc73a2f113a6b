// A district's research policy said in plain words: the same sentences on the expert's
// dashboard, the districts directory, the review packet and the officer's page.
import type { PolicyDocument } from "./schemas/research-policy";
import { formatDay } from "@/lib/platform/format";

export type PolicyFacts = {
  approvalRequired: "yes" | "no" | "unknown";
  scope: "all_staff_research" | "school_hours_or_devices" | null;
  officeName: string | null;
  officeEmail: string | null;
  officePhone: string | null;
  officeUrl: string | null;
  typicalReviewDays: number | null;
  documents: string[];
  giftLimitCents: number | null;
  source: string;
  sourceDate: string;
};

export const DOCUMENT_LABELS: Record<PolicyDocument, string> = {
  application: "an application",
  irb_letter: "the IRB approval letter",
  instruments: "the survey or interview guide",
  consent_letter: "the consent letter",
  principal_support: "the principal's support",
};

export const APPROVAL_REQUIRED_LABELS = {
  yes: "Approval required",
  no: "No approval required",
  unknown: "Not known",
} as const;

export const POLICY_NOT_ON_FILE = "Your district's research policy is not on file. Check it before you accept";

const list = (items: string[]) =>
  items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

const dollars = (cents: number) =>
  `$${(cents / 100).toLocaleString("en-US", { maximumFractionDigits: 2, minimumFractionDigits: cents % 100 ? 2 : 0 })}`;

/** The policy as sentences, most important first. */
export function policySentences(district: string, p: PolicyFacts | null): string[] {
  if (!p || p.approvalRequired === "unknown")
    return [`${district}'s research policy is not on file. Check it with the district before you take part in a study.`];
  const out: string[] = [];
  if (p.approvalRequired === "no") out.push(`${district} does not require its approval before staff take part in outside research.`);
  else
    out.push(
      p.scope === "school_hours_or_devices"
        ? `${district} requires its research office's approval for studies during school hours or on district devices.`
        : `${district} requires its research office's approval before staff take part in any outside survey, interview or focus group.`,
    );
  if (p.approvalRequired === "yes") {
    if (p.typicalReviewDays) out.push(`A review typically takes ${p.typicalReviewDays} ${p.typicalReviewDays === 1 ? "day" : "days"}.`);
    const docs = p.documents.filter((d): d is PolicyDocument => d in DOCUMENT_LABELS).map((d) => DOCUMENT_LABELS[d]);
    if (docs.length) out.push(`The office asks for ${list(docs)}.`);
  }
  if (p.giftLimitCents !== null) out.push(`Staff may accept at most ${dollars(p.giftLimitCents)} a year in gifts or honoraria.`);
  const contact = [p.officeName, p.officeEmail, p.officePhone].filter(Boolean);
  if (contact.length) out.push(`Contact: ${contact.join(", ")}.`);
  return out;
}

/** "From the district's web page, read on 2026-09-01." */
export const sourceLine = (p: Pick<PolicyFacts, "source" | "sourceDate">) => `Source: ${p.source}, read on ${p.sourceDate}.`;

/** The approval as the expert's and the client's cards say it. */
/** "Approved by <district>'s research office until Jun 30, 2099": `until` is the approval's last day ("2099-06-30"). */
export const approvedLine = (district: string, until: string | null) =>
  `Approved by ${district}'s research office${until ? ` until ${formatDay(until)}` : ""}`;
