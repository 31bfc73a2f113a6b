"use client";

import { useEffect, useId, useRef, useState, useTransition } from "react";
import { toast } from "sonner";
import { conflictDeclarationsSchema } from "@/lib/experts/schemas/conflicts";
import {
  DeclarationsIntro,
  DeclarationsFooter,
  EmployerFields,
  RelationshipRows,
  SAVE_FAILED,
  type Row,
} from "@/components/onboarding/conflict-declarations-parts";
import { fieldErrorsOf } from "@/lib/platform/validation/issues";
import { getConflictDeclarationsAction, saveConflictDeclarationsAction } from "@/lib/experts/actions/dashboard";
import { useStepPart } from "@/components/ui/step-parts";

export type Declarations = {
  employerName: string | null;
  employerDomain: string | null;
  purchaseInfluence: "low" | "medium" | "high" | null;
  relationships: { name: string; domain: string | null }[];
};

/** How long typing pauses before the declarations inside an onboarding step save themselves. */
const AUTOSAVE_DELAY_MS = 800;
const FIX_DECLARATIONS = "Fix the highlighted conflict-of-interest declarations, then continue.";

type Typed = { employerName: string; employerDomain: string; purchaseInfluence: string; rows: Row[] };
const inputOf = (t: Typed) => ({
  employerName: t.employerName,
  employerDomain: t.employerDomain,
  purchaseInfluence: (t.purchaseInfluence || null) as Declarations["purchaseInfluence"],
  relationships: t.rows.filter((r) => r.name.trim() || r.domain.trim()).map((r) => ({ name: r.name, domain: r.domain })),
});

/**
 * Conflict-of-interest declarations: the expert's employer and the vendors or products they
 * have a financial relationship with. Clients from a matching organization must confirm before
 * inviting, and both sides see the match. Saved on its own (replace-all) and has no <form> of
 * its own. In Settings it has its own Save button; inside an onboarding step it saves as the
 * person types, like the step's other fields, and the step's Save & Continue saves it first,
 * so what was typed here is never left behind.
 */
export function ConflictDeclarationsForm({ initial, headingLevel = 3 }: { initial?: Declarations | null; headingLevel?: 2 | 3 }) {
  const base = useId();
  const [loaded, setLoaded] = useState<Declarations | null>(initial ?? null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [employerName, setEmployerName] = useState(initial?.employerName ?? "");
  const [employerDomain, setEmployerDomain] = useState(initial?.employerDomain ?? "");
  const [purchaseInfluence, setPurchaseInfluence] = useState<string>(initial?.purchaseInfluence ?? "");
  const [rows, setRows] = useState<Row[]>(() =>
    (initial?.relationships ?? []).map((r, i) => ({ key: i, name: r.name, domain: r.domain ?? "" })),
  );
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [pending, startTransition] = useTransition();
  const [autosaveStatus, setAutosaveStatus] = useState<"idle" | "saving" | "saved" | "invalid" | "error">("idle");

  // What was typed, for saves that run after the render that scheduled them.
  const typed = useRef<Typed>({ employerName, employerDomain, purchaseInfluence, rows });
  useEffect(() => {
    typed.current = { employerName, employerDomain, purchaseInfluence, rows };
  }, [employerName, employerDomain, purchaseInfluence, rows]);
  // Edits made (`edits`) against edits saved (`savedEdits`): equal means nothing is left to save.
  const edits = useRef(0);
  const savedEdits = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (initial !== undefined) return;
    let live = true;
    void getConflictDeclarationsAction({}).then((res) => {
      if (!live) return;
      if (!res.ok) return setLoadError(res.message);
      setLoaded(res.data);
      setEmployerName(res.data.employerName ?? "");
      setEmployerDomain(res.data.employerDomain ?? "");
      setPurchaseInfluence(res.data.purchaseInfluence ?? "");
      setRows(res.data.relationships.map((r, i) => ({ key: i, name: r.name, domain: r.domain ?? "" })));
    });
    return () => {
      live = false;
    };
  }, [initial]);

  /** Checks and saves what is typed now; null when saved, else what to fix. */
  const persist = async (): Promise<string | null> => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    const edit = edits.current;
    const input = inputOf(typed.current);
    const parsed = conflictDeclarationsSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      setAutosaveStatus("invalid");
      return FIX_DECLARATIONS;
    }
    setErrors({});
    setAutosaveStatus("saving");
    const res = await saveConflictDeclarationsAction(input).catch(() => null);
    if (!res || !res.ok) {
      setErrors(res?.fieldErrors ?? {});
      setAutosaveStatus("error");
      return res?.message || SAVE_FAILED;
    }
    savedEdits.current = Math.max(savedEdits.current, edit);
    setLoaded(res.data);
    setAutosaveStatus("saved");
    return null;
  };

  // Inside a step: Save & Continue saves what is left to save first.
  const inStep = useStepPart(async () => (edits.current === savedEdits.current ? null : persist()));

  /** Every change goes through here: inside a step it schedules the autosave. */
  const edited = () => {
    edits.current++;
    if (!inStep) return;
    setAutosaveStatus("saving");
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void persist(), AUTOSAVE_DELAY_MS);
  };

  // Leaving the page (tab hidden, navigation) saves what is pending at once, as the step does.
  useEffect(() => {
    if (!inStep) return;
    const onHide = () => {
      if (document.visibilityState === "hidden" && edits.current !== savedEdits.current) void persist();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
    };
  }, [inStep]);

  const save = () => {
    startTransition(async () => {
      const problem = await persist();
      if (problem && problem !== FIX_DECLARATIONS) toast.error("Declarations Not Saved", { description: problem });
      if (!problem)
        toast.success("Declarations Saved", {
          description: "Clients from these organizations will be asked to confirm before inviting you.",
        });
    });
  };
  // Until the stored declarations are loaded, typing would be overwritten by them (and an
  // autosave would replace the stored list with an empty one).
  const waiting = initial === undefined && !loaded && !loadError;

  const id = (f: string) => `${base}-${f}`;
  const err = (f: string) => errors[f]?.[0];
  const describe = (f: string) => (err(f) ? `${id(f)}-error` : undefined);
  const wiring = { id, err, describe };

  return (
    <section
      aria-labelledby={id("title")}
      className="space-y-4 rounded-md border border-border p-4"
      data-testid="conflict-declarations"
      onKeyDown={(e) => {
        // Enter saves the declarations (in Settings), never submits a surrounding step.
        if (e.key === "Enter" && e.target instanceof HTMLInputElement) {
          e.preventDefault();
          if (inStep) void persist();
          else save();
        }
      }}
    >
      <DeclarationsIntro titleId={id("title")} headingLevel={headingLevel} loadError={loadError} />
      <EmployerFields
        {...wiring}
        waiting={waiting}
        employerName={employerName}
        employerDomain={employerDomain}
        purchaseInfluence={purchaseInfluence}
        setEmployerName={setEmployerName}
        setEmployerDomain={setEmployerDomain}
        setPurchaseInfluence={setPurchaseInfluence}
        edited={edited}
      />
      <RelationshipRows {...wiring} waiting={waiting} rows={rows} setRows={setRows} edited={edited} />
      <DeclarationsFooter inStep={inStep} status={autosaveStatus} save={save} pending={pending} waiting={waiting} />
    </section>
  );
}
