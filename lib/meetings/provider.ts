// The seam between a session and whoever hosts its video meeting, in the pattern of the money
// providers (lib/money/providers): one small interface, an adapter per provider, the choice made
// from the environment (configured.ts). Jitsi Meet is the default and needs no account.

/** What a provider needs to know to host one session. */
export type MeetingRequest = {
  /** Ours and stable for the session's life ("engagement:<id>" or "study:<id>"): a provider that can be asked by it (Teams' externalId, Zoom's agenda marker) finds a meeting it already made. */
  key: string;
  /** The study's title, shown as the meeting's subject. */
  title: string;
  /** UTC instants. */
  startsAt: Date;
  endsAt: Date;
};

/** The meeting as the provider made it. */
export type MeetingDetails = {
  /** The provider's id of the meeting, needed to move or cancel it; null when it has none (Jitsi). */
  externalId: string | null;
  /** Where both sides join. */
  joinUrl: string;
  /** The host's own address, when the provider gives the host a different one (Zoom's start_url). */
  hostUrl?: string | null;
  /** A phone number (and code) to join by telephone, when the provider offers one. */
  dialIn?: string | null;
};

export interface MeetingProvider {
  readonly name: "jitsi" | "zoom" | "teams";
  /** True when making a meeting is a local computation (no network): it is made inside the booking's transaction. */
  readonly local: boolean;
  /** Makes the session's meeting. Asking again for the same key after a lost answer finds the same meeting where the provider allows it. */
  createMeeting(request: MeetingRequest): Promise<MeetingDetails>;
  /** Moves the meeting to the request's time (and subject). */
  updateMeeting(externalId: string | null, request: MeetingRequest): Promise<void>;
  /** Cancels the meeting; one already gone is not an error. */
  cancelMeeting(externalId: string | null): Promise<void>;
}

/** The provider refused or kept failing; `retry` says whether asking later may work (a rate limit, an outage) or not (bad credentials, a bad request). */
export class MeetingProviderError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
    /** The provider's Retry-After, when it gave one. */
    readonly retryAfterMs: number | null = null,
  ) {
    super(message);
    this.name = "MeetingProviderError";
  }
}

/** Meeting length in whole minutes, at least one. */
export const durationMinutes = (r: MeetingRequest) => Math.max(1, Math.round((r.endsAt.getTime() - r.startsAt.getTime()) / 60_000));
