import { ChevronLeftIcon } from "lucide-react";
import { Link } from "react-router";

/** The link back to the previous part of the questionnaire; the answers given stay saved. */
export function QuestionnaireBackLink({ to }: { to: string }) {
  return (
    <Link
      to={to}
      className="inline-flex w-fit items-center gap-1 font-medium text-primary underline underline-offset-4"
    >
      <ChevronLeftIcon aria-hidden="true" className="size-4" />
      Back
    </Link>
  );
}
