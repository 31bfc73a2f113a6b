import type { Policy } from "@/lib/site/content/policies";
import { PolicySections } from "@/components/public/policy-sections";

export function PolicyPage({ policy }: { policy: Policy }) {
  return (
    <article className="mx-auto max-w-6xl px-4 py-12 sm:px-6">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{policy.title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {policy.version ? <>Version {policy.version} · </> : null}Effective {policy.effective}
        </p>
        <p className="mt-4 text-lg leading-8 text-muted-foreground">{policy.intro}</p>
      </header>
      <PolicySections sections={policy.sections} />
    </article>
  );
}
