import Link from "next/link";
import { CalendarSync } from "lucide-react";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { buttonVariants } from "@/components/ui/button-variants";

/** Points to the calendar feed and text-message settings, from the pages people look for settings on. */
export function RemindersLinkCard() {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Calendar and text reminders</CardTitle>
        <CardDescription>
          Subscribe to your sessions in Google Calendar, Outlook or Apple Calendar, and get a text before each one.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <Link href="/settings/reminders" className={buttonVariants({ variant: "outline", size: "sm" })}>
          <CalendarSync aria-hidden className="size-4" /> Calendar and text reminders
        </Link>
      </CardContent>
    </Card>
  );
}
