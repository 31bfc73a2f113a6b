"use client";

import { useState } from "react";
import { Pencil, Plus } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { ProjectForm } from "@/components/client/project-form/project-form";
import type { EditableProject } from "@/components/client/project-form/project-form-values";

/** Create Project: validated in the browser and again on the server. */
export function CreateProjectDialog({
  triggerLabel = "Create Project",
  budgetEditable = false,
}: {
  triggerLabel?: string;
  budgetEditable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button id="create-project">
          <Plus aria-hidden="true" /> {triggerLabel}
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Create Project</DialogTitle>
          <DialogDescription>
            Experts see an open project as an opportunity and can apply; you can also invite them directly.
          </DialogDescription>
        </DialogHeader>
        <ProjectForm answeredScreener={0} onDone={() => setOpen(false)} budgetEditable={budgetEditable} />
      </DialogContent>
    </Dialog>
  );
}

/** Edit a project that is not closed: the same fields, prefilled. */
export function EditProjectDialog({
  project,
  answeredScreener,
  budgetEditable = false,
}: {
  project: EditableProject;
  answeredScreener: number;
  budgetEditable?: boolean;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="outline">
          <Pencil aria-hidden="true" /> Edit
        </Button>
      </DialogTrigger>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        <DialogHeader>
          <DialogTitle>Edit Project</DialogTitle>
          <DialogDescription>Changes show to experts at once. Engagements already under way keep their times.</DialogDescription>
        </DialogHeader>
        <ProjectForm project={project} answeredScreener={answeredScreener} onDone={() => setOpen(false)} budgetEditable={budgetEditable} />
      </DialogContent>
    </Dialog>
  );
}
