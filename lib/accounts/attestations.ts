// The per-engagement and per-project attestations (the expert's outside-activity confirmation and
// the client's research-not-sales attestation): their words and versions. A
// changed wording gets a new version, so each stored consent row says which words were agreed to.

export const OUTSIDE_ACTIVITY_TEXT = "This work is permitted by my employer's outside-activity policy.";
export const OUTSIDE_ACTIVITY_VERSION = "1.0";

export const RESEARCH_ATTESTATION_TEXT = "This is research, not a sales contact. I will not use it to market to the expert's district.";
export const RESEARCH_ATTESTATION_VERSION = "1.0";

export const CONFLICT_NOTICE = "This expert declared a relationship with your organization";
export const DECLINE_PAYMENT_TEXT = "Decline payment for this engagement (public-employee rules)";
export const UNPAID_BADGE = "Participates unpaid where required";

export const DISTRICT_POLICY_CHECKED_TEXT = "I checked my district's research policy, and this study is allowed under it.";
export const DISTRICT_POLICY_CHECKED_VERSION = "1.0";
