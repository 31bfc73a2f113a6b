import "server-only";
import { db } from "@/lib/platform/db";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import { csvText } from "@/lib/platform/csv";
import { fullName } from "@/lib/platform/format";
import { WITHDRAWN_FLAG } from "@/lib/vocabulary/consent";
import { PROJECT_NOT_FOUND } from "./access";

// The study's signature records for its organization and their IRB: one line per signature, in
// the order signed, with the exact version and hash, the time in UTC, the IP and browser, and
// whether the participant later withdrew.

export type ConsentRecord = {
  signatureId: string;
  participant: string;
  participantId: string | null;
  engagementId: string | null;
  version: number;
  sha256: string;
  typedName: string;
  signedAt: Date;
  ipAddress: string | null;
  userAgent: string | null;
  withdrawnAt: Date | null;
};

export async function consentRecordsFor(actor: Actor | null, projectId: string) {
  requirePermission(actor, "read:project:org");
  const project = await db().project.findFirst({
    where: { id: projectId, ...orgScope(actor, "read:project:org") },
    select: { id: true, title: true, timeZone: true },
  });
  if (!project) throw PROJECT_NOT_FOUND();
  const rows = await db().consentSignature.findMany({
    where: { projectId: project.id },
    orderBy: [{ signedAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      typedName: true,
      signedAt: true,
      ipAddress: true,
      userAgent: true,
      documentVersion: true,
      documentSha256: true,
      engagementId: true,
      engagement: { select: { participantId: true, withdrawal: { select: { withdrawnAt: true } } } },
      expert: { select: { user: { select: { firstName: true, lastName: true } } } },
    },
  });
  const records: ConsentRecord[] = rows.map((r) => ({
    signatureId: r.id,
    participant: fullName(r.expert.user.firstName, r.expert.user.lastName),
    participantId: r.engagement?.participantId ?? null,
    engagementId: r.engagementId,
    version: r.documentVersion,
    sha256: r.documentSha256,
    typedName: r.typedName,
    signedAt: r.signedAt,
    ipAddress: r.ipAddress,
    userAgent: r.userAgent,
    withdrawnAt: r.engagement?.withdrawal?.withdrawnAt ?? null,
  }));
  return { project, records };
}

const HEADER = [
  "participant",
  "participant_id",
  "engagement_id",
  "consent_version",
  "document_sha256",
  "typed_name",
  "signed_at_utc",
  "ip_address",
  "user_agent",
  "withdrawn_at_utc",
  "data_flag",
] as const;

export async function consentRecordsCsv(actor: Actor | null, projectId: string) {
  const { records } = await consentRecordsFor(actor, projectId);
  return csvText(
    HEADER,
    records.map((r) => [
      r.participant,
      r.participantId ?? "",
      r.engagementId ?? "",
      r.version,
      r.sha256,
      r.typedName,
      r.signedAt.toISOString(),
      r.ipAddress ?? "",
      r.userAgent ?? "",
      r.withdrawnAt?.toISOString() ?? "",
      r.withdrawnAt ? WITHDRAWN_FLAG : "",
    ]),
  );
}
