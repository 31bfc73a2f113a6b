"use client";

import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { FieldError } from "@/components/ui/field-error";
import { DEFAULT_TYPE_OF_RESEARCH, PROJECT_TYPES, RESEARCH_TYPES, type ResearchTypeValue } from "@/lib/vocabulary/studies";
import { TYPE_HELP } from "@/components/client/project-form/project-form-values";
import type { FormKit } from "@/components/client/project-form/form-kit";

/** The research type and the study's Type (interview, survey, focus group), which decides the fields below. */
export function StudyTypeFields({ kit }: { kit: FormKit }) {
  const { values, set, setValues, errors, id, fieldProps } = kit;
  return (
    <>
      <div className="grid gap-1.5">
        <Label htmlFor={id("researchType")}>Research type</Label>
        <NativeSelect
          {...fieldProps("researchType")}
          value={values.researchType}
          onChange={(e) => {
            const research = e.target.value as ResearchTypeValue | "";
            // The research type suggests how the study runs; the client may still change the Type.
            setValues((v) => ({
              ...v,
              researchType: research,
              projectType: research ? DEFAULT_TYPE_OF_RESEARCH[research] : v.projectType,
            }));
          }}
        >
          <option value="">Choose…</option>
          {RESEARCH_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id("researchType")}-error`}>{errors.researchType?.[0]}</FieldError>
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={id("projectType")}>Type</Label>
        <NativeSelect
          {...fieldProps("projectType")}
          aria-describedby={[errors.projectType ? `${id("projectType")}-error` : null, `${id("projectType")}-help`]
            .filter(Boolean)
            .join(" ")}
          value={values.projectType}
          onChange={(e) => set("projectType", e.target.value)}
        >
          {PROJECT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </NativeSelect>
        <p id={`${id("projectType")}-help`} className="text-xs text-muted-foreground">
          {TYPE_HELP[values.projectType] ?? TYPE_HELP.interview}
        </p>
        <FieldError id={`${id("projectType")}-error`}>{errors.projectType?.[0]}</FieldError>
      </div>
    </>
  );
}
