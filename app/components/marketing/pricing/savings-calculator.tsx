import { getFormProps } from "@conform-to/react";
import { useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import { useSchemaForm } from "~/components/forms/use-schema-form.ts";
import { Button } from "~/components/ui/button";
import { fieldStyles } from "~/components/ui/focus-ring";
import { calculateSavings } from "~/domain/billing/calculate-savings.ts";
import {
  formatPence,
  type ReferralType,
  savingsCalculatorRange,
  services,
  turnaroundHours,
} from "~/domain/billing/catalogue.ts";
import { savingsQuery } from "~/domain/billing/pricing-query.ts";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { ToggleGroup } from "./toggle-group.tsx";
import { typedCount } from "./typed-count.ts";

const noun = (type: ReferralType, n: number) =>
  type === "management"
    ? n === 1
      ? "management referral"
      : "management referrals"
    : n === 1
      ? "pre-employment check"
      : "pre-employment checks";

/**
 * Savings calculator (id `roi`): one month paying per referral against one month of membership
 * plus member prices (docs/architecture.md §9, ADR 0005). The savings card appears only when membership
 * actually saves money.
 *
 * A GET form the server answers (the pricing loader reads `cases` and `type`), so it works before
 * and without JavaScript: the number box and the type buttons submit it. Once hydrated, every
 * change is answered at once in the page (docs/decisions/0014).
 */
export function SavingsCalculator({ initial }: { initial: { cases: number; type: ReferralType } }) {
  const sliderId = useId();
  const typedId = useId();
  const hydrated = useHydrated();
  const [form] = useSchemaForm({ id: "savings", schema: savingsQuery, lastResult: undefined });
  const [count, setCount] = useState<number>(initial.cases);
  const [typed, setTyped] = useState<string>(String(initial.cases));
  const choose = (value: number) => {
    setCount(value);
    setTyped(String(value));
  };
  const [type, setType] = useState<ReferralType>(initial.type);
  // A number typed before the page's script ran is kept, not reset by hydration.
  const typedBox = useRef<HTMLInputElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the page is hydrated
  useEffect(() => {
    const early = typedBox.current?.value;
    if (early !== undefined && early !== String(initial.cases)) readTyped(early);
  }, []);
  function readTyped(text: string) {
    setTyped(text);
    const value = typedCount(text, savingsCalculatorRange);
    if (value !== null) setCount(value);
  }
  const estimate = calculateSavings(count, type);
  const service = services[type];
  const saves = estimate.monthlySavingsPence > 0;

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_1fr]">
      <Form
        method="get"
        action="/pricing#roi"
        preventScrollReset
        {...getFormProps(form)}
        className="rounded-xl border bg-card p-6 shadow-xs sm:p-8"
      >
        {/* Before the type buttons: a pressed button's own value comes later and wins. */}
        <input type="hidden" name="type" value={type} />
        <ToggleGroup
          label="Type of case"
          name="type"
          value={type}
          onChange={setType}
          options={[
            { value: "management", label: "Management referrals" },
            { value: "pre_employment", label: "Pre-employment checks" },
          ]}
        />
        <label htmlFor={sliderId} className="mt-6 block font-medium">
          Cases per month:{" "}
          <output htmlFor={sliderId} className="font-bold text-2xl" data-testid="roi-count">
            {count}
          </output>
        </label>
        {/* Dragging has two alternatives (WCAG 2.5.7): the slider's arrow keys, and a number
            typed into the box beside it. */}
        <div className="mt-3 flex items-center gap-4">
          <input
            id={sliderId}
            type="range"
            min={savingsCalculatorRange.min}
            max={savingsCalculatorRange.max}
            step={savingsCalculatorRange.step}
            value={count}
            onChange={(event) => choose(Number(event.target.value))}
            aria-valuetext={`${count} ${noun(type, count)} a month`}
            className="h-6 w-full min-w-0 cursor-pointer accent-[var(--primary)]"
          />
          <input
            ref={typedBox}
            id={typedId}
            name="cases"
            type="number"
            inputMode="numeric"
            min={savingsCalculatorRange.min}
            max={savingsCalculatorRange.max}
            step={savingsCalculatorRange.step}
            value={typed}
            aria-label="Cases per month, typed"
            onChange={(event) => readTyped(event.target.value)}
            // Whatever was left half-typed or out of range shows the count in use again.
            onBlur={() => setTyped(String(count))}
            className={cn(
              "h-10 w-20 shrink-0 rounded-md border border-input bg-background px-3 text-base",
              fieldStyles,
            )}
          />
        </div>
        <div className="mt-1 flex justify-between text-muted-foreground text-sm" aria-hidden="true">
          <span>{savingsCalculatorRange.min}</span>
          <span>{savingsCalculatorRange.max}</span>
        </div>
        {/* Once hydrated the figures follow every change; before, the server works them out. */}
        {hydrated ? null : (
          <Button type="submit" variant="outline" className="mt-4">
            Work out the figures
          </Button>
        )}

        <table className="mt-6 w-full text-left">
          <caption className="sr-only">
            Monthly cost of {count} {noun(type, count)}
          </caption>
          <tbody className="divide-y">
            <CostRow
              name="Pay per referral"
              workings={`${count} × ${formatPence(service.standardPricePence)}`}
              total={formatPence(estimate.payPerReferralTotalPence)}
              testId="roi-payg-total"
            />
            <CostRow
              name="Membership"
              workings={`${formatPence(estimate.membershipFeePence)} + ${count} × ${formatPence(service.memberPricePence)}`}
              total={formatPence(estimate.memberTotalPence)}
              testId="roi-member-total"
            />
          </tbody>
        </table>
      </Form>

      <div className="flex flex-col gap-4" aria-live="polite">
        {saves ? (
          <div
            className="rounded-xl border-2 border-primary bg-accent p-6 sm:p-8"
            data-testid="roi-savings"
          >
            <p className="font-semibold text-accent-foreground">With a membership you save</p>
            <p className="mt-2 font-bold text-4xl" data-testid="roi-monthly-savings">
              {formatPence(estimate.monthlySavingsPence)}
              <span className="font-normal text-base text-muted-foreground"> a month</span>
            </p>
            <p className="mt-2">
              That is <strong data-testid="roi-percent">{estimate.savingsPercent}%</strong> less
              than paying per referral, or{" "}
              <strong data-testid="roi-annual">{formatPence(estimate.annualSavingsPence)}</strong>{" "}
              over twelve months at this volume, with reports in {turnaroundHours.member} hours.
            </p>
          </div>
        ) : (
          <div className="rounded-xl border bg-card p-6 sm:p-8" data-testid="roi-no-savings">
            <p className="font-semibold">Paying per referral is cheaper at this volume</p>
            <p className="mt-2 text-muted-foreground">
              At {count} {noun(type, count)} a month, membership would cost{" "}
              {formatPence(-estimate.monthlySavingsPence)} more than paying per referral. You might
              still choose it for the {turnaroundHours.member}-hour turnaround.
            </p>
          </div>
        )}
        <div className="rounded-xl border bg-surface p-6">
          <p className="font-semibold">Break-even</p>
          <p className="mt-1 text-muted-foreground" data-testid="roi-break-even">
            Membership costs less than paying per referral from{" "}
            <strong className="text-foreground">
              {estimate.breakEvenCasesPerMonth} {noun(type, estimate.breakEvenCasesPerMonth)} a
              month
            </strong>
            .
          </p>
          <p className="mt-3 text-muted-foreground text-sm">
            Figures for one month of monthly membership, excluding VAT. Credit packs cost the same
            per case as member prices, except Enterprise, which is a little less.
          </p>
        </div>
      </div>
    </div>
  );
}

/** One way of paying for the month: its name, how the sum is made, and the sum. */
function CostRow({
  name,
  workings,
  total,
  testId,
}: {
  name: string;
  workings: string;
  total: string;
  testId: string;
}) {
  return (
    <tr>
      <th scope="row" className="py-3 font-normal">
        {name}
        <span className="block text-muted-foreground text-sm">{workings}</span>
      </th>
      <td className="py-3 text-right font-semibold" data-testid={testId}>
        {total}
      </td>
    </tr>
  );
}
