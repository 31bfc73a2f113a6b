import { expect, test } from "@playwright/test";
import { DEMO, signInAs } from "./helpers";

// A page with a loading screen arrives in parts: the server streams the page's part after the
// shell and the browser reveals it on its next frame. The header asks who is signed in as soon as
// it hydrates, and the answer can come before that frame, on a loaded machine or a slow phone.
// The answer must not make React throw away the page's server HTML and render it again: that left
// a hidden second copy of the part in the document and lost a file already chosen in its form.
// Here the browser's frames are held back until the answer has arrived, so it always comes first.

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    // Frames wait until three seconds after the session's answer has arrived (at most 20 s): long
    // enough that a context change above the part makes React give it up and render it again.
    let release = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    setTimeout(release, 20_000);
    const realFetch = window.fetch.bind(window);
    window.fetch = async (...args: Parameters<typeof fetch>) => {
      const res = await realFetch(...args);
      const url = args[0] instanceof Request ? args[0].url : String(args[0]);
      if (url.includes("/api/me")) setTimeout(release, 3000);
      return res;
    };
    const raf = window.requestAnimationFrame.bind(window);
    window.requestAnimationFrame = (cb) => {
      void answered.then(() => raf(cb));
      return 0;
    };
    // Every element the server sent, marked once the document is parsed (the streamed parts included).
    const fromServer = new WeakSet<Element>();
    (window as unknown as { fromServer: WeakSet<Element> }).fromServer = fromServer;
    document.addEventListener("DOMContentLoaded", () => document.querySelectorAll("*").forEach((el) => fromServer.add(el)));
  });
});

const serverHeading = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const h1 = document.querySelector("main h1");
    return h1 ? (window as unknown as { fromServer: WeakSet<Element> }).fromServer.has(h1) : null;
  });

test.describe.configure({ timeout: 120_000 });

for (const [who, email, paths] of [
  ["a client", DEMO.client, ["/client/dashboard", "/client/projects", "/client/billing"]],
  ["an expert", DEMO.expert, ["/dashboard", "/payments"]],
] as const) {
  test(`${who}'s streamed pages keep the server's HTML when the session answer comes first`, async ({ page }) => {
    await signInAs(page, email);
    for (const path of paths) {
      await page.goto(path);
      // The session's answer has been drawn in the header.
      await expect(page.getByRole("link", { name: "Logout" })).toBeVisible({ timeout: 30_000 });
      await expect(page.locator("main h1")).toBeVisible({ timeout: 30_000 });
      expect(await serverHeading(page), `${path}: the heading is the server's, not one rendered again`).toBe(true);
      await expect(page.locator('div[hidden][id^="S:"]'), `${path}: no hidden copy is left`).toHaveCount(0);
    }
  });
}
