import { format, isValid, parseISO } from "date-fns";
import { CalendarIcon } from "lucide-react";
import { useId, useRef, useState, useSyncExternalStore } from "react";
import type { Matcher } from "react-day-picker";
import { cn } from "~/lib/cn";
import { Button } from "./button";
import { Calendar, type CalendarProps } from "./calendar";
import { inputClassName } from "./input";
import { Popover, PopoverContent, PopoverTrigger } from "./popover";

type DateInput = Date | string | null | undefined;

type DatePickerProps = {
  /** Id of the trigger button (and of the no-JS fallback input): point `<Label htmlFor>` and error-summary links at it. */
  id?: string;
  /** Form field name. The value is posted as `yyyy-MM-dd` (empty string when no date). */
  name?: string;
  /** Controlled value (`Date` or ISO `yyyy-MM-dd` string; `undefined`/`null` = no date). */
  value?: DateInput;
  /** Initial value when uncontrolled (`Date` or ISO `yyyy-MM-dd` string). */
  defaultValue?: DateInput;
  onValueChange?: (date: Date | undefined) => void;
  /** Earliest selectable date, inclusive. */
  min?: DateInput;
  /** Latest selectable date, inclusive. */
  max?: DateInput;
  /** Extra days that cannot be picked (react-day-picker matchers, e.g. `{ dayOfWeek: [0, 6] }`). */
  disabledDates?: Matcher | Matcher[];
  /** Text shown on the trigger when no date is chosen. */
  placeholder?: string;
  /** Accessible name of the clear button; make it specific when a page has several pickers. */
  clearLabel?: string;
  /** Accessible name of the calendar popup. */
  calendarLabel?: string;
  /** `"dropdown"` adds month/year selects (useful for dates far from today). */
  captionLayout?: CalendarProps["captionLayout"];
  disabled?: boolean;
  /** Marks the no-JS fallback input `required`; the server must still validate. */
  required?: boolean;
  /** Associates the hidden input with a form elsewhere in the document. */
  form?: string;
  className?: string;
  triggerClassName?: string;
  "aria-describedby"?: string;
  "aria-invalid"?: boolean | "true" | "false";
  /** When given (e.g. the label's id) the trigger is named by it plus the chosen date. */
  "aria-labelledby"?: string;
};

const DISPLAY_FORMAT = "dd/MM/yyyy";
const ISO_FORMAT = "yyyy-MM-dd";

function toDate(value: DateInput): Date | undefined {
  if (value == null || value === "") return undefined;
  // parseISO reads a date-only string as local midnight, so the day never shifts by time zone.
  const date = typeof value === "string" ? parseISO(value) : value;
  return isValid(date) ? date : undefined;
}

function toIso(date: Date | undefined) {
  return date ? format(date, ISO_FORMAT) : "";
}

const noopSubscribe = () => () => {};

/** False during SSR and hydration, true afterwards: lets the server render a no-JS fallback. */
function useHydrated() {
  return useSyncExternalStore(
    noopSubscribe,
    () => true,
    () => false,
  );
}

/**
 * Date field: a button showing the date as dd/MM/yyyy opens a Monday-first en-GB calendar in a
 * popover; a "Clear" button empties it; a hidden input posts `yyyy-MM-dd` under `name`.
 * Before JavaScript has loaded it renders a native `<input type="date">` with the same id, name
 * and ISO value format, so the form still works without JavaScript.
 */
export function DatePicker(props: DatePickerProps) {
  const {
    id,
    name,
    value,
    defaultValue,
    onValueChange,
    min,
    max,
    disabledDates,
    placeholder = "Choose a date",
    clearLabel = "Clear date",
    calendarLabel = "Choose date",
    captionLayout = "label",
    disabled = false,
    required = false,
    form,
    className,
    triggerClassName,
    "aria-describedby": ariaDescribedBy,
    "aria-invalid": ariaInvalid,
    "aria-labelledby": ariaLabelledBy,
  } = props;
  // Controlled whenever `value` is passed, even as undefined, so `useState<Date>()` works.
  const isControlled = "value" in props;
  const hydrated = useHydrated();
  const valueId = useId();
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [uncontrolled, setUncontrolled] = useState(() => toDate(defaultValue));
  const selected = isControlled ? toDate(value) : uncontrolled;
  const minDate = toDate(min);
  const maxDate = toDate(max);

  function setDate(date: Date | undefined) {
    if (!isControlled) setUncontrolled(date);
    onValueChange?.(date);
  }

  if (!hydrated) {
    return (
      <div data-slot="date-picker" className={cn("w-full", className)}>
        <input
          type="date"
          id={id}
          name={name}
          form={form}
          defaultValue={toIso(selected)}
          min={toIso(minDate) || undefined}
          max={toIso(maxDate) || undefined}
          disabled={disabled}
          required={required}
          aria-describedby={ariaDescribedBy}
          aria-invalid={ariaInvalid}
          className={cn(inputClassName, "w-full sm:w-56", triggerClassName)}
        />
      </div>
    );
  }

  const disabledMatchers: Matcher[] = [
    ...(minDate ? [{ before: minDate }] : []),
    ...(maxDate ? [{ after: maxDate }] : []),
    ...(disabledDates === undefined
      ? []
      : Array.isArray(disabledDates)
        ? disabledDates
        : [disabledDates]),
  ];

  // With aria-labelledby the name is "<label> <date>"; otherwise the <label for> names the
  // button and the date is read as its description.
  const describedBy =
    [ariaLabelledBy ? undefined : valueId, ariaDescribedBy].filter(Boolean).join(" ") || undefined;

  return (
    <div data-slot="date-picker" className={cn("flex w-full items-center gap-2", className)}>
      <Popover open={open} onOpenChange={setOpen}>
        <PopoverTrigger asChild>
          <button
            ref={triggerRef}
            type="button"
            id={id}
            disabled={disabled}
            aria-labelledby={ariaLabelledBy ? `${ariaLabelledBy} ${valueId}` : undefined}
            aria-describedby={describedBy}
            aria-invalid={ariaInvalid}
            className={cn(
              inputClassName,
              "w-full cursor-pointer items-center justify-between gap-2 text-left sm:w-56",
              triggerClassName,
            )}
          >
            <span id={valueId} className={cn("truncate", !selected && "text-muted-foreground")}>
              {selected ? format(selected, DISPLAY_FORMAT) : placeholder}
            </span>
            <CalendarIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
          </button>
        </PopoverTrigger>
        <PopoverContent
          align="start"
          fit
          aria-label={calendarLabel}
          // Let the calendar focus the selected day (or today) instead of the first button.
          onOpenAutoFocus={(event) => event.preventDefault()}
        >
          <Calendar
            mode="single"
            autoFocus
            selected={selected}
            defaultMonth={selected ?? minDate}
            startMonth={minDate}
            endMonth={maxDate}
            disabled={disabledMatchers}
            captionLayout={captionLayout}
            onSelect={(date) => {
              setDate(date);
              setOpen(false);
            }}
          />
        </PopoverContent>
      </Popover>
      {selected && !disabled ? (
        <Button
          type="button"
          variant="ghost"
          size="sm"
          aria-label={clearLabel}
          onClick={() => {
            setDate(undefined);
            // The clear button disappears, so give focus back to the field.
            triggerRef.current?.focus();
          }}
        >
          Clear
        </Button>
      ) : null}
      {name ? (
        <input type="hidden" name={name} form={form} disabled={disabled} value={toIso(selected)} />
      ) : null}
    </div>
  );
}
