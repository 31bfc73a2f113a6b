import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from "@react-email/components";
import { render } from "@react-email/render";
import { SIGN_OFF, type Line, type MailLayout } from "@/lib/platform/mail/content";

// The one HTML layout of every e-mail (React Email): the wordmark, the greeting and paragraphs,
// the button with its address written out, the sign-off, and the footer saying why the reader
// gets it and where to stop it. Inline styles only: mail clients drop <style> and classes. The
// logo is text, not an image: most clients block images until asked, and text reads in both.

const FONT = "-apple-system,BlinkMacSystemFont,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
const BLUE = "#1d4ed8";

const paragraph = { margin: "0 0 16px", lineHeight: "1.5", fontSize: "16px" };
const small = { margin: "0 0 8px", lineHeight: "1.5", fontSize: "13px", color: "#4b5563" };

/** A paragraph whose HTML was escaped when its Line was written (content.ts `line`). */
function Paragraph({ line }: { line: Line }) {
  return <Text style={paragraph} dangerouslySetInnerHTML={{ __html: line.html }} />;
}

export function MailLayoutView({ layout }: { layout: MailLayout }) {
  return (
    <Html lang="en">
      <Head>
        <title>{layout.subject}</title>
      </Head>
      <Preview>{layout.preview}</Preview>
      <Body style={{ margin: 0, padding: "24px", backgroundColor: "#f5f7fa", color: "#1f2937", fontFamily: FONT }}>
        <Container style={{ maxWidth: "560px", margin: "0 auto" }}>
          <Section style={{ padding: "0 0 16px" }}>
            <Text style={{ margin: 0, fontSize: "20px", fontWeight: 700, color: BLUE }}>K12 Experts</Text>
          </Section>
          <Section style={{ backgroundColor: "#ffffff", border: "1px solid #e5e7eb", borderRadius: "8px", padding: "24px" }}>
            <Paragraph line={layout.greeting} />
            {layout.body.map((l, i) => (
              <Paragraph key={i} line={l} />
            ))}
            {layout.action ? (
              <>
                <Section style={{ margin: "24px 0" }}>
                  <Button
                    href={layout.action.href}
                    style={{ backgroundColor: BLUE, color: "#ffffff", fontWeight: 600, padding: "10px 18px", borderRadius: "6px" }}
                  >
                    {layout.action.label}
                  </Button>
                </Section>
                <Text style={small}>
                  Or open this link:{" "}
                  <Link href={layout.action.href} style={{ color: BLUE }}>
                    {layout.action.href}
                  </Link>
                </Text>
              </>
            ) : null}
            <Text style={{ ...paragraph, margin: "16px 0 0" }}>{SIGN_OFF}</Text>
          </Section>
          <Hr style={{ borderColor: "#e5e7eb", margin: "24px 0 16px" }} />
          <Text style={small}>Why you get this: {layout.why}</Text>
          {layout.unsubscribe ? (
            <Text style={small}>
              <Link href={layout.unsubscribe.href} style={{ color: BLUE }}>
                {layout.unsubscribe.label}
              </Link>
            </Text>
          ) : null}
          <Text style={small}>K12 Experts · research with K-12 educators</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** The HTML part of a mail (asynchronous: React Email renders through react-dom/server's streams). */
export function renderMailHtml(layout: MailLayout): Promise<string> {
  return render(<MailLayoutView layout={layout} />);
}
