import type { SubmissionResult } from "@conform-to/react";
import { CircleAlertIcon, CircleCheckIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { toast } from "~/components/ui/toaster";
import { cn } from "~/lib/cn";

/** What a public form's action tells the page; also what it renders without JavaScript. */
export interface EnquiryOutcome {
  status: "success" | "failure";
  title: string;
  description: string;
}

/** An enquiry action's answer: how it went, or the form sent back with its errors. */
export type EnquiryActionResult =
  | { outcome: EnquiryOutcome; result?: undefined }
  | { outcome?: undefined; result: SubmissionResult<string[]> };

/**
 * Shows the outcome of a submission as a toast (seed §8) and, because a toast must never be the
 * only copy of the news, as a message in the page, which is also what a browser without
 * JavaScript sees. `onSuccess` runs once per submission (reset the form, navigate away); when it
 * leaves the page, say so with `leavesPage`, so the success toast goes with the visitor.
 */
export function useEnquiryOutcomeToast(
  outcome: EnquiryOutcome | undefined,
  onSuccess?: () => void,
  { leavesPage = false }: { leavesPage?: boolean } = {},
) {
  const shown = useRef<EnquiryOutcome | undefined>(undefined);
  const callback = useRef(onSuccess);
  callback.current = onSuccess;
  useEffect(() => {
    // Each submission returns a new object; re-renders of the same one must not toast again.
    if (!outcome || shown.current === outcome) return;
    shown.current = outcome;
    if (outcome.status === "success") {
      toast.success(outcome.title, { description: outcome.description, forNextPage: leavesPage });
      callback.current?.();
    } else {
      toast.error(outcome.title, { description: outcome.description });
    }
  }, [outcome, leavesPage]);
}

export function EnquiryOutcomeMessage({
  outcome,
  className,
}: {
  outcome: EnquiryOutcome;
  className?: string;
}) {
  const success = outcome.status === "success";
  const Icon = success ? CircleCheckIcon : CircleAlertIcon;
  return (
    <div
      role={success ? "status" : "alert"}
      className={cn(
        "flex gap-3 rounded-lg border-l-4 p-4",
        success ? "border-primary bg-accent" : "border-destructive bg-background",
        className,
      )}
    >
      <Icon
        aria-hidden="true"
        className={cn("mt-0.5 size-5 shrink-0", success ? "text-primary" : "text-destructive")}
      />
      <div>
        <p className="font-semibold">{outcome.title}</p>
        <p className="mt-1 text-sm">{outcome.description}</p>
      </div>
    </div>
  );
}
