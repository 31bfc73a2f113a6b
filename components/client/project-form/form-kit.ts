import type { Dispatch, SetStateAction } from "react";
import type { Values } from "@/components/client/project-form/project-form-values";

/** What each part of the project form gets from the form: its values, errors and input wiring. */
export type FormKit = {
  values: Values;
  set: <K extends keyof Values>(key: K, value: Values[K]) => void;
  setValues: Dispatch<SetStateAction<Values>>;
  errors: Record<string, string[]>;
  /** The input id of a field. */
  id: (field: string) => string;
  /** id, name, aria-invalid and aria-describedby (its hint where it has one, and its error). */
  fieldProps: (field: keyof Values) => {
    id: string;
    name: string;
    "aria-invalid": boolean;
    "aria-describedby": string | undefined;
  };
};
