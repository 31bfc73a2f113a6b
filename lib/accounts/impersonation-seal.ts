import { sealData, unsealData } from "iron-session";
import { envSubset } from "@/lib/platform/env";
import type { AppRole } from "@/lib/accounts/constants";
import { IMPERSONATION_MAX_AGE_SECONDS } from "@/lib/accounts/cookies";

/** The sealed impersonation cookie's content: the target's e-mail and role, plus who started it and when. */
export type ImpersonationSeal = {
  targetUserId: string;
  targetUserEmail: string;
  targetUserRole: AppRole;
  adminUserId: string;
  startedAt: number;
};

let cachedPassword: string | undefined;
const password = () => (cachedPassword ??= envSubset(["IMPERSONATION_SECRET"]).IMPERSONATION_SECRET);

export function sealImpersonation(data: ImpersonationSeal) {
  return sealData(data, { password: password(), ttl: IMPERSONATION_MAX_AGE_SECONDS });
}

/** The seal's content, or null when it is missing, tampered with or older than 8 hours. */
export async function unsealImpersonation(seal: string | undefined): Promise<ImpersonationSeal | null> {
  if (!seal) return null;
  try {
    const data = await unsealData<Partial<ImpersonationSeal>>(seal, { password: password(), ttl: IMPERSONATION_MAX_AGE_SECONDS });
    if (!data || typeof data.targetUserId !== "string" || typeof data.adminUserId !== "string" || typeof data.startedAt !== "number")
      return null;
    if (Date.now() - data.startedAt > IMPERSONATION_MAX_AGE_SECONDS * 1000) return null;
    return data as ImpersonationSeal;
  } catch {
    return null;
  }
}
