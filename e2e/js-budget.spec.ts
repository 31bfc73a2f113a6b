import { expect, test } from "@playwright/test";
import { SITE_MAP } from "../lib/site/content/site-map";
import { firstLoadJs } from "../scripts/lib/first-load-js.mjs";
import { demoExpertId } from "./helpers";

// Every public page, and a public profile, ships at most 175 KB of gzipped
// JavaScript on first load (the scripts a module-capable browser fetches).
const BUDGET_KB = 175;

test("every public page stays within the first-load JavaScript budget", async ({ baseURL }) => {
  const profile = `/experts/${await demoExpertId()}`;
  const paths = [...new Set([...SITE_MAP.flatMap((g) => g.links.map((l) => l.href)), profile])];
  const sizes: Record<string, number> = {};
  for (const path of paths) sizes[path] = (await firstLoadJs(`${baseURL}${path}`)).kb;
  console.log(
    `first-load JS (KB gzipped): ${Object.entries(sizes)
      .map(([p, kb]) => `${p} ${kb}`)
      .join(", ")}`,
  );
  const over = Object.entries(sizes).filter(([, kb]) => kb > BUDGET_KB);
  expect(over, `pages over ${BUDGET_KB} KB`).toEqual([]);
});
