import "server-only";
import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { authenticate, loadSessionIdentity } from "@/lib/services/sign-in";
import { signInSchema } from "@/lib/validation/auth";
import { clientIp } from "@/lib/request";
import { isAppError } from "@/lib/errors";
import { isDatabaseDown } from "@/lib/db-outage";
import { SESSION_COOKIE, SESSION_MAX_AGE_SECONDS, cookieOptions } from "@/lib/auth/cookies";
import type { AppRole } from "@/lib/constants";

type IncomingHeaders = Record<string, string | string[] | undefined> | undefined;
const headersOf = (raw: IncomingHeaders) => ({
  get: (name: string) => {
    const value = raw?.[name.toLowerCase()];
    return Array.isArray(value) ? value.join(", ") : (value ?? null);
  },
});

export const authOptions: NextAuthOptions = {
  secret: process.env.NEXTAUTH_SECRET,
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
          const identity = await authenticate(parsed.data, clientIp(headersOf(req?.headers as IncomingHeaders)));
          return { id: identity.id, email: identity.email, roles: identity.roles, onboardingComplete: identity.onboardingComplete, sv: identity.sessionVersion };
        } catch (e) {
          // next-auth hands this message to the client's signIn() result as `error`.
          if (isAppError(e)) throw new Error(e.message);
          if (isDatabaseDown(e)) throw new Error("The service is temporarily unavailable. Please try again shortly.");
          console.error("[auth] sign-in failed:", e);
          throw new Error("An unexpected error occurred.");
        }
      },
    }),
  ],
  callbacks: {
    async jwt({ token, user, trigger }) {
      if (user) {
        const u = user as unknown as { id: string; email: string; roles: AppRole[]; onboardingComplete: boolean; sv: number };
        return { ...token, sub: u.id, email: u.email, roles: u.roles, onboardingComplete: u.onboardingComplete, sv: u.sv };
      }
      if (trigger === "update" && token.sub) {
        // Roles or onboarding changed: re-read them instead of making the user sign in again.
        const fresh = await loadSessionIdentity(token.sub);
        if (fresh) return { ...token, roles: fresh.roles, onboardingComplete: fresh.onboardingComplete, sv: fresh.sessionVersion };
      }
      return token;
    },
    async session({ session, token }) {
      return {
        ...session,
        user: { id: token.sub, email: token.email, roles: token.roles, onboardingComplete: token.onboardingComplete },
      };
    },
  },
};
