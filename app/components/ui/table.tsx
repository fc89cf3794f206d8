import { type ComponentProps, createContext, type ReactNode, useContext } from "react";
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

function TableHeader({ className, role, ...props }: ComponentProps<"thead">) {
  const stack = useStack();
  return (
    <thead
      data-slot="table-header"
      role={role ?? (stack ? "rowgroup" : undefined)}
      className={cn("border-border border-b-2", stack && "max-md:sr-only", className)}
      {...props}
    />
  );
}

function TableBody({ className, role, ...props }: ComponentProps<"tbody">) {
  const stack = useStack();
  return (
    <tbody
      data-slot="table-body"
      role={role ?? (stack ? "rowgroup" : undefined)}
      className={cn(
        // Cards keep their full border; only the desktop table drops the last row's rule.
        stack
          ? "max-md:flex max-md:flex-col max-md:gap-3 md:[&_tr:last-child]:border-0"
          : "[&_tr:last-child]:border-0",
        className,
      )}
      {...props}
    />
  );
}

export function TableRow({ className, role, ...props }: ComponentProps<"tr">) {
  const stack = useStack();
  return (
    <tr
      data-slot="table-row"
      role={role ?? (stack ? "row" : undefined)}
      className={cn(stack ? "ui-tr-stacked" : "ui-tr", className)}
      {...props}
    />
  );
}

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
