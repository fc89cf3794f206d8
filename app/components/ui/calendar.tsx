import { ChevronDownIcon, ChevronLeftIcon, ChevronRightIcon, ChevronUpIcon } from "lucide-react";
import {
  type ChevronProps,
  DayPicker,
  type DayPickerProps,
  getDefaultClassNames,
} from "react-day-picker";
import { enGB } from "react-day-picker/locale/en-GB";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";
import { focusRing } from "./focus-ring";

export type CalendarProps = DayPickerProps;

function Chevron({ orientation, className }: ChevronProps) {
  const Icon =
    orientation === "left"
      ? ChevronLeftIcon
      : orientation === "right"
        ? ChevronRightIcon
        : orientation === "up"
          ? ChevronUpIcon
          : ChevronDownIcon;
  return <Icon aria-hidden="true" className={cn("size-4", className)} />;
}

const defaults = getDefaultClassNames();

/**
 * A month grid (react-day-picker v10) in UK format: en-GB locale (date-fns en-GB with DayPicker's
 * translated labels), weeks start on Monday. Fully keyboard operable: arrows move by day/week,
 * PageUp/PageDown by month, Home/End to the week's start/end. The rdp-* class names are kept
 * so tests can target parts of the grid.
 */
export function Calendar({
  className,
  classNames,
  components,
  showOutsideDays = true,
  locale = enGB,
  weekStartsOn = 1,
  navLayout = "after",
  ...props
}: CalendarProps) {
  return (
    <DayPicker
      data-slot="calendar"
      showOutsideDays={showOutsideDays}
      locale={locale}
      weekStartsOn={weekStartsOn}
      navLayout={navLayout}
      className={cn("w-fit p-3 text-foreground text-sm", className)}
      classNames={{
        root: cn(defaults.root),
        months: cn("relative flex flex-col gap-6 sm:flex-row", defaults.months),
        month: cn("grid grid-cols-[1fr_auto] items-center gap-x-2 gap-y-3", defaults.month),
        month_caption: cn("flex h-9 items-center", defaults.month_caption),
        caption_label: cn(
          "inline-flex items-center gap-1 font-semibold text-sm",
          defaults.caption_label,
        ),
        dropdowns: cn("flex items-center gap-2", defaults.dropdowns),
        dropdown_root: cn(
          "relative inline-flex h-9 items-center rounded-md border border-input bg-background px-2",
          "has-focus-visible:ring-3 has-focus-visible:ring-ring has-focus-visible:ring-offset-2 has-focus-visible:ring-offset-background",
          defaults.dropdown_root,
        ),
        dropdown: cn("absolute inset-0 cursor-pointer opacity-0", defaults.dropdown),
        nav: cn("flex items-center gap-1", defaults.nav),
        button_previous: cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "size-9 aria-disabled:pointer-events-none aria-disabled:opacity-40",
          defaults.button_previous,
        ),
        button_next: cn(
          buttonVariants({ variant: "ghost", size: "icon" }),
          "size-9 aria-disabled:pointer-events-none aria-disabled:opacity-40",
          defaults.button_next,
        ),
        chevron: cn("size-4", defaults.chevron),
        month_grid: cn("col-span-2 border-collapse", defaults.month_grid),
        weekdays: cn(defaults.weekdays),
        weekday: cn(
          "w-10 pb-1 text-center font-medium text-muted-foreground text-xs",
          defaults.weekday,
        ),
        weeks: cn(defaults.weeks),
        week: cn(defaults.week),
        week_number: cn("w-10 text-center text-muted-foreground text-xs", defaults.week_number),
        week_number_header: cn("w-10", defaults.week_number_header),
        day: cn("size-10 p-0 text-center", defaults.day),
        day_button: cn(
          "inline-flex size-10 cursor-pointer items-center justify-center rounded-md text-sm transition-colors hover:bg-accent hover:text-accent-foreground",
          focusRing,
          defaults.day_button,
        ),
        today: cn(
          "[&>button]:border [&>button]:border-primary [&>button]:font-semibold",
          defaults.today,
        ),
        selected: cn(
          "[&>button]:bg-primary [&>button]:font-semibold [&>button]:text-primary-foreground [&>button]:hover:bg-primary-hover [&>button]:hover:text-primary-foreground",
          defaults.selected,
        ),
        range_start: cn(defaults.range_start),
        range_middle: cn(
          "[&>button]:rounded-none [&>button]:bg-accent [&>button]:text-accent-foreground",
          defaults.range_middle,
        ),
        range_end: cn(defaults.range_end),
        outside: cn("text-muted-foreground", defaults.outside),
        disabled: cn(
          "[&>button]:cursor-not-allowed [&>button]:line-through [&>button]:opacity-40 [&>button]:hover:bg-transparent",
          defaults.disabled,
        ),
        hidden: cn("invisible", defaults.hidden),
        footer: cn("pt-3 text-sm", defaults.footer),
        ...classNames,
      }}
      components={{ Chevron, ...components }}
      {...props}
    />
  );
}
