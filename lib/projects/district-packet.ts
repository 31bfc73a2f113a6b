// The packet a district's research office reviews, built from what the study already has (its
// title, purpose, format, the time it asks of staff, its dates, its instruments, the organization
// and who to contact) and what the researcher adds when asking (the interview guide, the IRB
// letter and the consent document, as links or words). Kept as sent, on the approval row.
import "server-only";
import { z } from "@/lib/platform/validation/zod";
import type { Tx } from "@/lib/platform/db";
import { formatMoney } from "@/lib/platform/format";
import { formatOf, FORMAT_PHRASES } from "@/lib/vocabulary/studies";
import type { Packet } from "@/lib/districts/packet-words";

export const packetExtrasSchema = z.object({
  instruments: z.string().trim().max(2000, { error: "The instruments must be 2,000 characters or fewer." }).optional(),
  irbLetter: z.string().trim().max(500, { error: "The IRB letter must be 500 characters or fewer." }).optional(),
  consentDocument: z.string().trim().max(500, { error: "The consent document must be 500 characters or fewer." }).optional(),
});
export type PacketExtras = z.infer<typeof packetExtrasSchema>;

const NOT_PROVIDED = "Not provided";

export async function buildPacket(tx: Tx, projectId: string, extras: PacketExtras): Promise<Packet> {
  const p = await tx.project.findUniqueOrThrow({
    where: { id: projectId },
    select: {
      title: true,
      description: true,
      projectType: true,
      estimatedDurationMinutes: true,
      compensationCents: true,
      deadline: true,
      createdAt: true,
      surveyUrl: true,
      organization: { select: { name: true } },
      client: { select: { firstName: true, lastName: true, email: true } },
    },
  });
  const format = formatOf(p.projectType);
  const paid = p.compensationCents > 0 ? `, paid ${formatMoney(p.compensationCents)}` : ", unpaid";
  return {
    title: p.title,
    purpose: p.description,
    format: FORMAT_PHRASES[format],
    askOfStaff: `${FORMAT_PHRASES[format]} of about ${p.estimatedDurationMinutes} minutes per staff member${paid}`,
    dates: `Opened ${p.createdAt.toISOString().slice(0, 10)}${p.deadline ? `, recruiting until ${p.deadline.toISOString().slice(0, 10)}` : ", no closing date set"}`,
    instruments: extras.instruments || (p.surveyUrl ? `The survey: ${p.surveyUrl}` : NOT_PROVIDED),
    irbLetter: extras.irbLetter || NOT_PROVIDED,
    consentDocument: extras.consentDocument || NOT_PROVIDED,
    organization: p.organization.name,
    contact: `${p.client.firstName} ${p.client.lastName}`.trim() + ` <${p.client.email}>`,
  };
}
