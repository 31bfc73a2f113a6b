// The versioned policies a person accepts (and accepts again when one changes), as ONE table:
// the legal pages, the consent records (CONSENT_VERSIONS in lib/accounts/constants.ts is derived from
// it) and the re-acceptance page all read it. To publish a new version: raise `version`, set `effective`
// and say in `changes` what changed — every signed-in user who accepted an older version of
// that policy is asked to accept again before they continue.

export const POLICY_TYPES = ["PRIVACY", "TERMS", "PAYMENT", "EXPERT_AGREEMENT"] as const;
export type PolicyType = (typeof POLICY_TYPES)[number];

export type PolicyVersion = {
  title: string;
  href: string;
  version: string;
  /** As the policy page prints it. */
  effective: string;
  /** One paragraph: what this version changed, shown to people asked to accept it again. */
  changes: string;
};

export const POLICY_VERSIONS = {
  PRIVACY: {
    title: "Privacy & Data Policy",
    href: "/privacy-data",
    version: "1.0",
    effective: "January 1, 2024",
    changes:
      "The first published version: what we collect to verify, match and pay you, who can see it, and how you stay in control of it.",
  },
  TERMS: {
    title: "Terms of Service",
    href: "/terms",
    version: "1.0",
    effective: "January 1, 2024",
    changes:
      "The first published version: accounts and eligibility, verification, research sessions, cancellations, payments and termination.",
  },
  PAYMENT: {
    title: "Payment Policy",
    href: "/payment-policy",
    version: "1.0",
    effective: "January 1, 2024",
    changes:
      "The first published version: payment stages, methods and timings, tax forms, cancellations and what to do about a late payment.",
  },
  EXPERT_AGREEMENT: {
    title: "Expert Agreement",
    href: "/expert-agreement",
    version: "1.0",
    effective: "November 24, 2026",
    changes:
      "The first published version: what you confirm as an expert — truthful credentials, your employer's outside-activity rules, confidentiality of research, and declaring conflicts of interest.",
  },
} as const satisfies Record<PolicyType, PolicyVersion>;

/**
 * The cookie policy is read, never accepted, so it is versioned apart from the consents above.
 * `effective` is the date its text last changed: move it (and `version`) with every edit.
 */
export const COOKIE_POLICY_VERSION = { title: "Cookie Policy", href: "/cookies", version: "1.1", effective: "November 24, 2026" } as const;

/** Everyone accepts the privacy policy and the terms; experts also the payment policy and the expert agreement. */
export function policiesFor(roles: readonly string[]): PolicyType[] {
  return roles.includes("expert") ? [...POLICY_TYPES] : ["PRIVACY", "TERMS"];
}

/** "1.10" > "1.9" > "1.0": numeric parts compared in order, a missing part counting as 0. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split(".").map((p) => Number.parseInt(p, 10) || 0);
  const pb = b.split(".").map((p) => Number.parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}
