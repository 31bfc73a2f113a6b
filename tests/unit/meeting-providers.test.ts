import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { http, HttpResponse } from "msw";
import { setupServer } from "msw/node";
import { createJitsiProvider } from "@/lib/meetings/jitsi";
import { createZoomProvider } from "@/lib/meetings/zoom";
import { createTeamsProvider } from "@/lib/meetings/teams";

// Each meeting adapter against the provider's documented HTTP API, served by MSW. A request MSW
// has no handler for fails the test: nothing here reaches the network (Jitsi makes none at all).

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: "error" }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

const request = {
  key: "engagement:0b8f4a8e-3c0a-4d6b-9f57-1b2f3a4c5d6e",
  title: "Reading interventions in grades 3-5",
  startsAt: new Date("2026-12-03T15:00:00Z"),
  endsAt: new Date("2026-12-03T15:45:00Z"),
};
const recordWaits = () => {
  const waits: number[] = [];
  return { waits, sleep: async (ms: number) => void waits.push(ms) };
};

describe("Jitsi Meet", () => {
  it("makes an unguessable room on the configured server, with no network call", async () => {
    const jitsi = createJitsiProvider({ baseUrl: "https://meet.example.org/" });
    const a = await jitsi.createMeeting(request);
    const b = await jitsi.createMeeting(request);
    expect(a.joinUrl).toMatch(/^https:\/\/meet\.example\.org\/K12Experts-[A-Za-z0-9_-]{22}$/);
    expect(b.joinUrl).not.toBe(a.joinUrl);
    expect(jitsi.local).toBe(true);
    await expect(jitsi.updateMeeting(null, request)).resolves.toBeUndefined();
    await expect(jitsi.cancelMeeting(null)).resolves.toBeUndefined();
  });
});

describe("Zoom (Server-to-Server OAuth)", () => {
  const API = "https://api.zoom.us/v2";
  const TOKEN = "https://zoom.us/oauth/token";
  const zoom = (sleep?: (ms: number) => Promise<void>) =>
    createZoomProvider({
      accountId: "ACCT1",
      clientId: "CID",
      clientSecret: "SECRET",
      userId: "me",
      apiUrl: API,
      tokenUrl: TOKEN,
      baseDelayMs: 100,
      sleep: sleep ?? (async () => {}),
    });
  const made = {
    id: 85746352411,
    join_url: "https://us06web.zoom.us/j/85746352411?pwd=abc",
    start_url: "https://us06web.zoom.us/s/85746352411?zak=host",
    password: "123456",
    agenda: `K12 Experts session [k12:${request.key}]`,
    settings: { global_dial_in_numbers: [{ number: "+1 646 558 8656", country: "US" }] },
  };
  /** The token endpoint, counting its calls and handing out token-1, token-2… */
  function tokens() {
    const seen: { auth: string | null; url: string }[] = [];
    server.use(
      http.post(TOKEN, ({ request: r }) => {
        seen.push({ auth: r.headers.get("authorization"), url: r.url });
        return HttpResponse.json({
          access_token: `token-${seen.length}`,
          token_type: "bearer",
          expires_in: 3599,
          scope: "meeting:write:admin",
        });
      }),
    );
    return seen;
  }

  it("gets an account token, then creates a scheduled meeting with our key in its agenda", async () => {
    const tokenCalls = tokens();
    const bodies: unknown[] = [];
    let lists = 0;
    server.use(
      http.get(`${API}/users/me/meetings`, ({ request: r }) => {
        lists++;
        expect(new URL(r.url).searchParams.get("type")).toBe("upcoming");
        return HttpResponse.json({ page_size: 300, total_records: 0, meetings: [] });
      }),
      http.post(`${API}/users/me/meetings`, async ({ request: r }) => {
        expect(r.headers.get("authorization")).toBe("Bearer token-1");
        bodies.push(await r.json());
        return HttpResponse.json(made, { status: 201 });
      }),
    );
    const details = await zoom().createMeeting(request);
    expect(details).toEqual({
      externalId: "85746352411",
      joinUrl: made.join_url,
      hostUrl: made.start_url,
      dialIn: "+1 646 558 8656, meeting ID 85746352411, passcode 123456",
    });
    expect(tokenCalls).toHaveLength(1);
    expect(lists).toBe(1);
    expect(tokenCalls[0].auth).toBe(`Basic ${Buffer.from("CID:SECRET").toString("base64")}`);
    expect(new URL(tokenCalls[0].url).searchParams.get("grant_type")).toBe("account_credentials");
    expect(new URL(tokenCalls[0].url).searchParams.get("account_id")).toBe("ACCT1");
    expect(bodies).toEqual([
      expect.objectContaining({ type: 2, start_time: "2026-12-03T15:00:00Z", duration: 45, timezone: "UTC", topic: request.title }),
    ]);
  });

  it("a create whose answer was lost (a 503 after Zoom made it) is found by its key, never made twice", async () => {
    tokens();
    const atZoom: (typeof made)[] = [];
    let posts = 0;
    server.use(
      http.get(`${API}/users/me/meetings`, () => HttpResponse.json({ meetings: atZoom })),
      http.post(`${API}/users/me/meetings`, () => {
        posts++;
        atZoom.push(made);
        return new HttpResponse("upstream timeout", { status: 503 });
      }),
    );
    const { waits, sleep } = recordWaits();
    const provider = zoom(sleep);
    // The retry after the 503 looks first, and finds the meeting Zoom did make.
    expect((await provider.createMeeting(request)).externalId).toBe("85746352411");
    expect(posts).toBe(1);
    expect(waits).toEqual([100]);
    // And so does any later ask (the job run again, say).
    expect((await provider.createMeeting(request)).joinUrl).toBe(made.join_url);
    expect(posts).toBe(1);
  });

  it("a create refused with 429 waits for Retry-After and asks again", async () => {
    tokens();
    let posts = 0;
    server.use(
      http.get(`${API}/users/me/meetings`, () => HttpResponse.json({ meetings: [] })),
      http.post(`${API}/users/me/meetings`, () =>
        ++posts === 1
          ? HttpResponse.json(
              { code: 429, message: "You have reached the maximum per-second rate limit" },
              { status: 429, headers: { "Retry-After": "1" } },
            )
          : HttpResponse.json(made, { status: 201 }),
      ),
    );
    const { waits, sleep } = recordWaits();
    expect((await zoom(sleep).createMeeting(request)).joinUrl).toBe(made.join_url);
    expect(waits).toEqual([1000]);
    expect(posts).toBe(2);
  });

  it("a 401 fetches a new token once and repeats the request", async () => {
    const tokenCalls = tokens();
    const auths: (string | null)[] = [];
    server.use(
      http.patch(`${API}/meetings/85746352411`, ({ request: r }) => {
        auths.push(r.headers.get("authorization"));
        return auths.length === 1
          ? HttpResponse.json({ code: 124, message: "Access token is expired." }, { status: 401 })
          : new HttpResponse(null, { status: 204 });
      }),
    );
    await zoom().updateMeeting("85746352411", request);
    expect(auths).toEqual(["Bearer token-1", "Bearer token-2"]);
    expect(tokenCalls).toHaveLength(2);
  });

  it("a 429 waits for Retry-After and a 5xx backs off, then succeeds", async () => {
    tokens();
    let calls = 0;
    server.use(
      http.delete(`${API}/meetings/85746352411`, () => {
        calls++;
        if (calls === 1)
          return HttpResponse.json({ code: 429, message: "Too many requests" }, { status: 429, headers: { "retry-after": "3" } });
        if (calls === 2) return new HttpResponse("bad gateway", { status: 502 });
        return new HttpResponse(null, { status: 204 });
      }),
    );
    const { waits, sleep } = recordWaits();
    await zoom(sleep).cancelMeeting("85746352411");
    expect(calls).toBe(3);
    expect(waits).toEqual([3000, 200]);
  });

  it("a meeting already deleted is cancelled; a refusal says why and is not retried", async () => {
    tokens();
    server.use(
      http.delete(`${API}/meetings/1`, () => HttpResponse.json({ code: 3001, message: "Meeting does not exist: 1." }, { status: 404 })),
      http.patch(`${API}/meetings/2`, () => HttpResponse.json({ code: 300, message: "Invalid start_time" }, { status: 400 })),
    );
    await expect(zoom().cancelMeeting("1")).resolves.toBeUndefined();
    await expect(zoom().updateMeeting("2", request)).rejects.toMatchObject({
      retry: false,
      message: expect.stringContaining("Invalid start_time"),
    });
  });

  it("bad app credentials are a refusal in words", async () => {
    server.use(
      http.post(TOKEN, () => HttpResponse.json({ reason: "Invalid client_id or client_secret", error: "invalid_client" }, { status: 401 })),
    );
    await expect(zoom().cancelMeeting("1")).rejects.toMatchObject({ retry: false, message: expect.stringContaining("invalid_client") });
  });
});

describe("Microsoft Teams (Graph online meetings)", () => {
  const GRAPH = "https://graph.microsoft.com/v1.0";
  const LOGIN = "https://login.microsoftonline.com";
  const ORGANIZER = "5f1c6a9e-0000-4000-8000-00000000abcd";
  const MEETINGS = `${GRAPH}/users/${ORGANIZER}/onlineMeetings`;
  const teams = (sleep?: (ms: number) => Promise<void>) =>
    createTeamsProvider({
      tenantId: "TENANT",
      clientId: "APP",
      clientSecret: "S3CRET",
      organizerUserId: ORGANIZER,
      graphUrl: GRAPH,
      loginUrl: LOGIN,
      baseDelayMs: 100,
      sleep: sleep ?? (async () => {}),
    });
  const meeting = {
    id: "MSo1N2Y5ZGFjYy03MWJmLTQ3NDMtYjQxMy01M2EdFGkdRWHJlQ",
    externalId: request.key,
    joinWebUrl: "https://teams.microsoft.com/l/meetup-join/19%3ameeting_abc%40thread.v2/0",
    audioConferencing: { tollNumber: "+1 323-555-0166", conferenceId: "9999999" },
  };
  function tokens() {
    const forms: URLSearchParams[] = [];
    server.use(
      http.post(`${LOGIN}/TENANT/oauth2/v2.0/token`, async ({ request: r }) => {
        forms.push(new URLSearchParams(await r.text()));
        return HttpResponse.json({ token_type: "Bearer", expires_in: 3599, access_token: `graph-${forms.length}` });
      }),
    );
    return forms;
  }

  it("creates the meeting through createOrGet with our key as externalId; asking again returns the same one", async () => {
    const forms = tokens();
    const byExternalId = new Map<string, typeof meeting>();
    const bodies: Record<string, string>[] = [];
    server.use(
      http.post(`${MEETINGS}/createOrGet`, async ({ request: r }) => {
        expect(r.headers.get("authorization")).toBe("Bearer graph-1");
        const body = (await r.json()) as Record<string, string>;
        bodies.push(body);
        const existing = byExternalId.get(body.externalId);
        if (existing) return HttpResponse.json(existing, { status: 200 });
        byExternalId.set(body.externalId, meeting);
        return HttpResponse.json(meeting, { status: 201 });
      }),
    );
    const provider = teams();
    const first = await provider.createMeeting(request);
    const second = await provider.createMeeting(request);
    expect(first).toEqual({
      externalId: meeting.id,
      joinUrl: meeting.joinWebUrl,
      hostUrl: null,
      dialIn: "+1 323-555-0166, conference ID 9999999#",
    });
    expect(second).toEqual(first);
    expect(byExternalId.size).toBe(1);
    expect(bodies[0]).toEqual({
      externalId: request.key,
      startDateTime: "2026-12-03T15:00:00.000Z",
      endDateTime: "2026-12-03T15:45:00.000Z",
      subject: request.title,
    });
    expect(forms).toHaveLength(1);
    expect(Object.fromEntries(forms[0])).toEqual({
      client_id: "APP",
      client_secret: "S3CRET",
      scope: "https://graph.microsoft.com/.default",
      grant_type: "client_credentials",
    });
  });

  it("moves a meeting after a 429 (Retry-After) and a 503, and re-authenticates on a 401", async () => {
    const forms = tokens();
    const seen: string[] = [];
    server.use(
      http.patch(`${MEETINGS}/${meeting.id}`, ({ request: r }) => {
        seen.push(r.headers.get("authorization")!);
        if (seen.length === 1)
          return HttpResponse.json({ error: { code: "InvalidAuthenticationToken", message: "Token expired" } }, { status: 401 });
        if (seen.length === 2)
          return HttpResponse.json({ error: { code: "TooManyRequests" } }, { status: 429, headers: { "Retry-After": "2" } });
        if (seen.length === 3) return HttpResponse.json({ error: { code: "ServiceUnavailable" } }, { status: 503 });
        return HttpResponse.json(meeting);
      }),
    );
    const { waits, sleep } = recordWaits();
    await teams(sleep).updateMeeting(meeting.id, request);
    expect(seen).toEqual(["Bearer graph-1", "Bearer graph-2", "Bearer graph-2", "Bearer graph-2"]);
    expect(forms).toHaveLength(2);
    expect(waits).toEqual([2000, 200]);
  });

  it("cancels (a meeting already gone too); a 5xx that never ends is a retryable failure", async () => {
    tokens();
    server.use(
      http.delete(`${MEETINGS}/gone`, () => HttpResponse.json({ error: { code: "NotFound" } }, { status: 404 })),
      http.delete(`${MEETINGS}/${meeting.id}`, () => new HttpResponse(null, { status: 204 })),
      http.post(`${MEETINGS}/createOrGet`, () => HttpResponse.json({ error: { code: "InternalServerError" } }, { status: 500 })),
    );
    const provider = teams();
    await expect(provider.cancelMeeting("gone")).resolves.toBeUndefined();
    await expect(provider.cancelMeeting(meeting.id)).resolves.toBeUndefined();
    await expect(provider.createMeeting(request)).rejects.toMatchObject({ retry: true, message: expect.stringContaining("HTTP 500") });
  });
});
