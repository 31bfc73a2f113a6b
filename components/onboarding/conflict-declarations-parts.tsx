"use client";

import type { Dispatch, SetStateAction } from "react";
import { Plus, Trash2 } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { FieldError } from "@/components/ui/field-error";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { NativeSelect } from "@/components/ui/native-select";
import { MAX_DECLARED_RELATIONSHIPS, PURCHASE_INFLUENCE_OPTIONS } from "@/lib/experts/schemas/conflicts";

// The parts of the conflict-of-interest declarations: the employer and purchasing role, and the
// list of vendors or products. The form keeps the state and saves it.

export type Row = { key: number; name: string; domain: string };

/** How a part reads and wires its fields: the input id, the first error and aria-describedby of a field. */
export type Wiring = { id: (f: string) => string; err: (f: string) => string | undefined; describe: (f: string) => string | undefined };

type EmployerProps = Wiring & {
  waiting: boolean;
  employerName: string;
  employerDomain: string;
  purchaseInfluence: string;
  setEmployerName: (v: string) => void;
  setEmployerDomain: (v: string) => void;
  setPurchaseInfluence: (v: string) => void;
  /** Every change calls it: inside an onboarding step it schedules the autosave. */
  edited: () => void;
};

/** The expert's employer, its web domain and whether they take part in purchasing decisions. */
export function EmployerFields(props: EmployerProps) {
  const { id, err, describe, waiting, employerName, employerDomain, purchaseInfluence, edited } = props;
  const { setEmployerName, setEmployerDomain, setPurchaseInfluence } = props;
  return (
    <>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-1.5">
          <Label htmlFor={id("employerName")}>Employer (district or school)</Label>
          <Input
            id={id("employerName")}
            disabled={waiting}
            value={employerName}
            onChange={(e) => {
              setEmployerName(e.target.value);
              edited();
            }}
            maxLength={200}
            aria-invalid={Boolean(err("employerName"))}
            aria-describedby={describe("employerName")}
          />
          <FieldError id={`${id("employerName")}-error`}>{err("employerName")}</FieldError>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={id("employerDomain")}>Employer&apos;s web domain (optional)</Label>
          <Input
            id={id("employerDomain")}
            disabled={waiting}
            value={employerDomain}
            onChange={(e) => {
              setEmployerDomain(e.target.value);
              edited();
            }}
            placeholder="springfield.k12.il.us"
            aria-invalid={Boolean(err("employerDomain"))}
            aria-describedby={describe("employerDomain")}
          />
          <FieldError id={`${id("employerDomain")}-error`}>{err("employerDomain")}</FieldError>
        </div>
      </div>
      <div className="grid gap-1.5 sm:max-w-sm">
        <Label htmlFor={id("purchaseInfluence")}>Do you take part in purchasing decisions?</Label>
        <NativeSelect
          id={id("purchaseInfluence")}
          disabled={waiting}
          value={purchaseInfluence}
          onChange={(e) => {
            setPurchaseInfluence(e.target.value);
            edited();
          }}
          aria-invalid={Boolean(err("purchaseInfluence"))}
          aria-describedby={describe("purchaseInfluence")}
        >
          <option value="">Not answered</option>
          {PURCHASE_INFLUENCE_OPTIONS.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
        <FieldError id={`${id("purchaseInfluence")}-error`}>{err("purchaseInfluence")}</FieldError>
      </div>
    </>
  );
}

type RowsProps = Wiring & {
  waiting: boolean;
  rows: Row[];
  setRows: Dispatch<SetStateAction<Row[]>>;
  edited: () => void;
};

/** The vendors or products the expert has a financial relationship with, one row each. */
export function RelationshipRows({ id, err, describe, waiting, rows, setRows, edited }: RowsProps) {
  return (
    <fieldset className="grid gap-2" disabled={waiting}>
      <legend className="text-sm font-medium">Vendors or products you have a financial relationship with</legend>
      {rows.length === 0 && <p className="text-xs text-muted-foreground">None declared.</p>}
      {rows.map((r, i) => (
        <div key={r.key} className="grid gap-2 sm:grid-cols-[1fr_1fr_auto] sm:items-start">
          <div className="grid gap-1">
            <Label htmlFor={id(`name-${r.key}`)} className="sr-only">
              Vendor or product {i + 1}
            </Label>
            <Input
              id={id(`name-${r.key}`)}
              placeholder="Vendor or product"
              value={r.name}
              maxLength={120}
              onChange={(e) => {
                setRows((all) => all.map((x) => (x.key === r.key ? { ...x, name: e.target.value } : x)));
                edited();
              }}
              aria-invalid={Boolean(err(`relationships.${i}.name`))}
              aria-describedby={describe(`relationships.${i}.name`)}
            />
            <FieldError id={`${id(`relationships.${i}.name`)}-error`}>{err(`relationships.${i}.name`)}</FieldError>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={id(`domain-${r.key}`)} className="sr-only">
              Vendor or product {i + 1} web domain (optional)
            </Label>
            <Input
              id={id(`domain-${r.key}`)}
              placeholder="Web domain (optional)"
              value={r.domain}
              onChange={(e) => {
                setRows((all) => all.map((x) => (x.key === r.key ? { ...x, domain: e.target.value } : x)));
                edited();
              }}
              aria-invalid={Boolean(err(`relationships.${i}.domain`))}
              aria-describedby={describe(`relationships.${i}.domain`)}
            />
            <FieldError id={`${id(`relationships.${i}.domain`)}-error`}>{err(`relationships.${i}.domain`)}</FieldError>
          </div>
          <Button
            type="button"
            variant="ghost"
            size="sm"
            onClick={() => {
              setRows((all) => all.filter((x) => x.key !== r.key));
              edited();
            }}
          >
            <Trash2 aria-hidden="true" />
            <span className="sr-only">Remove vendor or product {i + 1}</span>
          </Button>
        </div>
      ))}
      <FieldError id={`${id("relationships")}-error`}>{err("relationships")}</FieldError>
      {rows.length < MAX_DECLARED_RELATIONSHIPS && (
        <div>
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={() => setRows((all) => [...all, { key: Math.max(-1, ...all.map((x) => x.key)) + 1, name: "", domain: "" }])}
          >
            <Plus aria-hidden="true" /> Add Vendor or Product
          </Button>
        </div>
      )}
    </fieldset>
  );
}

export const SAVE_FAILED = "Failed to save your declarations. Please try again.";

/** Inside an onboarding step, how the autosave stands; in Settings, the Save button. */
export function DeclarationsFooter({
  inStep,
  status,
  save,
  pending,
  waiting,
}: {
  inStep: boolean;
  status: "idle" | "saving" | "saved" | "invalid" | "error";
  save: () => void;
  pending: boolean;
  /** The stored declarations are still loading. */
  waiting: boolean;
}) {
  const autosaveStatus = status;
  return (
    <>
      {inStep ? (
        <p role="status" className="text-sm text-muted-foreground" data-testid="declarations-save-status">
          {autosaveStatus === "saving" && "Saving…"}
          {autosaveStatus === "saved" && "Declarations saved"}
          {autosaveStatus === "invalid" && "Fix the highlighted fields to save your declarations"}
          {autosaveStatus === "error" && <span className="text-destructive">{SAVE_FAILED}</span>}
        </p>
      ) : (
        <div className="flex items-center gap-3">
          <Button type="button" onClick={save} disabled={pending || waiting} aria-busy={pending}>
            {pending && <Spinner />} Save Declarations
          </Button>
        </div>
      )}
    </>
  );
}

/** What the declarations are for, and why they could not be loaded. */
export function DeclarationsIntro({
  titleId,
  headingLevel,
  loadError,
}: {
  titleId: string;
  headingLevel: 2 | 3;
  loadError: string | null;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <>
      <div>
        <Heading id={titleId} className="text-sm font-medium">
          Conflicts of interest
        </Heading>
        <p className="text-xs text-muted-foreground">
          Declare your employer and any vendor or product you have a financial relationship with. A client from one of these organizations
          must confirm before inviting you, and both of you see the relationship.
        </p>
      </div>
      {loadError && (
        <p role="alert" className="text-sm text-destructive">
          {loadError}
        </p>
      )}
    </>
  );
}
