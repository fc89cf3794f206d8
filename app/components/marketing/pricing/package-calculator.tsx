import { CopyIcon, MinusIcon, PlusIcon } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "~/components/ui/button";
import { inputFrameClassName } from "~/components/ui/input";
import { toast } from "~/components/ui/toaster";
import {
  formatPence,
  packageCalculatorDefaultQuantity,
  type ReferralType,
  services,
} from "~/domain/billing/catalogue.ts";
import {
  findCheapestPackage,
  packageQuantityRange,
} from "~/domain/billing/find-cheapest-package.ts";
import { cn } from "~/lib/cn";
import { ToggleGroup } from "./toggle-group.tsx";
import { typedCount } from "./typed-count.ts";

const clamp = (n: number) =>
  Math.min(packageQuantityRange.max, Math.max(packageQuantityRange.min, Math.round(n)));

/**
 * Package price calculator (docs/architecture.md §9): the cheapest way to buy N assessments from the real
 * catalogue, with every alternative shown so the visitor can check the sums.
 */
export function PackageCalculator() {
  const quantityId = useId();
  const [mode, setMode] = useState<ReferralType>("pre_employment");
  const [text, setText] = useState(String(packageCalculatorDefaultQuantity));
  const typed = typedCount(text, packageQuantityRange);
  const valid = typed !== null;
  const [lastValid, setLastValid] = useState(packageCalculatorDefaultQuantity);
  const quantity = typed ?? lastValid;
  const quote = findCheapestPackage(quantity, mode);
  const best = quote.cheapest;
  const service = services[mode];

  function update(next: string) {
    setText(next);
    const n = typedCount(next, packageQuantityRange);
    if (n !== null) setLastValid(n);
  }

  async function copy() {
    const summary = `${quantity} × ${service.name}: ${best.name}, ${formatPence(best.totalPence)} + VAT`;
    try {
      await navigator.clipboard.writeText(summary);
      toast.success("Copied to clipboard", { description: "Assessment count copied to clipboard" });
    } catch {
      toast.error("Could not copy", {
        description: "Your browser did not allow copying. Select the text instead.",
      });
    }
  }

  return (
    <div className="grid grid-cols-1 gap-8 lg:grid-cols-[1fr_1.3fr]">
      <div className="rounded-xl border bg-card p-6 shadow-xs sm:p-8">
        <ToggleGroup
          label="Assessment type"
          value={mode}
          onChange={setMode}
          options={[
            { value: "pre_employment", label: "Pre-employment" },
            { value: "management", label: "Management referral" },
          ]}
        />
        <label htmlFor={quantityId} className="mt-6 block font-medium">
          How many {mode === "management" ? "management referrals" : "pre-employment checks"}?
        </label>
        <p id={`${quantityId}-hint`} className="text-muted-foreground text-sm">
          A whole number from {packageQuantityRange.min} to {packageQuantityRange.max}, all in the
          same month
        </p>
        {!valid ? (
          <p id={`${quantityId}-error`} className="mt-2 font-semibold text-destructive text-sm">
            <span className="sr-only">Error: </span>Enter a whole number from{" "}
            {packageQuantityRange.min} to {packageQuantityRange.max}
          </p>
        ) : null}
        <div className="mt-2 flex items-center gap-2">
          <Button
            variant="outline"
            size="icon"
            aria-label="Decrease"
            onClick={() => update(String(clamp(quantity - 1)))}
            disabled={quantity <= packageQuantityRange.min}
          >
            <MinusIcon aria-hidden="true" />
          </Button>
          <input
            id={quantityId}
            type="text"
            inputMode="numeric"
            pattern="[0-9]*"
            value={text}
            onChange={(event) => update(event.target.value)}
            aria-describedby={`${quantityId}-hint${valid ? "" : ` ${quantityId}-error`}`}
            aria-invalid={valid ? undefined : true}
            className={cn(inputFrameClassName, "w-24 text-center font-semibold text-lg")}
          />
          <Button
            variant="outline"
            size="icon"
            aria-label="Increase"
            onClick={() => update(String(clamp(quantity + 1)))}
            disabled={quantity >= packageQuantityRange.max}
          >
            <PlusIcon aria-hidden="true" />
          </Button>
        </div>
        <p className="mt-6 text-muted-foreground text-sm">
          We compare paying per referral, one month of membership with member prices, and one month
          of membership with credit packs (topped up at member prices). Prices exclude VAT.
        </p>
      </div>

      <div className="flex flex-col gap-4" aria-live="polite">
        <div className="rounded-xl border-2 border-primary bg-card p-6 shadow-sm sm:p-8">
          <p className="font-semibold text-primary text-sm uppercase tracking-wide">
            Cheapest option
          </p>
          <h3 className="mt-1 font-bold text-2xl" data-testid="package-best-name">
            {best.name}
          </h3>
          <p className="mt-2">
            <span className="font-bold text-4xl" data-testid="package-best-total">
              {formatPence(best.totalPence)}
            </span>{" "}
            <span className="text-muted-foreground">
              for {quantity} · {formatPence(Math.round(best.totalPence / quantity))} each ·{" "}
              {best.turnaroundHours}-hour turnaround
            </span>
          </p>
          <ul className="mt-4 divide-y border-y text-sm">
            {best.lines.map((line) => (
              <li key={line.label} className="flex justify-between gap-4 py-2">
                <span>
                  {line.quantity} × {line.label} ({formatPence(line.unitPence)} each)
                </span>
                <span className="font-medium">{formatPence(line.totalPence)}</span>
              </li>
            ))}
          </ul>
          {best.spareCredits > 0 ? (
            <p className="mt-3 text-muted-foreground text-sm">
              Leaves {best.spareCredits} spare credits, valid for 12 months.
            </p>
          ) : null}
          <Button variant="outline" className="mt-6" onClick={copy}>
            <CopyIcon aria-hidden="true" />
            Copy this quote
          </Button>
        </div>
        {quote.options.length > 1 ? (
          <div className="rounded-xl border bg-surface p-6">
            <p className="font-semibold">Other ways to buy {quantity}</p>
            <ul className="mt-3 grid gap-2" data-testid="package-alternatives">
              {quote.options.slice(1).map((option) => (
                <li key={option.kind} className="flex justify-between gap-4">
                  <span>{option.name}</span>
                  <span className="font-medium">
                    {formatPence(option.totalPence)}{" "}
                    <span className="text-muted-foreground text-sm">
                      (+{formatPence(option.totalPence - best.totalPence)})
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
    </div>
  );
}
