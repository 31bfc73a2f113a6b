import type { Metadata } from "next";
import Link from "next/link";
import { getActor } from "@/lib/accounts/session";
import { districtPolicyDirectory } from "@/lib/districts/research-policies";
import { APPROVAL_REQUIRED_LABELS } from "@/lib/districts/research-policy-words";
import { PolicyWords } from "@/components/districts/policy-words";
import { SearchForm } from "@/components/ui/search-form";

export const metadata: Metadata = {
  title: "District research policies",
  description: "Which US school districts publish their rule for outside research with staff on K12 Experts.",
  alternates: { canonical: "/districts" },
};

type Search = { q?: string | string[]; page?: string | string[] };
const one = (v: string | string[] | undefined) => (typeof v === "string" ? v : "");

export default async function DistrictsDirectoryPage({ searchParams }: { searchParams: Promise<Search> }) {
  const sp = await searchParams;
  const q = one(sp.q).slice(0, 100);
  const page = Number.parseInt(one(sp.page), 10) || 1;
  const actor = await getActor().catch(() => null);
  const dir = await districtPolicyDirectory(actor, { q, page });
  const href = (p: number) => `/districts?${new URLSearchParams({ ...(q ? { q } : {}), page: String(p) })}`;
  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6">
      <div className="space-y-2">
        <h1 className="text-3xl font-bold tracking-tight">District research policies</h1>
        <p className="text-lg">
          <strong>{dir.total.toLocaleString("en-US")}</strong> {dir.total === 1 ? "district publishes" : "districts publish"} a research
          policy on K12 Experts.
        </p>
        <p className="text-muted-foreground">
          {dir.showPolicies ? (
            "Each district's rule for outside surveys, interviews and focus groups with its staff, with its source."
          ) : (
            <>
              The policies themselves are shown to signed-in research clients.{" "}
              <Link href="/client/login?callbackUrl=%2Fdistricts" className="text-primary underline underline-offset-4">
                Sign in as a client
              </Link>
            </>
          )}
        </p>
      </div>
      <SearchForm id="district-search" label="Find a district" placeholder="Name or state (TX)" defaultValue={q} action="/districts" />
      {dir.districts.length === 0 ? (
        <p className="text-muted-foreground">
          {q ? "No district that publishes a policy matches." : "No district publishes a policy yet."}
        </p>
      ) : (
        <ul className="space-y-3">
          {dir.districts.map((d) => (
            <li key={d.leaid} className="rounded-md border p-4">
              <h2 className="font-semibold break-words">
                {d.name}, {d.state}
              </h2>
              {d.policy ? (
                <div className="mt-2 space-y-1">
                  <p className="text-sm font-medium">{APPROVAL_REQUIRED_LABELS[d.policy.approvalRequired]}</p>
                  <PolicyWords district={d.name} policy={d.policy} />
                </div>
              ) : (
                <p className="text-sm text-muted-foreground">Publishes a research policy</p>
              )}
            </li>
          ))}
        </ul>
      )}
      {dir.pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center justify-between text-sm">
          {dir.page > 1 ? <Link href={href(dir.page - 1)}>Previous</Link> : <span />}
          <span>
            Page {dir.page} of {dir.pages}
          </span>
          {dir.page < dir.pages ? <Link href={href(dir.page + 1)}>Next</Link> : <span />}
        </nav>
      ) : null}
    </div>
  );
}
