"use client";

import { useSyncExternalStore } from "react";

const noSubscribe = () => () => {};

/**
 * False in the server's HTML and until React has hydrated the component, then true. A form whose
 * submit is handled in the browser keeps its button disabled until then: a click on the server's
 * HTML would send the browser's own GET of the form instead, without the fields the handler adds.
 */
export function useHydrated() {
  return useSyncExternalStore(
    noSubscribe,
    () => true,
    () => false,
  );
}
