"use client";

import { useId, useState } from "react";
import { usePathname } from "next/navigation";
import { Search } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Checkbox } from "@/components/ui/checkbox";
import { useDirectoryNavigation } from "@/components/directory/directory-navigation";
import { ClientSliders, FilterSelect, RateInputs, type Draft } from "@/components/directory/filter-parts";
import { searchParamsFromFilters, type DirectoryFilters, type DirectoryVariant, type DirectoryView } from "@/lib/experts/schemas/directory";
import { pick } from "@/lib/vocabulary/options";
import { CLIENT_FILTER_STATES, DIRECTORY_FILTER_STATES, US_STATES } from "@/lib/vocabulary/places";
import { ROLE_FILTERS } from "@/lib/vocabulary/roles";
import {
  DISTRICT_ENROLLMENT_BANDS,
  DISTRICT_LOCALE_GROUPS,
  DISTRICT_POVERTY_QUARTILES,
  DISTRICT_SIZES,
  DISTRICT_TYPE_FILTERS,
  URBANICITY_FILTERS,
} from "@/lib/vocabulary/districts";
import { CLIENT_AVAILABILITY_FILTERS, DIRECTORY_AVAILABILITY_FILTERS } from "@/lib/vocabulary/availability";
import { DEPARTMENT_FILTERS, FOCUS_AREA_FILTERS, TOOL_FILTERS, VERIFICATION_STATUSES, asOptions } from "@/lib/vocabulary/directory";

type Props = {
  filters: DirectoryFilters;
  view: DirectoryView;
  variant: DirectoryVariant;
  isAdmin: boolean;
  /** The client's open projects with a sample plan: choosing one puts its open cells' experts first. */
  plans?: readonly { id: string; title: string }[];
};

const DIRECTORY_STATES = pick(US_STATES, DIRECTORY_FILTER_STATES);
/** The client variant shows the states by code. */
const CLIENT_STATES = CLIENT_FILTER_STATES.map((s) => ({ value: s, label: s }));
const ROLE_OPTIONS = asOptions(ROLE_FILTERS.map((r) => r.label));
const VERIFIED_ONLY = VERIFICATION_STATUSES.filter((s) => s.value === "verified");

/**
 * The filter panel. Every change becomes a new URL (page back to 1), so a search can be
 * shared, bookmarked and walked back with the browser's Back button.
 */
export function DirectoryFilters({ filters, view, variant, isAdmin, plans = [] }: Props) {
  const { go: navigate } = useDirectoryNavigation();
  const pathname = usePathname();
  const id = useId();
  const [q, setQ] = useState(filters.q ?? "");
  const [role, setRole] = useState(filters.role ?? "");
  const [rateMin, setRateMin] = useState(filters.rateMin?.toString() ?? "");
  const [rateMax, setRateMax] = useState(filters.rateMax?.toString() ?? "");

  // What was just chosen, shown while the new results load (the panel remounts with the new URL).
  const [chosen, setChosen] = useState<Draft>({});

  const go = (changes: Draft) => {
    setChosen((c) => ({ ...c, ...changes }));
    const next = { ...filters, ...changes, page: 1 } as Record<string, unknown>;
    for (const [k, v] of Object.entries(next)) if (v === "" || v === undefined) delete next[k];
    navigate(`${pathname}?${searchParamsFromFilters(next as Partial<DirectoryFilters>, view).toString()}`.replace(/\?$/, ""));
  };

  /** One list filter: the choice just made (while the results load), else the one in the URL. */
  const select = (
    key: keyof DirectoryFilters,
    label: string,
    options: readonly { value: string; label: string }[],
    anyLabel = "All",
    hint?: string,
  ) => (
    <FilterSelect
      id={`${id}-${key}`}
      label={label}
      hint={hint}
      options={options}
      anyLabel={key === "verification" ? undefined : anyLabel}
      value={String((key in chosen ? chosen[key] : filters[key]) ?? "")}
      onChange={(value) => go({ [key]: value })}
    />
  );

  return (
    <form
      role="search"
      aria-label="Filter experts"
      className="grid gap-4"
      onSubmit={(e) => {
        e.preventDefault();
        go({ q: q.trim(), role: role.trim(), ...(variant === "directory" ? { rateMin: rateMin.trim(), rateMax: rateMax.trim() } : {}) });
      }}
    >
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-q`}>Search</Label>
        <div className="flex gap-2">
          <Input
            id={`${id}-q`}
            type="search"
            value={q}
            maxLength={100}
            placeholder={variant === "client" ? "Role, organization or tag" : "Role, organization or bio"}
            onChange={(e) => setQ(e.target.value)}
          />
          <Button type="submit" aria-label="Search">
            <Search aria-hidden="true" />
          </Button>
        </div>
      </div>
      {plans.length > 0 &&
        select(
          "recruitingFor",
          "Recruiting for",
          plans.map((p) => ({ value: p.id, label: p.title })),
          "No project",
          "Experts in the project's open sample-plan cells come first.",
        )}
      {select("state", "State", variant === "client" ? CLIENT_STATES : DIRECTORY_STATES, "All states")}
      {variant === "client" ? (
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-role`}>Role</Label>
          <Input
            id={`${id}-role`}
            value={role}
            maxLength={100}
            placeholder="e.g. Principal"
            onChange={(e) => setRole(e.target.value)}
            onBlur={() => role.trim() !== (filters.role ?? "") && go({ role: role.trim() })}
          />
        </div>
      ) : (
        select("role", "Role", ROLE_OPTIONS, "All roles")
      )}
      {select("department", "Department", asOptions(DEPARTMENT_FILTERS), "All departments")}
      {select("districtType", "District Type", DISTRICT_TYPE_FILTERS, "All types")}
      {variant === "directory" && select("districtSize", "District Size", DISTRICT_SIZES, "All sizes")}
      {variant === "directory" && select("urbanicity", "Urbanicity", URBANICITY_FILTERS, "All")}
      {/* The NCES directory's values, so they find district-verified experts only (a school e-mail that names its district). */}
      <fieldset className="grid gap-3 rounded-md border p-3" aria-describedby={`${id}-district-hint`}>
        <legend className="px-1 text-sm font-medium">Verified district</legend>
        <p id={`${id}-district-hint`} className="text-xs text-muted-foreground">
          From the NCES district directory: only experts whose school e-mail names their district match.
        </p>
        {select("localeGroup", "Locale", DISTRICT_LOCALE_GROUPS, "Any locale")}
        {select("enrollmentBand", "Enrollment", DISTRICT_ENROLLMENT_BANDS, "Any enrollment")}
        {select("povertyQuartile", "Poverty", DISTRICT_POVERTY_QUARTILES, "Any poverty level")}
      </fieldset>
      {select(
        "availability",
        "Availability",
        variant === "client" ? CLIENT_AVAILABILITY_FILTERS : DIRECTORY_AVAILABILITY_FILTERS,
        "Any availability",
      )}
      {/* The client search has a verification filter (default verified); clients are only ever shown verified experts (enforced in searchDirectory), admins may look at the others. */}
      {isAdmin
        ? select("verification", "Verification", VERIFICATION_STATUSES)
        : variant === "client" &&
          select("verification", "Verification", VERIFIED_ONLY, undefined, "Client search lists verified experts only.")}
      {variant === "directory" && select("tag", "Focus Area", asOptions(FOCUS_AREA_FILTERS), "All focus areas")}
      {select("tool", "Tools", asOptions(TOOL_FILTERS), "All tools")}
      {variant === "directory" ? (
        <RateInputs
          id={id}
          min={rateMin}
          max={rateMax}
          onMin={setRateMin}
          onMax={setRateMax}
          onLeave={(which, value) => value !== (filters[which]?.toString() ?? "") && go({ [which]: value.trim() })}
        />
      ) : (
        <ClientSliders filters={filters} go={go} />
      )}
      <div className="flex items-center gap-2">
        <Checkbox
          id={`${id}-schoolEmail`}
          checked={("schoolEmail" in chosen ? chosen.schoolEmail : filters.schoolEmail) === "verified"}
          onCheckedChange={(on) => go({ schoolEmail: on === true ? "verified" : undefined })}
        />
        <Label htmlFor={`${id}-schoolEmail`} className="font-normal">
          School e-mail verified this school year
        </Label>
      </div>
      <Button type="submit" variant="secondary">
        Apply Filters
      </Button>
    </form>
  );
}
