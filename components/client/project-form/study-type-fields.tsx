"use client";

import { Field } from "@/components/ui/field";
import { NativeSelect } from "@/components/ui/native-select";
import { DEFAULT_TYPE_OF_RESEARCH, PROJECT_TYPES, RESEARCH_TYPES, type ResearchTypeValue } from "@/lib/vocabulary/studies";
import { TYPE_HELP } from "@/components/client/project-form/project-form-values";
import type { FormKit } from "@/components/client/project-form/form-kit";

/** The research type and the study's Type (interview, survey, focus group), which decides the fields below. */
export function StudyTypeFields({ kit }: { kit: FormKit }) {
  const { values, set, setValues, errors, id, fieldProps } = kit;
  return (
    <>
      <Field id={id("researchType")} label="Research type" error={errors.researchType}>
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
      </Field>
      <Field id={id("projectType")} label="Type" error={errors.projectType} hint={TYPE_HELP[values.projectType] ?? TYPE_HELP.interview}>
        <NativeSelect {...fieldProps("projectType")} value={values.projectType} onChange={(e) => set("projectType", e.target.value)}>
          {PROJECT_TYPES.map((t) => (
            <option key={t.value} value={t.value}>
              {t.label}
            </option>
          ))}
        </NativeSelect>
      </Field>
    </>
  );
}
