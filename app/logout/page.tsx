import type { Metadata } from "next";
import { LogoutRunner } from "@/components/auth/logout-runner";

export const metadata: Metadata = {
  title: "Signing Out",
  description: "Signing you out of K12 Experts.",
  robots: { index: false },
};

export default function LogoutPage() {
  return <LogoutRunner />;
}
