import { describe, expect, it, vi } from "vitest";
import { forgetRequestReads, readOncePerRequest, runWithRequest } from "@/lib/platform/request-context.mjs";

describe("a read shared within one request (readOncePerRequest)", () => {
  it("is read once in a GET, however many callers ask", async () => {
    const read = vi.fn(async () => ({ live: true }));
    await runWithRequest({ requestId: "get", readOnly: true }, async () => {
      const [a, b] = await Promise.all([readOncePerRequest("session:1", read), readOncePerRequest("session:1", read)]);
      expect(await readOncePerRequest("session:1", read)).toBe(a);
      expect(b).toBe(a);
    });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it("is read afresh by every caller in a request that may write (a server action) and outside any request", async () => {
    const read = vi.fn(async () => ({ live: true }));
    await runWithRequest({ requestId: "post", readOnly: false }, async () => {
      await readOncePerRequest("session:1", read);
      await readOncePerRequest("session:1", read);
    });
    await readOncePerRequest("session:1", read);
    expect(read).toHaveBeenCalledTimes(3);
  });

  it("is read again after it is forgotten, and a failed read is not kept", async () => {
    let n = 0;
    const read = vi.fn(async () => {
      n++;
      if (n === 1) throw new Error("database away");
      return n;
    });
    await runWithRequest({ requestId: "get", readOnly: true }, async () => {
      await expect(readOncePerRequest("session:1", read)).rejects.toThrow("database away");
      expect(await readOncePerRequest("session:1", read)).toBe(2);
      expect(await readOncePerRequest("session:1", read)).toBe(2);
      forgetRequestReads("session:");
      expect(await readOncePerRequest("session:1", read)).toBe(3);
    });
  });

  it("keeps requests apart", async () => {
    const read = vi.fn(async () => Math.random());
    const one = await runWithRequest({ requestId: "a", readOnly: true }, () => readOncePerRequest("k", read));
    const two = await runWithRequest({ requestId: "b", readOnly: true }, () => readOncePerRequest("k", read));
    expect(one).not.toBe(two);
  });
});
