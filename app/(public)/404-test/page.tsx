import type { Metadata } from "next";
import Link from "next/link";
import { RedirectAfter } from "@/components/public/redirect-after";

export const metadata: Metadata = {
  title: "404 Test",
  description: "A test page that sends you to an address that does not exist, to show the K12 Experts not-found page.",
  robots: { index: false },
};

const MISSING_PATH = "/this-page-does-not-exist";

export default function NotFoundTestPage() {
  return (
    <div className="mx-auto max-w-xl px-4 py-24 text-center">
      <h1 className="text-3xl font-bold">Testing the 404 page</h1>
      <p className="mt-3 text-muted-foreground">
        In 2 seconds you will be sent to <code className="rounded bg-muted px-1.5 py-0.5">{MISSING_PATH}</code>, which does not exist.
      </p>
      <RedirectAfter to={MISSING_PATH} seconds={2} />
      <Link href={MISSING_PATH} className="mt-6 inline-block text-primary underline-offset-4 hover:underline">
        Go there now
      </Link>
    </div>
  );
}
