"use client";

import { useId, useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { toast } from "sonner";
import { Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { Textarea } from "@/components/ui/textarea";
import { FieldError } from "@/components/ui/field-error";
import { Spinner } from "@/components/ui/spinner";
import { LOCATION_TYPES, PROJECT_TYPES, createProjectSchema } from "@/lib/validation/client";
import { fieldErrorsOf } from "@/lib/validation/issues";
import { createProjectAction } from "@/app/client/actions";

const FIELDS = ["title", "description", "projectType", "compensation", "durationMinutes", "locationType", "deadline"] as const;
type Field = (typeof FIELDS)[number];

/** Create Project (000 §2): validated in the browser and again on the server. */
export function CreateProjectDialog({ triggerLabel = "Create Project" }: { triggerLabel?: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const base = useId();
  const id = (f: Field) => `${base}-${f}`;
  const describedBy = (f: Field) => (errors[f] ? `${id(f)}-error` : undefined);
  const fieldProps = (f: Field) => ({ id: id(f), name: f, "aria-invalid": Boolean(errors[f]), "aria-describedby": describedBy(f) });
  const today = new Date().toISOString().slice(0, 10);

  const onSubmit = (form: HTMLFormElement) => {
    const values = Object.fromEntries(FIELDS.map((f) => [f, String(new FormData(form).get(f) ?? "")]));
    const parsed = createProjectSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrorsOf(parsed.error));
      return;
    }
    startTransition(async () => {
      const result = await createProjectAction(parsed.data);
      if (!result.ok) {
        setErrors(result.fieldErrors ?? {});
        setMessage(result.message);
        return;
      }
      toast.success("Project Created", { description: `${result.data.title} is now open to experts.` });
      setOpen(false);
      setErrors({});
      setMessage(null);
      router.refresh();
    });
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button id="create-project"><Plus aria-hidden="true" /> {triggerLabel}</Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Create Project</DialogTitle>
          <DialogDescription>Experts see your project as an open opportunity and can apply; you can also invite them directly.</DialogDescription>
        </DialogHeader>
        <form
          noValidate
          className="grid gap-4"
          onSubmit={(e) => {
            e.preventDefault();
            onSubmit(e.currentTarget);
          }}
        >
          <div className="grid gap-1.5">
            <Label htmlFor={id("title")}>Title</Label>
            <Input {...fieldProps("title")} maxLength={120} required />
            <FieldError id={`${id("title")}-error`}>{errors.title?.[0]}</FieldError>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={id("description")}>Description</Label>
            <Textarea {...fieldProps("description")} maxLength={2000} required />
            <FieldError id={`${id("description")}-error`}>{errors.description?.[0]}</FieldError>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={id("projectType")}>Type</Label>
              <NativeSelect {...fieldProps("projectType")} defaultValue="interview">
                {PROJECT_TYPES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
              </NativeSelect>
              <FieldError id={`${id("projectType")}-error`}>{errors.projectType?.[0]}</FieldError>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id("locationType")}>Location Type</Label>
              <NativeSelect {...fieldProps("locationType")} defaultValue="video">
                {LOCATION_TYPES.map((t) => <option key={t.value} value={t.value}>{t.label}</option>)}
              </NativeSelect>
              <FieldError id={`${id("locationType")}-error`}>{errors.locationType?.[0]}</FieldError>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id("compensation")}>Compensation ($)</Label>
              <Input {...fieldProps("compensation")} type="number" min={0} step="0.01" inputMode="decimal" required />
              <FieldError id={`${id("compensation")}-error`}>{errors.compensation?.[0]}</FieldError>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={id("durationMinutes")}>Duration (minutes)</Label>
              <Input {...fieldProps("durationMinutes")} type="number" min={5} max={480} step={5} defaultValue={30} required />
              <FieldError id={`${id("durationMinutes")}-error`}>{errors.durationMinutes?.[0]}</FieldError>
            </div>
            <div className="grid gap-1.5 sm:col-span-2">
              <Label htmlFor={id("deadline")}>Deadline</Label>
              <Input {...fieldProps("deadline")} type="date" min={today} required />
              <FieldError id={`${id("deadline")}-error`}>{errors.deadline?.[0]}</FieldError>
            </div>
          </div>
          {message && <p role="alert" className="text-sm text-destructive">{message}</p>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" disabled={pending}>{pending && <Spinner />} Create Project</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
