"use client";

import { useCallback } from "react";
import { safeParse, type $ZodType, type output } from "zod/v4/core";
import { useCheckedForm, type Checked, type FieldErrors, type Submitted } from "@/components/ui/use-checked-form";

// The form layer with the same zod schema the server action parses (use-checked-form.tsx says
// what every form on the layer does). Values are read as typed: an empty field is "", not
// missing, so the schema's own message is shown ("Please give a reason (at least 3
// characters)"), not zod's generic "expected string, received undefined".

export function useZodForm<Schema extends $ZodType<Record<string, unknown>>>({
  schema,
  id,
  onValid,
  onInvalid,
}: {
  schema: Schema;
  id?: string;
  /** Runs with the parsed value once the form is valid. */
  onValid: (value: output<Schema>, formData: FormData) => void;
  onInvalid?: (errors: FieldErrors) => void;
}) {
  const check = useCallback(
    (submitted: Submitted): Checked<output<Schema>> => {
      const parsed = safeParse(schema, submitted);
      if (parsed.success) return { value: parsed.data };
      const error: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const name = fieldName(issue.path);
        // One message per field: the first the schema gives.
        error[name] ??= [issue.message];
      }
      return { error };
    },
    [schema],
  );
  return useCheckedForm({ check, id, onValid, onInvalid });
}

/** An issue's path as the form names the field: `sessions[0].startsAt`. */
function fieldName(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (name, segment) => (typeof segment === "number" ? `${name}[${segment}]` : name ? `${name}.${String(segment)}` : String(segment)),
    "",
  );
}
