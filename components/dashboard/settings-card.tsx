"use client";

import { useState } from "react";
import Link from "next/link";
import { toast } from "sonner";
import { saveSettingsAction } from "@/lib/experts/actions/dashboard";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";

type Settings = {
  privacy: { showContactInfo: boolean; showExperience: boolean; showOrganization: boolean; showRates: boolean; isPublicProfile: boolean };
  notifications: { emailOpportunities: boolean; emailReminders: boolean; emailFeedback: boolean; pushNotifications: boolean };
};

const PRIVACY: { key: keyof Settings["privacy"]; label: string }[] = [
  { key: "isPublicProfile", label: "Public profile (listed in the expert directory)" },
  { key: "showContactInfo", label: "Show contact information" },
  { key: "showExperience", label: "Show years of experience" },
  { key: "showOrganization", label: "Show organization" },
  { key: "showRates", label: "Show hourly rates" },
];
const NOTIFY: { key: keyof Settings["notifications"]; label: string }[] = [
  { key: "emailOpportunities", label: "Email me about new opportunities" },
  { key: "emailReminders", label: "Email reminders for scheduled activities" },
  { key: "emailFeedback", label: "Email me feedback requests" },
  { key: "pushNotifications", label: "Push notifications" },
];

export function SettingsCard({ initial }: { initial: Settings }) {
  const [saved, setSaved] = useState(initial);
  const [value, setValue] = useState(initial);
  const [saving, setSaving] = useState(false);
  const dirty = JSON.stringify(saved) !== JSON.stringify(value);

  async function save() {
    setSaving(true);
    const res = await saveSettingsAction(value);
    setSaving(false);
    if (res.ok) {
      setSaved(res.data);
      setValue(res.data);
      toast.success("Settings Updated", { description: "Your privacy and notification settings have been saved." });
    } else {
      toast.error("Update Failed", { description: res.message });
    }
  }

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card>
        <CardHeader>
          <CardTitle as="h2">Profile Management</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-2">
          <Button asChild variant="link" className="h-auto p-0">
            <Link href="/onboarding?step=basics">Edit basic information</Link>
          </Button>
          <Button asChild variant="link" className="h-auto p-0">
            <Link href="/onboarding?step=linkedin">Update LinkedIn profile</Link>
          </Button>
          <Button asChild variant="link" className="h-auto p-0">
            <Link href="/onboarding?step=payments">Payment settings</Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Data &amp; Privacy</CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col items-start gap-2">
          <Button asChild variant="link" className="h-auto p-0">
            <Link href="/privacy-data">Privacy policy and your data</Link>
          </Button>
          <Button asChild variant="link" className="h-auto p-0">
            <Link href="/help-center">Help Center</Link>
          </Button>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Privacy &amp; Visibility</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {PRIVACY.map(({ key, label }) => (
            <div key={key} className="flex items-center justify-between gap-4">
              <Label htmlFor={`privacy-${key}`}>{label}</Label>
              <Switch
                id={`privacy-${key}`}
                checked={value.privacy[key]}
                onCheckedChange={(c) => setValue((v) => ({ ...v, privacy: { ...v.privacy, [key]: c } }))}
              />
            </div>
          ))}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Notification Preferences</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {NOTIFY.map(({ key, label }) => (
            <div key={key} className="flex items-center justify-between gap-4">
              <Label htmlFor={`notify-${key}`}>{label}</Label>
              <Switch
                id={`notify-${key}`}
                checked={value.notifications[key]}
                onCheckedChange={(c) => setValue((v) => ({ ...v, notifications: { ...v.notifications, [key]: c } }))}
              />
            </div>
          ))}
        </CardContent>
      </Card>
      {dirty ? (
        <div className="lg:col-span-2">
          <Button onClick={save} disabled={saving}>
            {saving ? <Spinner label="Saving…" /> : null}
            Save Changes
          </Button>
        </div>
      ) : null}
    </div>
  );
}
