import { useId, useState } from "react";
import { fieldStyles } from "~/components/ui/focus-ring";
import { calculateSavings } from "~/domain/billing/calculate-savings.ts";
import {
  formatPence,
  type ReferralType,
  savingsCalculatorRange,
  services,
  turnaroundHours,
} from "~/domain/billing/catalogue.ts";
import { cn } from "~/lib/cn";
import { ToggleGroup } from "./toggle-group.tsx";

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
 */
export function SavingsCalculator() {
  const sliderId = useId();
  const typedId = useId();
  const [count, setCount] = useState<number>(savingsCalculatorRange.default);
  const [typed, setTyped] = useState<string>(String(savingsCalculatorRange.default));
  const choose = (value: number) => {
    setCount(value);
    setTyped(String(value));
  };
  const [type, setType] = useState<ReferralType>("management");
  const estimate = calculateSavings(count, type);
  const service = services[type];
  const saves = estimate.monthlySavingsPence > 0;

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_1fr]">
      <div className="rounded-xl border bg-card p-6 shadow-xs sm:p-8">
        <ToggleGroup
          label="Type of case"
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
            id={typedId}
            type="number"
            inputMode="numeric"
            min={savingsCalculatorRange.min}
            max={savingsCalculatorRange.max}
            step={savingsCalculatorRange.step}
            value={typed}
            aria-label="Cases per month, typed"
            onChange={(event) => {
              setTyped(event.target.value);
              const value = Number(event.target.value);
              if (
                event.target.value !== "" &&
                Number.isInteger(value) &&
                value >= savingsCalculatorRange.min &&
                value <= savingsCalculatorRange.max
              )
                setCount(value);
            }}
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

        <table className="mt-6 w-full text-left">
          <caption className="sr-only">
            Monthly cost of {count} {noun(type, count)}
          </caption>
          <tbody className="divide-y">
            <tr>
              <th scope="row" className="py-3 font-normal">
                Pay per referral
                <span className="block text-muted-foreground text-sm">
                  {count} × {formatPence(service.standardPricePence)}
                </span>
              </th>
              <td className="py-3 text-right font-semibold" data-testid="roi-payg-total">
                {formatPence(estimate.payPerReferralTotalPence)}
              </td>
            </tr>
            <tr>
              <th scope="row" className="py-3 font-normal">
                Membership
                <span className="block text-muted-foreground text-sm">
                  {formatPence(estimate.membershipFeePence)} + {count} ×{" "}
                  {formatPence(service.memberPricePence)}
                </span>
              </th>
              <td className="py-3 text-right font-semibold" data-testid="roi-member-total">
                {formatPence(estimate.memberTotalPence)}
              </td>
            </tr>
          </tbody>
        </table>
      </div>

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
