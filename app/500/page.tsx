import type { Metadata } from "next";
import { ServerErrorContent } from "@/components/layout/server-error-content";

export const metadata: Metadata = { title: "Server Error", description: "Something went wrong on our side.", robots: { index: false } };

export default function ServerErrorPage() {
  return <ServerErrorContent />;
}
