import { SearchIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "~/components/ui/button";
import { FormErrorMessage } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";

/*
 * What the employer's referral and report lists share besides their page heading (HeadedPage):
 * the search box and the Search / Clear buttons of the filter form, the empty state and the
 * type's name. Each list keeps its own filters and columns.
 */

/**
 * The free-text search of a list's filter form (`q`). Its limit is the form's schema's, shown as
 * `errors` (checked as the person types, and by the loader without JavaScript).
 */
export function ListSearchField({
  defaultValue,
  placeholder,
  errors,
  className,
}: {
  defaultValue: string;
  placeholder: string;
  errors?: string[];
  className?: string;
}) {
  const error = errors?.[0];
  return (
    <div className={className ?? "space-y-1.5"}>
      <Label htmlFor="q">Search</Label>
      {error ? <FormErrorMessage id="q-error">{error}</FormErrorMessage> : null}
      <Input
        id="q"
        name="q"
        type="search"
        defaultValue={defaultValue}
        placeholder={placeholder}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "q-error" : undefined}
      />
    </div>
  );
}

/** Search submits the filters as typed (and serves browsers without JavaScript); Clear drops them. */
export function ListFilterButtons({ variant }: { variant?: "default" | "secondary" }) {
  return (
    <div className="flex gap-2">
      <Button type="submit" variant={variant}>
        <SearchIcon aria-hidden="true" />
        Search
      </Button>
      <Button asChild variant="ghost">
        <Link to=".">Clear</Link>
      </Button>
    </div>
  );
}

/** A list with no rows: what to try when filtered, what will appear here otherwise. */
export function EmptyList({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-xl border bg-card p-10 text-center">
      <p className="font-semibold text-lg">{title}</p>
      <p className="mt-1 text-muted-foreground">{children}</p>
    </div>
  );
}

/** The seed's name for a referral or report type in the lists. */
export function referralTypeLabel(type: "management" | "pre_employment"): string {
  return type === "management" ? "Management" : "Pre-Employment";
}
