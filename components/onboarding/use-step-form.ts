"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import type { ProfileStep } from "@/lib/constants";
import type { ActionResult } from "@/lib/actions/action";
import { ONBOARDING_MESSAGES } from "@/lib/validation/onboarding";
import type { Errors, OnboardingProfile, Values } from "@/components/onboarding/types";

export type SaveStatus = "idle" | "saving" | "saved" | "invalid" | "error";
export type DraftAction = (input: unknown) => Promise<ActionResult<{ profile: OnboardingProfile; fieldErrors: Record<string, string[]> }>>;
export type StepAction = (input: unknown) => Promise<ActionResult<OnboardingProfile>>;

const AUTOSAVE_DELAY_MS = 800;
/** Secrets never go to the browser's storage. */
const SECRET_KEYS = ["routingNumber", "accountNumber"];

function redact(values: Values): Values {
  const details = values.paymentDetails as Values | undefined;
  if (!details) return values;
  return { ...values, paymentDetails: Object.fromEntries(Object.entries(details).filter(([k]) => !SECRET_KEYS.includes(k))) };
}

function readLocal(key: string): Values {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as Values) : {};
  } catch {
    return {};
  }
}

function writeLocal(key: string, values: Values | null) {
  try {
    if (values) window.localStorage.setItem(key, JSON.stringify(redact(values)));
    else window.localStorage.removeItem(key);
  } catch {
    // Storage full or disabled: the server draft still holds every valid field.
  }
}

/** Field errors for the keys the person changed (and their nested paths). */
function errorsFor(fieldErrors: Record<string, string[]>, touched: Set<string>): Errors {
  return Object.fromEntries(Object.entries(fieldErrors).filter(([k]) => touched.has(k.split(".")[0]) || touched.has(k)));
}

/**
 * One step's form state: debounced autosave to the server (valid fields), a local copy of
 * what was typed (so even a half-typed value survives a reload), and Save & Continue.
 */
export function useStepForm(opts: {
  step: ProfileStep;
  userId: string;
  initial: Values;
  saveDraft: DraftAction;
  saveStep: StepAction;
  onProfile: (profile: OnboardingProfile) => void;
}) {
  const { step, userId, initial, saveDraft, saveStep, onProfile } = opts;
  const storageKey = `k12.onboarding.${userId}.${step}`;
  const [values, setValues] = useState<Values>(initial);
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
    if (Object.keys(local).length) {
      const merged = { ...latest.current, ...local };
      if (local.paymentDetails && latest.current.paymentDetails) {
        merged.paymentDetails = { ...(latest.current.paymentDetails as Values), ...(local.paymentDetails as Values) };
      }
      latest.current = merged;
      setValues(merged);
    }
  }, [storageKey]);

  const flush = useCallback(async () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (!pending.current) return;
    pending.current = false;
    const mine = ++sequence.current;
    setStatus("saving");
    const result = await saveDraft({ step, values: latest.current }).catch(() => null);
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
    (key: string, value: unknown) => {
      const next = { ...latest.current, [key]: value };
      latest.current = next;
      touched.current.add(key);
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
    async (override?: Values): Promise<{ profile: OnboardingProfile } | { message: string }> => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      pending.current = false;
      sequence.current++; // any draft still in flight is now stale
      const sent = override ? { ...latest.current, ...override } : latest.current;
      setSubmitting(true);
      const result = await saveStep({ step, values: sent }).catch(() => null);
      setSubmitting(false);
      if (!result) {
        setStatus("error");
        return { message: ONBOARDING_MESSAGES.saveFailed };
      }
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setStatus("error");
        return { message: result.message || ONBOARDING_MESSAGES.saveFailed };
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
