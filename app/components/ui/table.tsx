import {
  type ComponentProps,
  createContext,
  type ElementType,
  type ReactNode,
  useContext,
} from "react";
import { cn } from "~/lib/cn";

/*
 * Tables turn into a stack of cards below 768 px (docs/architecture.md §3a). In card mode the header row is
 * visually hidden and each TableCell shows its `label` beside the value. Changing `display` on
 * table elements makes some browsers (notably Safari) drop table semantics, so in card mode every
 * element also carries its explicit ARIA table role to keep screen readers announcing headers.
 */
const StackContext = createContext(false);

type TableProps = ComponentProps<"table"> & {
  /** Show rows as cards below 768 px (default true). Give each TableCell a `label` when on. */
  stackOnMobile?: boolean;
  /** Classes for the scroll container around the table. */
  wrapperClassName?: string;
};

function Table({ className, wrapperClassName, stackOnMobile = true, role, ...props }: TableProps) {
  return (
    <StackContext value={stackOnMobile}>
      <div
        data-slot="table-container"
        className={cn(
          "relative w-full",
          stackOnMobile ? "md:overflow-x-auto" : "overflow-x-auto",
          wrapperClassName,
        )}
      >
        <table
          data-slot="table"
          data-stack={stackOnMobile ? "true" : undefined}
          role={role ?? (stackOnMobile ? "table" : undefined)}
          className={cn(
            "w-full caption-bottom border-collapse text-left text-sm",
            stackOnMobile && "max-md:flex max-md:flex-col",
            className,
          )}
          {...props}
        />
      </div>
    </StackContext>
  );
}

function useStack() {
  return useContext(StackContext);
}

/**
 * A row group or a row: in card mode it carries its explicit ARIA role (`stackedRole`), and its
 * classes follow the mode.
 */
function stackablePart<T extends "thead" | "tbody" | "tr">(
  Tag: T,
  slot: string,
  stackedRole: "rowgroup" | "row",
  classes: (stack: boolean) => string | false,
) {
  function Part({ className, role, ...props }: ComponentProps<T>) {
    const stack = useStack();
    const Element = Tag as ElementType;
    return (
      <Element
        data-slot={slot}
        role={role ?? (stack ? stackedRole : undefined)}
        className={cn(classes(stack), className)}
        {...props}
      />
    );
  }
  Part.displayName = slot;
  return Part;
}

const TableHeader = stackablePart("thead", "table-header", "rowgroup", (stack) =>
  cn("border-border border-b-2", stack && "max-md:sr-only"),
);

// Cards keep their full border; only the desktop table drops the last row's rule.
const TableBody = stackablePart("tbody", "table-body", "rowgroup", (stack) =>
  stack
    ? "max-md:flex max-md:flex-col max-md:gap-3 md:[&_tr:last-child]:border-0"
    : "[&_tr:last-child]:border-0",
);

export const TableRow = stackablePart("tr", "table-row", "row", (stack) =>
  stack ? "ui-tr-stacked" : "ui-tr",
);

function TableHead({ className, scope = "col", role, ...props }: ComponentProps<"th">) {
  const stack = useStack();
  return (
    <th
      data-slot="table-head"
      scope={scope}
      role={role ?? (stack ? (scope === "row" ? "rowheader" : "columnheader") : undefined)}
      className={cn(
        "h-11 whitespace-nowrap px-3 text-left align-middle font-semibold text-foreground",
        stack && scope === "row" && "max-md:block max-md:h-auto max-md:px-0 max-md:pb-2",
        className,
      )}
      {...props}
    />
  );
}

type TableCellProps = ComponentProps<"td"> & {
  /** Column name shown beside the value when the row is a card (below 768 px). */
  label?: ReactNode;
};

export function TableCell({ className, label, children, role, ...props }: TableCellProps) {
  const stack = useStack();
  const showLabel = stack && label != null;
  return (
    <td
      data-slot="table-cell"
      data-label={typeof label === "string" ? label : undefined}
      role={role ?? (stack ? "cell" : undefined)}
      className={cn(stack ? "ui-td-stacked" : "ui-td", className)}
      {...props}
    >
      {showLabel ? (
        <>
          {/* Hidden from assistive tech: the column header already names the cell. */}
          <span aria-hidden="true" className="ui-td-label">
            {label}
          </span>
          <span className="ui-td-value">{children}</span>
        </>
      ) : (
        children
      )}
    </td>
  );
}

/** The usual list table: one header row naming the columns, then the caller's rows. */
export function DataTable({
  columns,
  children,
  ...props
}: Omit<TableProps, "children"> & { columns: ReactNode[]; children: ReactNode }) {
  return (
    <Table {...props}>
      <TableHeader>
        <TableRow>
          {columns.map((column, i) => (
            <TableHead key={i}>{column}</TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  );
}
