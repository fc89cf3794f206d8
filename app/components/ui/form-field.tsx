import { Slot } from "radix-ui";
import {
  type ComponentProps,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  useEffect,
  useId,
  useRef,
} from "react";
import { cn } from "~/lib/cn";
import { focusRing } from "./focus-ring";
import { Label } from "./label";

/*
 * GOV.UK form pattern: label (or legend) above the field, then hint, then the error message,
 * then the control. Hint and error are linked to the control with aria-describedby and the
 * control gets aria-invalid. An ErrorSummary at the top of the form links to each field.
 */

type FieldError = string | readonly string[] | null | undefined;

/** The first message of a field's errors (GOV.UK shows one message per field). */
function firstError(error: FieldError): string | undefined {
  if (error == null) return undefined;
  if (typeof error === "string") return error || undefined;
  return error.find((message) => message.length > 0);
}

/** Joins ids for aria-describedby, skipping empty ones; undefined when there are none. */
function describedBy(...ids: Array<string | false | null | undefined>) {
  const joined = ids.filter(Boolean).join(" ");
  return joined || undefined;
}

function FormHint({ className, ...props }: ComponentProps<"div">) {
  return (
    <div
      data-slot="form-hint"
      className={cn("text-muted-foreground text-sm", className)}
      {...props}
    />
  );
}

/** The error line above a control. Starts with a visually hidden "Error:" as GOV.UK does. */
export function FormErrorMessage({ className, children, ...props }: ComponentProps<"p">) {
  return (
    <p
      data-slot="form-error-message"
      className={cn("font-semibold text-destructive text-sm", className)}
      {...props}
    >
      <span className="sr-only">Error: </span>
      {children}
    </p>
  );
}

/** Props FormField gives its control; spread them onto an input, select, textarea or DatePicker. */
type FormControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
};

type FormFieldIds = { labelId: string; hintId?: string; errorId?: string };

type FormFieldProps = Omit<ComponentProps<"div">, "children"> & {
  /** Id of the control; the label's `for`, and the target of ErrorSummary links. */
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  /** The field's error(s); the first is shown. Conform's `field.errors` fits directly. */
  error?: FieldError;
  /** Adds " (optional)" to the label (GOV.UK marks optional fields, not required ones). */
  optional?: boolean;
  labelWeight?: "medium" | "semibold";
  /**
   * Either the control element itself (it receives id, aria-describedby and aria-invalid), or a
   * function of those props for composite controls, e.g. `(control) => <Input {...control} />`.
   */
  children: ReactElement | ((control: FormControlProps, ids: FormFieldIds) => ReactNode);
};

export function FormField({
  id,
  label,
  hint,
  error,
  optional = false,
  className,
  labelWeight,
  children,
  ...props
}: FormFieldProps) {
  const message = firstError(error);
  const ids: FormFieldIds = {
    labelId: `${id}-label`,
    hintId: hint ? `${id}-hint` : undefined,
    errorId: message ? `${id}-error` : undefined,
  };
  const control: FormControlProps = {
    id,
    "aria-describedby": describedBy(ids.hintId, ids.errorId),
    ...(message ? { "aria-invalid": true as const } : {}),
  };

  return (
    <div
      data-slot="form-field"
      data-invalid={message ? "true" : undefined}
      className={cn("grid gap-2", message && "border-destructive border-l-4 pl-4", className)}
      {...props}
    >
      <Label id={ids.labelId} htmlFor={id} size="base" weight={labelWeight}>
        {label}
        {optional ? <span className="font-normal text-muted-foreground">(optional)</span> : null}
      </Label>
      {hint ? <FormHint id={ids.hintId}>{hint}</FormHint> : null}
      {message ? <FormErrorMessage id={ids.errorId}>{message}</FormErrorMessage> : null}
      {typeof children === "function" ? (
        children(control, ids)
      ) : (
        <Slot.Root {...control}>{children}</Slot.Root>
      )}
    </div>
  );
}

type FormFieldsetProps = Omit<ComponentProps<"fieldset">, "children"> & {
  /** Prefix for the hint and error ids (e.g. the field name). */
  id: string;
  legend: ReactNode;
  hint?: ReactNode;
  error?: FieldError;
  optional?: boolean;
  /** Replaces the legend's margin and weight (default "mb-2 font-medium"). */
  legendClassName?: string;
  children: ReactNode;
};

/**
 * A group of related controls (radios, checkboxes, a date in parts) under a `<legend>`. Hint and
 * error are announced with the group. Link ErrorSummary entries to the first control's id.
 */
export function FormFieldset({
  id,
  legend,
  hint,
  error,
  optional = false,
  className,
  legendClassName,
  children,
  ...props
}: FormFieldsetProps) {
  const message = firstError(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = message ? `${id}-error` : undefined;
  return (
    <div
      data-slot="form-fieldset"
      data-invalid={message ? "true" : undefined}
      className={cn(message && "border-destructive border-l-4 pl-4", className)}
    >
      <fieldset
        id={id}
        aria-describedby={describedBy(hintId, errorId)}
        className="m-0 grid min-w-0 gap-2 border-0 p-0"
        {...props}
      >
        <legend
          className={cn("p-0 text-base text-foreground", legendClassName ?? "mb-2 font-medium")}
        >
          {legend}
          {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
        </legend>
        {hint ? <FormHint id={hintId}>{hint}</FormHint> : null}
        {message ? <FormErrorMessage id={errorId}>{message}</FormErrorMessage> : null}
        {children}
      </fieldset>
    </div>
  );
}

type ErrorSummaryItem = {
  /** Id of the control to focus (for a group, its first control). */
  id: string;
  message: string;
};

type ErrorSummaryProps = Omit<ComponentProps<"div">, "title"> & {
  /** A list, or a record of control id → error(s) such as Conform's `form.allErrors`. */
  errors: readonly ErrorSummaryItem[] | Record<string, FieldError>;
  title?: ReactNode;
  /** Optional text between the heading and the list. */
  description?: ReactNode;
  /** Move focus to the summary when it appears (default true). Change `key` to refocus on resubmit. */
  autoFocus?: boolean;
};

function toItems(errors: ErrorSummaryProps["errors"]): ErrorSummaryItem[] {
  if (Array.isArray(errors)) return [...errors];
  return Object.entries(errors as Record<string, FieldError>).flatMap(([id, error]) => {
    const message = firstError(error);
    return message ? [{ id, message }] : [];
  });
}

const FOCUSABLE =
  "input:not([type=hidden]), select, textarea, button, [tabindex]:not([tabindex='-1'])";

function focusField(event: MouseEvent<HTMLAnchorElement>, id: string) {
  const target = document.getElementById(id);
  if (!target) return;
  event.preventDefault();
  // A link may point at a group (e.g. a fieldset): focus its first control instead.
  const control = target.matches(FOCUSABLE)
    ? target
    : (target.querySelector<HTMLElement>(FOCUSABLE) ?? target);
  // As GOV.UK does: bring the question (legend or label) into view, not just the bare control.
  const legend = control.closest("fieldset")?.querySelector("legend");
  const label = document.querySelector(`label[for="${CSS.escape(control.id || id)}"]`);
  (legend ?? label ?? control).scrollIntoView();
  control.focus({ preventScroll: true });
}

/** "There is a problem" box for the top of a form; renders nothing when there are no errors. */
export function ErrorSummary({
  errors,
  title = "There is a problem",
  description,
  autoFocus = true,
  className,
  ...props
}: ErrorSummaryProps) {
  const ref = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const items = toItems(errors);
  const shown = items.length > 0;

  // Focus when the summary appears, not each time its list changes: a form checked as the person
  // types (Conform) changes the list while they are in a field, and must not pull them out of it.
  useEffect(() => {
    if (autoFocus && shown) ref.current?.focus();
  }, [autoFocus, shown]);

  if (items.length === 0) return null;

  return (
    <div
      ref={ref}
      data-slot="error-summary"
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      className={cn(
        "rounded-lg border-4 border-destructive bg-background p-5 text-foreground",
        focusRing,
        className,
      )}
      {...props}
    >
      <h2 id={titleId} className="font-bold text-lg leading-tight">
        {title}
      </h2>
      {description ? <div className="mt-2 text-sm">{description}</div> : null}
      <ul className="mt-3 grid list-none gap-1.5 p-0">
        {items.map((item) => (
          <li key={`${item.id}:${item.message}`}>
            <a
              href={`#${item.id}`}
              onClick={(event) => focusField(event, item.id)}
              className={cn(
                "rounded-sm font-semibold text-destructive underline underline-offset-4 hover:decoration-2",
                focusRing,
              )}
            >
              {item.message}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
