import type { Metadata } from "next";
import { ExpertsMarketing } from "@/components/directory/experts-marketing";

// What a signed-out visitor of /experts sees: proxy.ts rewrites to this page, which is static
// and carries none of the directory's client code.
export const metadata: Metadata = {
  title: "Find Education Experts",
  description:
    "Search verified K-12 education professionals — superintendents, principals, curriculum directors and teachers — for paid research.",
  alternates: { canonical: "/experts" },
};

export default function ExpertsWelcomePage() {
  return <ExpertsMarketing />;
}
