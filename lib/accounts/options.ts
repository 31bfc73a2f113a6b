import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticate } from "@/lib/accounts/sign-in";
import { createSession, liveSessionClaims, revokeSessionOfToken } from "@/lib/accounts/sessions";
import { signInSchema } from "@/lib/accounts/schemas/auth";
import { requestMeta } from "@/lib/platform/request";
import { isAppError } from "@/lib/platform/errors";
import { isDatabaseDown } from "@/lib/platform/db-outage";
import { env } from "@/lib/platform/env";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, cookieOptions } from "@/lib/accounts/cookies";
import type { AppRole } from "@/lib/accounts/constants";
import { loggerFor } from "@/lib/platform/log.mjs";

const log = loggerFor("auth");

type IncomingHeaders = Record<string, string | string[] | undefined> | undefined;
const headersOf = (raw: IncomingHeaders) => ({
  get: (name: string) => {
    const value = raw?.[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : (value ?? null);
  },
});

export const authOptions: NextAuthOptions = {
  // Read when a request needs it (never at import: the build has no secrets).
  get secret() {
    return env().NEXTAUTH_SECRET;
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  cookies: {
    sessionToken: { name: SESSION_COOKIE, options: cookieOptions(SESSION_MAX_AGE_SECONDS) },
  },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        portal: { label: "Portal", type: "text" },
      },
      async authorize(credentials, req) {
        const parsed = signInSchema.safeParse(credentials ?? {});
        if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? "Email and password are required");
        try {
          const meta = requestMeta(headersOf(req?.headers as IncomingHeaders));
          const identity = await authenticate(parsed.data, meta.ip);
          // Every sign-in opens a server-side session; the cookie carries only its id and claims.
          const session = await createSession({ userId: identity.id, kind: "browser", ...meta });
          return {
            id: identity.id,
            email: identity.email,
            roles: identity.roles,
            onboardingComplete: identity.onboardingComplete,
            sv: identity.sessionVersion,
            sid: session.id,
          };
        } catch (e) {
          // next-auth hands this message to the client's signIn() result as `error`.
          if (isAppError(e)) throw new Error(e.message);
          if (isDatabaseDown(e)) throw new Error("The service is temporarily unavailable. Please try again shortly.");
          log.error({ err: e }, "sign-in failed");
          throw new Error("An unexpected error occurred.");
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user }) {
      if (user) {
        const u = user as unknown as { id: string; email: string; roles: AppRole[]; onboardingComplete: boolean; sv: number; sid: string };
        return { ...token, sub: u.id, email: u.email, roles: u.roles, onboardingComplete: u.onboardingComplete, sv: u.sv, sid: u.sid };
      }
      // Every read of the session (GET /api/auth/session) and every `update` re-checks the
      // server-side session: a revoked, idle, expired or outdated one throws, and next-auth then
      // clears the cookie instead of re-issuing it. An update can refresh roles and onboarding
      // state but never revives a session.
      const fresh = await liveSessionClaims(token);
      if (!fresh) throw new Error("Session ended");
      return { ...token, ...fresh };
    },
    async session({ session, token }) {
      return {
        ...session,
        user: { id: token.sub, email: token.email, roles: token.roles, onboardingComplete: token.onboardingComplete },
      };
    },
  },
  events: {
    // next-auth's own sign-out endpoint ends the server-side session too.
    async signOut({ token }) {
      await revokeSessionOfToken(token, "signed out");
    },
  },
};
