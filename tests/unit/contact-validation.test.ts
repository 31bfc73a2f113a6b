import { describe, expect, it } from "vitest";
import { checkAttachment, contactFieldsSchema, sniffAttachment } from "@/lib/site/schemas/contact";
import { checkContactForm, missingRequiredFields } from "@/lib/site/schemas/contact-rules";

const bytes = (...b: number[]) => new Uint8Array(b);
const text = (s: string) => new TextEncoder().encode(s);

describe("sniffAttachment", () => {
  it("recognises each allowed type by its content", () => {
    expect(sniffAttachment(text("%PDF-1.4 ..."))).toBe("pdf");
    expect(sniffAttachment(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1))).toBe("png");
    expect(sniffAttachment(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe("jpeg");
    expect(sniffAttachment(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1))).toBe("doc");
    expect(sniffAttachment(new Uint8Array([...text("PK\u0003\u0004"), ...text("....word/document.xml")]))).toBe("docx");
    expect(sniffAttachment(text("Plain notes, naïve café"))).toBe("txt");
  });
  it("refuses binaries and non-Word zips", () => {
    expect(sniffAttachment(bytes(0x4d, 0x5a, 0x00, 0x01))).toBeNull();
    expect(sniffAttachment(new Uint8Array([...text("PK\u0003\u0004"), ...text("evil.exe")]))).toBeNull();
    expect(sniffAttachment(bytes(0xc3, 0x28))).toBeNull(); // invalid UTF-8
  });
});

describe("checkAttachment", () => {
  it("needs an allowed name, matching content and at most 10 MB", () => {
    expect(checkAttachment("a.JPG", bytes(0xff, 0xd8, 0xff))).toMatchObject({ ok: true, file: { kind: "jpeg", mimeType: "image/jpeg" } });
    expect(checkAttachment("a.exe", text("hi"))).toMatchObject({ ok: false });
    expect(checkAttachment("a.png", text("hi"))).toEqual({ ok: false, message: "Attachment content does not match its .png file type" });
    expect(checkAttachment("a.txt", new Uint8Array(0))).toEqual({ ok: false, message: "Attachment is empty" });
    expect(checkAttachment("a.txt", new Uint8Array(10 * 1024 * 1024 + 1))).toEqual({
      ok: false,
      message: "Attachment must be 10 MB or smaller",
    });
  });
  it("strips path parts from the name", () => {
    const r = checkAttachment("../../etc/notes.txt", text("x"));
    expect(r.ok && r.file.name).toBe(".._.._etc_notes.txt");
  });
});

describe("contact fields", () => {
  const valid = { name: "Lee", email: "LEE@Example.org ", role: "client", subject: "Hi", message: "Question" };
  it("trims, lowercases the e-mail and accepts the three roles", () => {
    expect(contactFieldsSchema.parse(valid)).toMatchObject({ email: "lee@example.org" });
    for (const role of ["expert", "client", "other"]) expect(contactFieldsSchema.safeParse({ ...valid, role }).success).toBe(true);
  });
  it("uses the spec's role message and names missing fields", () => {
    const r = contactFieldsSchema.safeParse({ ...valid, role: "" });
    expect(r.success || r.error.issues[0].message).toBe("Role selection is required.");
    expect(missingRequiredFields({ name: " ", email: "a@b.c", subject: "", message: "x" })).toEqual(["name", "subject"]);
  });
});

describe("the contact form's check before sending (no zod in the page)", () => {
  const filled = { name: "Pat", email: "pat@example.org", role: "expert", subject: "Pay", message: "When?" };

  it("names every empty required field and the missing role at once, one message each", () => {
    const checked = checkContactForm({ name: " ", email: "", subject: "", message: "" });
    expect(checked.error).toEqual({
      name: ["This field is required."],
      email: ["This field is required."],
      subject: ["This field is required."],
      message: ["This field is required."],
      role: ["Role selection is required."],
    });
  });

  it("refuses a role that is not one of the choices", () => {
    expect(checkContactForm({ ...filled, role: "admin" }).error).toEqual({ role: ["Role selection is required."] });
  });

  it("checks the attachment only once the fields are right, by its extension and size", () => {
    const exe = new File(["MZ"], "tool.exe");
    expect(checkContactForm({ ...filled, name: "", attachment: exe }).error).toEqual({ name: ["This field is required."] });
    expect(checkContactForm({ ...filled, attachment: exe }).error?.attachment?.[0]).toMatch(/^Attachment must be one of: \.pdf/);
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], "scan.pdf");
    expect(checkContactForm({ ...filled, attachment: big }).error).toEqual({ attachment: ["Attachment must be 10 MB or smaller"] });
  });

  it("passes the typed values through, an empty file input meaning no attachment", () => {
    expect(checkContactForm({ ...filled, attachment: new File([], "") })).toEqual({
      value: { name: "Pat", email: "pat@example.org", role: "expert", subject: "Pay", message: "When?" },
    });
  });
});
