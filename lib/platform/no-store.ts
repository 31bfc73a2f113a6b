/** Headers for an answer no cache may keep: it is about one signed-in person, or changes on every request. */
export const NO_STORE = { "Cache-Control": "no-store, no-cache, must-revalidate, max-age=0", Pragma: "no-cache" };
