import "server-only";
import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { z } from "@/lib/platform/validation/zod";
import { db } from "@/lib/platform/db";
import { env } from "@/lib/platform/env";
import { AppError } from "@/lib/platform/errors";
import type { Actor } from "@/lib/accounts/actor";
import { requirePermission } from "@/lib/accounts/permissions";
import { orgScope } from "@/lib/organizations/membership";
import { formatOf } from "@/lib/vocabulary/studies";
import { SURVEY_ENDS } from "@/lib/engagements/survey-links";
import { recordReportedSurveyEnd, type SurveyEndResult } from "@/lib/engagements/surveys";

// The optional completion callback: the client's survey tool reports each end to us itself,
// server to server, signed with a secret of the project's own. While it is on, only the tool's
// reports record an end; the expert's confirmation and typed codes wait for it.

/** How far a report's timestamp may be from our clock, either way: an older one is a replay. */
export const CALLBACK_WINDOW_SECONDS = 300;
export const TIMESTAMP_HEADER = "x-k12-timestamp";
export const SIGNATURE_HEADER = "x-k12-signature";

/** Where the client's tool posts its reports for one survey. */
export const callbackUrl = (appUrl: string, projectId: string) => `${appUrl}/api/surveys/${projectId}/callback`;

/** The project's secret, made from a random key id stored on it: rotating draws a new id, and the old secret stops working. */
const secretOf = (projectId: string, keyId: string) =>
  `k12cb_${createHmac("sha256", env().SURVEY_CODE_SECRET).update(`survey-callback:${projectId}:${keyId}`).digest("base64url")}`;

/** The signature header's value: an HMAC-SHA256 over the timestamp, a dot and the raw body. */
export const signCallback = (secret: string, timestamp: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex")}`;

/**
 * The client turns the callback on (a new secret), rotates its secret or turns it off. The
 * secret is returned once, here: the page never shows it again.
 */
export async function setSurveyCallback(
  actor: Actor | null,
  projectId: string,
  mode: "on" | "rotate" | "off",
): Promise<{ on: boolean; secret: string | null }> {
  requirePermission(actor, "manage:project:org");
  const project = await db().project.findFirst({
    where: { id: projectId, ...orgScope(actor, "manage:project:org") },
    select: { id: true, projectType: true, surveyCallbackKey: true },
  });
  if (!project) throw new AppError("NOT_FOUND", "Project not found");
  if (formatOf(project.projectType) !== "survey") throw new AppError("CONFLICT", "Only a survey has a completion callback.");
  if (mode === "off") {
    await db().project.update({ where: { id: project.id }, data: { surveyCallbackKey: null, updatedById: actor.userId } });
    return { on: false, secret: null };
  }
  if (mode === "rotate" && !project.surveyCallbackKey) throw new AppError("CONFLICT", "Turn the completion callback on first.");
  const keyId = randomBytes(16).toString("base64url");
  await db().project.update({ where: { id: project.id }, data: { surveyCallbackKey: keyId, updatedById: actor.userId } });
  return { on: true, secret: secretOf(project.id, keyId) };
}

const reportSchema = z.object({
  participant_id: z.string().trim().min(1, "participant_id is required").max(64, "participant_id is not valid"),
  end: z.enum(SURVEY_ENDS, { error: `end must be one of ${SURVEY_ENDS.join(", ")}` }),
});

const UNSIGNED = () => new AppError("UNAUTHENTICATED", "The report's signature is not valid.");

/**
 * A report from the client's survey tool: the signature over the timestamp and the raw body must
 * be the project's, and the timestamp within the window (an old report replayed is refused; the
 * same report again inside it is answered "already recorded" and changes nothing).
 */
export async function receiveSurveyCallback(
  projectId: string,
  rawBody: string,
  headers: { timestamp: string | null; signature: string | null },
  now: Date = new Date(),
): Promise<SurveyEndResult> {
  const project = z.uuid().safeParse(projectId).success
    ? await db().project.findUnique({ where: { id: projectId }, select: { id: true, surveyCallbackKey: true } })
    : null;
  if (!project?.surveyCallbackKey) throw new AppError("NOT_FOUND", "This survey takes no completion reports.");
  const { timestamp, signature } = headers;
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature) throw UNSIGNED();
  if (Math.abs(now.getTime() / 1000 - Number(timestamp)) > CALLBACK_WINDOW_SECONDS)
    throw new AppError("UNAUTHENTICATED", "The report's timestamp is outside the accepted window: sign it with the current time.");
  const expected = Buffer.from(signCallback(secretOf(project.id, project.surveyCallbackKey), timestamp, rawBody));
  const given = Buffer.from(signature.trim());
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw UNSIGNED();
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new AppError("BAD_REQUEST", "Malformed JSON body");
  }
  const report = reportSchema.safeParse(json);
  if (!report.success) throw new AppError("BAD_REQUEST", report.error.issues[0]?.message ?? "The report is not valid.");
  return recordReportedSurveyEnd({ projectId: project.id, end: report.data.end, participantId: report.data.participant_id }, now);
}
