import type { Metadata } from "next";
import Link from "next/link";
import { HelpCenterFaq } from "@/components/public/help-center-faq";
import { HelpCenterSearch } from "@/components/public/help-center-search";
import { Button } from "@/components/ui/button";
import { FAQ_CATEGORIES } from "@/lib/site/content/help-center";
import { SUPPORT_REPLY } from "@/lib/site/schemas/contact-rules";

export const metadata: Metadata = {
  title: "Help Center",
  description:
    "Answers for K-12 education experts and research clients: getting verified, research invitations, payment stages from Pending QC to Paid, tax forms and privacy.",
  alternates: { canonical: "/help-center" },
};

export default function HelpCenterPage() {
  return (
    <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Help Center</h1>
      <p className="mt-3 text-lg text-muted-foreground">Find answers about joining, research invitations, payments and your account.</p>
      <div className="mt-8">
        <HelpCenterSearch />
      </div>
      <div className="mt-4">
        <HelpCenterFaq categories={FAQ_CATEGORIES} />
      </div>
      <section aria-labelledby="still-need-help" className="mt-12 rounded-lg bg-muted p-6">
        <h2 id="still-need-help" className="text-xl font-semibold">
          Still need help?
        </h2>
        <p className="mt-2 text-muted-foreground">{SUPPORT_REPLY}</p>
        <Button asChild className="mt-4">
          <Link href="/contact">Contact Support</Link>
        </Button>
      </section>
    </div>
  );
}
