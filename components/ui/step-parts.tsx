"use client";

import { createContext, useContext, useEffect, useRef, useState } from "react";

/**
 * A part of an onboarding step that is stored by its own action (the conflict declarations):
 * Save & Continue saves every such part first, so nothing typed on the step is left behind.
 * Resolves to null once saved (or when there was nothing to save), or to the message that
 * says what to fix; the step then stays open.
 */
export type StepPartSave = () => Promise<string | null>;

type Registry = { add: (save: { current: StepPartSave }) => () => void };

const StepPartsContext = createContext<Registry | null>(null);

/** The step's side: the parts inside it register here; `saveAll` runs them in turn. */
export function useStepPartsRegistry() {
  // Made once per step: the set of parts and the registry the parts reach through context.
  const [parts] = useState(() => {
    const saves = new Set<{ current: StepPartSave }>();
    const registry: Registry = {
      add: (save) => {
        saves.add(save);
        return () => void saves.delete(save);
      },
    };
    const saveAll = async (): Promise<string | null> => {
      for (const part of saves) {
        const problem = await part.current();
        if (problem) return problem;
      }
      return null;
    };
    return { registry, saveAll };
  });
  return parts;
}

export const StepPartsProvider = StepPartsContext.Provider;

/** The part's side: true when it sits inside a step (and so saves with it, without a button of its own). */
export function useStepPart(save: StepPartSave): boolean {
  const registry = useContext(StepPartsContext);
  const latest = useRef(save);
  useEffect(() => {
    latest.current = save;
  });
  useEffect(() => registry?.add(latest), [registry]);
  return registry !== null;
}
