import type { Metadata } from "next";
import Link from "next/link";
import { LifeBuoy } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";

export const metadata: Metadata = {
  title: "Help",
  description:
    "General help for K12 Experts is coming soon. Until then, the Help Center answers common questions and our support team is a message away.",
  alternates: { canonical: "/help" },
};

export default function HelpPage() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center">
      <LifeBuoy aria-hidden className="size-12 text-primary" />
      <h1 className="mt-4 text-3xl font-bold tracking-tight">Help is coming soon</h1>
      <p className="mt-3 text-lg text-muted-foreground">
        We are writing step-by-step guides for experts and research clients. In the meantime, the Help Center answers the most common
        questions about verification, invitations, payments and privacy.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link href="/help-center">Visit the Help Center</Link>
        </Button>
        <Button asChild variant="outline">
          <Link href="/contact">Contact Support</Link>
        </Button>
      </div>
    </div>
  );
}
