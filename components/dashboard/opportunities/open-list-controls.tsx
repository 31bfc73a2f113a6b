import { SearchForm } from "@/components/ui/search-form";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { PageLinks } from "@/components/ui/page-links";

const FORMATS = [
  { value: "", label: "Any format" },
  { value: "survey", label: "Surveys" },
  { value: "interview", label: "Interviews" },
  { value: "focus_group", label: "Focus groups" },
] as const;

type Filters = { q?: string; format?: string };
const PATH = "/dashboard";

/** The Open list's search: words of a study's title and its format, kept in the address with the Opportunities tab. */
export function OpenListSearch({ filters }: { filters: Filters }) {
  return (
    <SearchForm
      id="open-studies-search"
      label="Search open studies"
      placeholder="Words of the title"
      defaultValue={filters.q}
      action={PATH}
      hidden={{ tab: "opportunities" }}
    >
      <div>
        <Label htmlFor="open-studies-format">Format</Label>
        <NativeSelect id="open-studies-format" name="format" defaultValue={filters.format ?? ""} wrapperClassName="mt-1 sm:w-40">
          {FORMATS.map((f) => (
            <option key={f.value} value={f.value}>
              {f.label}
            </option>
          ))}
        </NativeSelect>
      </div>
    </SearchForm>
  );
}

/** Sooner / Later deadlines under the Open list, keeping its search. */
export function OpenListPages({ filters, page }: { filters: Filters; page: { after: string | null; before: string | null } }) {
  return (
    <PageLinks
      path={PATH}
      query={filters.q}
      keep={{ tab: "opportunities", format: filters.format }}
      page={page}
      noun="open studies"
      labels={{ before: "Sooner deadlines", after: "Later deadlines" }}
    />
  );
}
