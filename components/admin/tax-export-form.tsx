"use client";

import { useId, useState } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { useReauth } from "@/components/settings/reauth-dialog";
import { downloadCsv } from "@/components/admin/csv-download";

/** The 1099 export: a POST that asks for the password again when it was not entered lately (the file holds full TINs). */
export function TaxExportForm({ years }: { years: { value: number; label: string }[] }) {
  const id = useId();
  const { withReauth, dialog } = useReauth();
  const [year, setYear] = useState(String(years[0]?.value ?? ""));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(undefined);
    try {
      const res = await withReauth(() => downloadCsv("/api/admin/tax/1099", { year: Number(year) }, `1099-nec-${year}.csv`));
      if (!res.ok) setError(res.message);
      else toast.success("1099 export downloaded", { description: `${res.data.filename}; the export is recorded with your name.` });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
      <div className="space-y-2">
        <Label htmlFor={`${id}-year`}>Tax year</Label>
        <NativeSelect
          id={`${id}-year`}
          name="year"
          value={year}
          onChange={(e) => setYear(e.target.value)}
          wrapperClassName="w-56"
          aria-describedby={error ? `${id}-error` : undefined}
        >
          {years.map((y) => (
            <option key={y.value} value={y.value}>
              {y.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <Button type="submit" disabled={busy} aria-busy={busy}>
        {busy ? <Spinner label="Exporting…" /> : null}
        Download CSV
      </Button>
      <FieldError id={`${id}-error`} className="basis-full">
        {error}
      </FieldError>
      {dialog}
    </form>
  );
}
