"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ProfileStep } from "@/lib/accounts/constants";
import { ONBOARDING_MESSAGES } from "@/lib/experts/profile/rules";
import type { saveDraftAction, saveStepAction } from "@/lib/experts/actions/onboarding";
import type { Errors, OnboardingProfile, Values } from "@/components/onboarding/types";

export type SaveStatus = "idle" | "saving" | "saved" | "invalid" | "error";
export type DraftAction = typeof saveDraftAction;
export type StepAction = typeof saveStepAction;
type DraftInput = Parameters<DraftAction>[0];
type StepInput = Parameters<StepAction>[0];

const AUTOSAVE_DELAY_MS = 800;
/** Secrets never go to the browser's storage. */
const SECRET_KEYS = ["routingNumber", "accountNumber"];

type Loose = Record<string, unknown>;

function redact(values: Loose): Loose {
  const details = values.paymentDetails as Loose | null | undefined;
  if (!details) return values;
  return { ...values, paymentDetails: Object.fromEntries(Object.entries(details).filter(([k]) => !SECRET_KEYS.includes(k))) };
}

/** What this device kept of a step: whatever was typed, so only its own shape is trusted. */
function readLocal(key: string): Loose {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Loose) : {};
  } catch {
    return {};
  }
}

function writeLocal(key: string, values: Loose | null) {
  try {
    if (values) window.localStorage.setItem(key, JSON.stringify(redact(values)));
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or disabled: the server draft still holds every valid field.
  }
}

/** The action checks { step, values }: its field errors name "values.<field>"; the form names "<field>". */
const ofValues = (errors: Record<string, string[]>): Errors =>
  Object.fromEntries(Object.entries(errors).map(([k, v]) => [k.replace(/^values\./, ""), v]));

/** Field errors for the keys the person changed (and their nested paths). */
function errorsFor(fieldErrors: Record<string, string[]>, touched: Set<string>): Errors {
  return Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => touched.has(k.split(".")[0]) || touched.has(k)));
}

/**
 * One step's form state: debounced autosave to the server (valid fields), a local copy of
 * what was typed (so even a half-typed value survives a reload), and Save & Continue.
 */
export function useStepForm<S extends ProfileStep>(opts: {
  step: S;
  userId: string;
  initial: Values<S>;
  saveDraft: DraftAction;
  saveStep: StepAction;
  onProfile: (profile: OnboardingProfile) => void;
  /**
   * Values only the browser knows (its time zone), read once after mount: they stand in for the
   * stored defaults until the person chooses, and what this device kept still wins over them.
   */
  browserPresets?: () => Partial<Values<S>>;
}) {
  const { step, userId, initial, saveDraft, saveStep, onProfile } = opts;
  const presets = useRef(opts.browserPresets);
  const storageKey = `k12.onboarding.${userId}.${step}`;
  const [values, setValues] = useState<Values<S>>(initial);
  const [errors, setErrors] = useState<Errors>({});
  const [status, setStatus] = useState<SaveStatus>("idle");
  const [submitting, setSubmitting] = useState(false);
  const latest = useRef(values);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const touched = useRef(new Set<string>());
  const sequence = useRef(0);
  const pending = useRef(false);

  // What was typed but not yet accepted by the server wins over the stored profile.
  useEffect(() => {
    const local = readLocal(storageKey);
    const preset: Loose = presets.current?.() ?? {};
    if (Object.keys(local).length || Object.keys(preset).length) {
      const current: Loose = latest.current;
      const merged: Loose = { ...current, ...preset, ...local };
      if (local.paymentDetails && current.paymentDetails)
        merged.paymentDetails = { ...(current.paymentDetails as Loose), ...(local.paymentDetails as Loose) };
      // Typed on this device but never checked: the server checks it like any typed value.
      latest.current = merged as Values<S>;
      setValues(latest.current);
    }
  }, [storageKey]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!pending.current) return;
    pending.current = false;
    const mine = ++sequence.current;
    setStatus("saving");
    // { step, values } pairs this step with its own values; TypeScript cannot follow that
    // pairing through the generic S into the action's union, hence the one assertion.
    const result = await saveDraft({ step, values: latest.current } as DraftInput).catch(() => null);
    if (mine !== sequence.current) return;
    if (!result || !result.ok) {
      setStatus("error");
      if (result && !result.ok && result.fieldErrors) setErrors(errorsFor(result.fieldErrors, touched.current));
      return;
    }
    const fieldErrors = result.data.fieldErrors;
    setErrors(errorsFor(fieldErrors, touched.current));
    setStatus(Object.keys(fieldErrors).length ? "invalid" : "saved");
    onProfile(result.data.profile);
    // Everything typed is on the server now: the local copy is no longer needed.
    if (Object.keys(fieldErrors).length === 0) writeLocal(storageKey, null);
  }, [onProfile, saveDraft, step, storageKey]);

  const set = useCallback(
    <K extends keyof Values<S>>(key: K, value: Values<S>[K]) => {
      const next = { ...latest.current, [key]: value };
      latest.current = next;
      touched.current.add(String(key));
      setValues(next);
      writeLocal(storageKey, next);
      pending.current = true;
      setStatus("saving");
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), AUTOSAVE_DELAY_MS);
    },
    [flush, storageKey],
  );

  // Leaving the page (tab hidden, navigation) saves what is pending at once.
  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === "hidden") void flush();
    };
    document.addEventListener("visibilitychange", onHide);
    window.addEventListener("pagehide", onHide);
    return () => {
      document.removeEventListener("visibilitychange", onHide);
      window.removeEventListener("pagehide", onHide);
      if (timer.current) void flush();
    };
  }, [flush]);

  /** Save & Continue. Resolves to the fresh profile, or null with errors set. */
  const submit = useCallback(
    async (override?: Loose): Promise<{ profile: OnboardingProfile } | { message: string; invalid: boolean }> => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = false;
      sequence.current++; // any draft still in flight is now stale
      const sent = override ? { ...latest.current, ...override } : latest.current;
      setSubmitting(true);
      const result = await saveStep({ step, values: sent } as StepInput).catch(() => null); // pairing as in flush()
      setSubmitting(false);
      if (!result) {
        setStatus("error");
        return { message: ONBOARDING_MESSAGES.saveFailed, invalid: false };
      }
      if (!result.ok) {
        const fieldErrors = ofValues(result.fieldErrors ?? {});
        setErrors(fieldErrors);
        // A refused field is said once, beside the field: nothing failed to save, so the status
        // line does not claim it did.
        const invalid = Object.keys(fieldErrors).length > 0;
        setStatus(invalid ? "idle" : "error");
        return { message: result.message || ONBOARDING_MESSAGES.saveFailed, invalid };
      }
      setErrors({});
      setStatus("saved");
      writeLocal(storageKey, null);
      onProfile(result.data);
      return { profile: result.data };
    },
    [onProfile, saveStep, step, storageKey],
  );

  return { values, errors, status, submitting, set, submit, setErrors };
}
