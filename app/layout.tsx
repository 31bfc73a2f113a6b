import type { Metadata, Viewport } from "next";
import "./globals.css";
import { SiteHeader } from "@/components/layout/site-header";
import { SiteFooter } from "@/components/layout/site-footer";
import { ImpersonationBanner } from "@/components/layout/impersonation-banner";
import { SessionInfoProvider } from "@/components/session/session-info-provider";
import { LazyToaster } from "@/components/layout/lazy-toaster";
import { envSubset } from "@/lib/platform/env";

export const metadata: Metadata = {
  // Read at build time (static pages carry it): the one variable, not the server's secrets.
  metadataBase: new URL(envSubset(["APP_URL"]).APP_URL),
  title: { default: "K12 Experts — Paid research for K-12 education professionals", template: "%s | K12 Experts" },
  description:
    "K12 Experts connects verified superintendents, principals, curriculum directors and teachers with research organizations for paid surveys, interviews and focus groups.",
};

// Static pages are rendered again once a day, so the footer's copyright year turns with the calendar.
export const revalidate = 86400;

export const viewport: Viewport = { width: "device-width", initialScale: 1 };

export default function RootLayout({ children }: { children: React.ReactNode }) {
  return (
    <html lang="en" data-scroll-behavior="smooth">
      <body className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-background focus:px-3 focus:py-2"
        >
          Skip to content
        </a>
        <SessionInfoProvider>
          <ImpersonationBanner />
          <SiteHeader />
          <main id="main" className="flex-1">
            {children}
          </main>
          <SiteFooter />
          <LazyToaster />
        </SessionInfoProvider>
      </body>
    </html>
  );
}
