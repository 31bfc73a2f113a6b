import type { Metadata } from "next";
import Link from "next/link";
import { Clock, LifeBuoy, Mail } from "@/components/ui/icons";
import { ContactForm } from "@/components/public/contact-form";
import { envSubset } from "@/lib/platform/env";
import { SUPPORT_REPLY } from "@/lib/site/schemas/contact-rules";
import { SUPPORT_REPLY_TIME } from "@/lib/vocabulary/support";
import { sendContactMessageAction } from "../../../lib/site/actions/contact";

export const metadata: Metadata = {
  title: "Contact Us",
  description: `Questions about verification, research invitations or payments? Send the K12 Experts support team a message; we reply within ${SUPPORT_REPLY_TIME}.`,
  alternates: { canonical: "/contact" },
};

// Read at build time on purpose: the page stays static. Not a secret; it is the public support inbox.
const SUPPORT_ADDRESS = envSubset(["SUPPORT_EMAIL"]).SUPPORT_EMAIL;

export default function ContactPage() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Contact Us</h1>
      <p className="mt-3 max-w-2xl text-lg text-muted-foreground">
        Whether you are an educator with a question about a payout or a research team planning a study, we are here to help.
      </p>
      <div className="mt-10 grid gap-10 lg:grid-cols-[1fr_20rem]">
        <section aria-labelledby="form-heading">
          <h2 id="form-heading" className="sr-only">
            Send us a message
          </h2>
          <ContactForm send={sendContactMessageAction} />
        </section>
        <aside aria-label="Other ways to reach us" className="space-y-6">
          <div className="rounded-lg border p-5">
            <h2 className="flex items-center gap-2 font-semibold">
              <Mail aria-hidden className="size-4 text-primary" /> Email us directly
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              <a href={`mailto:${SUPPORT_ADDRESS}`} className="break-all text-primary underline-offset-4 hover:underline">
                {SUPPORT_ADDRESS}
              </a>
            </p>
          </div>
          <div className="rounded-lg border p-5">
            <h2 className="flex items-center gap-2 font-semibold">
              <Clock aria-hidden className="size-4 text-primary" /> Response time
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">{SUPPORT_REPLY}</p>
          </div>
          <div className="rounded-lg border p-5">
            <h2 className="flex items-center gap-2 font-semibold">
              <LifeBuoy aria-hidden className="size-4 text-primary" /> Quick answers
            </h2>
            <p className="mt-2 text-sm text-muted-foreground">
              Many questions about verification, invitations and payments are answered in the{" "}
              <Link href="/help-center" className="text-primary underline underline-offset-4">
                Help Center
              </Link>
              .
            </p>
          </div>
        </aside>
      </div>
    </div>
  );
}
