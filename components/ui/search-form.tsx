import { Search } from "@/components/ui/icons";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";

/** A plain GET form: the search lives in the URL (?q=), works without JavaScript and can be shared; `hidden` keeps the address's other filters (a tab). */
export function SearchForm({
  id,
  label,
  placeholder,
  defaultValue,
  action,
  hidden,
  children,
}: {
  id: string;
  label: string;
  placeholder: string;
  defaultValue?: string;
  action: string;
  hidden?: Record<string, string>;
  /** More fields of the same search (a format select), between the words and the button. */
  children?: React.ReactNode;
}) {
  return (
    <form role="search" action={action} method="get" className="flex w-full flex-col gap-2 sm:max-w-md sm:flex-row sm:items-end">
      <div className="flex-1">
        <Label htmlFor={id}>{label}</Label>
        <Input id={id} name="q" type="search" placeholder={placeholder} defaultValue={defaultValue} maxLength={100} className="mt-1" />
      </div>
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <Button type="submit" variant="outline">
        <Search aria-hidden /> Search
      </Button>
    </form>
  );
}
