// The skeleton look on its own module (like button-variants.ts): the header's client island
// uses it without pulling tailwind-merge into every public page's bundle.
export const SKELETON_CLASS = "animate-pulse rounded-md bg-muted motion-reduce:animate-none";
