"use client";

import { useEffect, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Info } from "lucide-react";
import { applyAction, listPickableSlotsAction, pickTimeAction } from "@/app/dashboard/actions";
import { Alert, AlertDescription } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Spinner } from "@/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatClockTime, formatDateTime, formatDay, formatMoney, spaced } from "@/lib/format";
import type { OpportunityBoard, OpportunityItem, SlotView } from "@/lib/views";

const EMPTY = {
  open: "No open opportunities available at the moment.",
  invited: "No invitations at the moment.",
  scheduled: "No scheduled activities.",
} as const;

export function OpportunitiesCard({ board, timeZone }: { board: OpportunityBoard; timeZone: string }) {
  const router = useRouter();
  const [applying, setApplying] = useState<string | null>(null);
  const [picking, setPicking] = useState<OpportunityItem | null>(null);
  const [, startTransition] = useTransition();

  async function apply(id: string) {
    setApplying(id);
    const res = await applyAction({ opportunityId: id });
    if (res.ok) {
      toast.success("Application Submitted", { description: "Your application has been submitted successfully!" });
      startTransition(() => router.refresh());
    } else {
      toast.error("Application Failed", { description: "Failed to submit application. Please try again." });
    }
    setApplying(null);
  }

  const actionFor = (o: OpportunityItem) => {
    if (o.applicationStatus === "pending")
      return (
        <Button size="sm" variant="secondary" disabled>
          Application Pending
        </Button>
      );
    if (o.applicationStatus === "accepted" && !o.scheduledTime)
      return (
        <Button size="sm" onClick={() => setPicking(o)}>
          Pick Time
        </Button>
      );
    if (o.applicationStatus === null)
      return (
        <Button size="sm" onClick={() => apply(o.id)} disabled={applying !== null} aria-busy={applying === o.id}>
          {applying === o.id ? <Spinner label="Applying…" /> : null}
          Apply
        </Button>
      );
    return null;
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Opportunities</CardTitle>
        <CardDescription>Research engagements that match your expertise.</CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <Alert role="status">
          <Info aria-hidden="true" />
          <AlertDescription>Declining invites doesn&apos;t affect your standing. You control availability.</AlertDescription>
        </Alert>
        <Tabs defaultValue="open">
          <TabsList aria-label="Opportunity lists">
            <TabsTrigger value="open">Open ({board.open.length})</TabsTrigger>
            <TabsTrigger value="invited">Invited ({board.invited.length})</TabsTrigger>
            <TabsTrigger value="scheduled">Scheduled ({board.scheduled.length})</TabsTrigger>
          </TabsList>
          {(["open", "invited", "scheduled"] as const).map((tab) => (
            <TabsContent key={tab} value={tab} className="mt-3">
              {board[tab].length === 0 ? (
                <p className="py-6 text-center text-sm text-muted-foreground">{EMPTY[tab]}</p>
              ) : (
                <ul className="space-y-3" aria-label={`${tab} opportunities`}>
                  {board[tab].map((o) => (
                    <li key={o.id} className="rounded-md border border-border p-4" data-testid="opportunity">
                      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                        <div className="min-w-0 space-y-1">
                          <h3 className="font-semibold">{o.title}</h3>
                          <p className="text-sm text-muted-foreground">{o.clientOrganization}</p>
                          <p className="text-sm">{o.description}</p>
                          {o.inviteMessage ? <p className="text-sm italic">“{o.inviteMessage}”</p> : null}
                          <dl className="flex flex-wrap gap-x-4 gap-y-1 pt-1 text-sm">
                            <div className="flex gap-1"><dt className="sr-only">Compensation</dt><dd className="font-semibold">{formatMoney(o.compensationCents)}</dd></div>
                            <div className="flex gap-1"><dt className="sr-only">Type</dt><dd><Badge variant="outline" className="capitalize">{spaced(o.opportunityType)}</Badge></dd></div>
                            <div className="flex gap-1"><dt className="text-muted-foreground">Duration:</dt><dd>{o.estimatedDurationMinutes} min</dd></div>
                            <div className="flex gap-1"><dt className="text-muted-foreground">Location:</dt><dd>{o.locationType}</dd></div>
                            {o.deadline ? <div className="flex gap-1"><dt className="text-muted-foreground">Deadline:</dt><dd>{formatDay(o.deadline)}</dd></div> : null}
                            {o.scheduledTime ? <div className="flex gap-1"><dt className="text-muted-foreground">Scheduled:</dt><dd>{formatDateTime(o.scheduledTime, timeZone)}</dd></div> : null}
                          </dl>
                        </div>
                        <div className="shrink-0">{actionFor(o)}</div>
                      </div>
                    </li>
                  ))}
                </ul>
              )}
            </TabsContent>
          ))}
        </Tabs>
      </CardContent>
      {picking ? <PickTimeDialog item={picking} onClose={() => setPicking(null)} onDone={() => startTransition(() => router.refresh())} /> : null}
    </Card>
  );
}

function PickTimeDialog({ item, onClose, onDone }: { item: OpportunityItem; onClose: () => void; onDone: () => void }) {
  const [slots, setSlots] = useState<SlotView[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [slotId, setSlotId] = useState("");
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    listPickableSlotsAction({}).then(
      (res) => {
        if (!live) return;
        if (res.ok) {
          setSlots(res.data);
          setSlotId(res.data[0]?.id ?? "");
        } else setLoadFailed(true);
      },
      () => live && setLoadFailed(true),
    );
    return () => {
      live = false;
    };
  }, []);

  async function confirm() {
    setSaving(true);
    const res = await pickTimeAction({ opportunityId: item.id, slotId });
    setSaving(false);
    if (res.ok) {
      toast.success("Time Scheduled", { description: `${item.title} is now in your Scheduled list.` });
      onClose();
      onDone();
    } else toast.error("Scheduling Failed", { description: res.message });
  }

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Pick Time</DialogTitle>
          <DialogDescription>Choose one of your available time slots for “{item.title}”.</DialogDescription>
        </DialogHeader>
        {loadFailed ? (
          <p className="text-sm text-destructive">Failed to load your availability. Please try again.</p>
        ) : slots === null ? (
          <Spinner label="Loading your availability…" />
        ) : slots.length === 0 ? (
          <p className="text-sm text-muted-foreground">You have no future availability. Add time slots in the Availability Calendar first.</p>
        ) : (
          <div className="space-y-2">
            <Label htmlFor="pick-slot">Time slot</Label>
            <NativeSelect id="pick-slot" value={slotId} onChange={(e) => setSlotId(e.target.value)}>
              {slots.map((s) => (
                <option key={s.id} value={s.id}>
                  {formatDay(s.date)} · {formatClockTime(s.startTime)} – {formatClockTime(s.endTime)} ({s.timezone})
                </option>
              ))}
            </NativeSelect>
          </div>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={confirm} disabled={!slotId || saving}>
            {saving ? <Spinner label="Saving…" /> : null}
            Confirm Time
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
