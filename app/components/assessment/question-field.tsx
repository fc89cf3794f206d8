import type { ReactNode } from "react";
import { FormField, FormFieldset } from "~/components/ui/form-field";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { NativeCheckbox } from "~/components/ui/native-checkbox";
import { NativeRadio } from "~/components/ui/native-radio";
import { Textarea } from "~/components/ui/textarea";
import {
  type AnswerValue,
  extensionOf,
  HINT_EXTENSION,
  type QuestionnaireItem,
} from "~/domain/assessments/questionnaire-types";
import { dateFieldName, fieldName, splitDate } from "~/domain/assessments/step-form";
import { cn } from "~/lib/cn";

/** The id ErrorSummary links to for a question: its first control. */
export function controlId(item: QuestionnaireItem): string {
  const base = `q-${item.linkId.replaceAll(".", "-")}`;
  if (item.type === "choice" || item.type === "boolean") return `${base}-0`;
  if (item.type === "date") return `${base}-day`;
  return base;
}

function asList(value: AnswerValue | undefined): string[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).map(String);
}

interface QuestionFieldProps {
  item: QuestionnaireItem;
  /** The stored answer, or what was just posted back with an error. */
  value?: AnswerValue;
  error?: string;
  /** The guided assessment makes the question the page heading (GOV.UK one-question pages). */
  asPageHeading?: boolean;
  /**
   * The text of the question's group ("Over the last 2 weeks, how often…"), read as part of the
   * question's legend or label: without it, "Little interest or pleasure in doing things" is
   * announced with no time frame and no scale to answer on.
   */
  caption?: string | null;
}

/**
 * One questionnaire item as a GOV.UK form control that works without JavaScript: radios for a
 * single choice and yes/no, checkboxes for "select all that apply", a three-part date input,
 * text inputs with numeric keyboards for numbers.
 */
export function QuestionField({
  item,
  value,
  error,
  asPageHeading = false,
  caption,
}: QuestionFieldProps) {
  const base = `q-${item.linkId.replaceAll(".", "-")}`;
  const hint = extensionOf(item, HINT_EXTENSION)?.valueString;
  const optional = item.required !== true;
  const question: ReactNode = asPageHeading ? (
    <h1 className="font-semibold text-2xl leading-tight sm:text-3xl">{item.text}</h1>
  ) : (
    item.text
  );
  const label: ReactNode = caption ? (
    <>
      <span className="mb-2 block font-normal text-base text-muted-foreground">{caption}</span>
      {question}
    </>
  ) : (
    question
  );
  const showOptional = optional && !asPageHeading;
  // Choices and dates are a fieldset whose legend is the question.
  const fieldset = {
    id: base,
    legend: label,
    error,
    optional: showOptional,
    // Replaces the legend's default margin and weight (form-field.tsx).
    legendClassName: asPageHeading ? "mb-3 font-medium" : "mb-2 font-semibold",
  };

  if (item.type === "display") {
    return <p className="max-w-prose text-base leading-relaxed">{item.text}</p>;
  }

  if (item.type === "choice" || item.type === "boolean") {
    const options =
      item.type === "boolean"
        ? [
            { code: "true", display: "Yes" },
            { code: "false", display: "No" },
          ]
        : (item.answerOption ?? []).map((o) => o.valueCoding);
    const selected = asList(value);
    const multiple = item.type === "choice" && item.repeats === true;
    const Control = multiple ? NativeCheckbox : NativeRadio;
    return (
      <FormFieldset
        {...fieldset}
        hint={
          hint ??
          (multiple && !item.text?.includes("Select all") ? "Select all that apply." : undefined)
        }
      >
        <div
          className={cn(
            "grid gap-3",
            item.type === "boolean" && options.length === 2 && "sm:flex sm:gap-8",
          )}
        >
          {options.map((option, index) => {
            const id = `${base}-${index}`;
            return (
              <div key={option.code} className="flex items-start gap-3">
                <Control
                  id={id}
                  name={fieldName(item.linkId)}
                  value={option.code}
                  defaultChecked={selected.includes(option.code)}
                  aria-invalid={error ? true : undefined}
                  wrapperClassName="mt-0.5"
                />
                <Label htmlFor={id} size="base" weight="normal" className="cursor-pointer">
                  {option.display}
                </Label>
              </div>
            );
          })}
        </div>
      </FormFieldset>
    );
  }

  if (item.type === "date") {
    const parts = splitDate(value);
    return (
      <FormFieldset
        {...fieldset}
        hint={
          hint ??
          "For example, 27 3 2025. If you are not sure of the day, enter the month and year."
        }
      >
        <div className="flex flex-wrap gap-4">
          {(
            [
              ["day", "Day", "w-16", parts.day],
              ["month", "Month", "w-16", parts.month],
              ["year", "Year", "w-24", parts.year],
            ] as const
          ).map(([part, text, width, defaultValue]) => (
            <div key={part} className="grid gap-1">
              <Label htmlFor={`${base}-${part}`} size="base" weight="normal">
                {text}
              </Label>
              <Input
                id={`${base}-${part}`}
                name={dateFieldName(item.linkId, part)}
                inputMode="numeric"
                autoComplete="off"
                defaultValue={defaultValue}
                aria-invalid={error ? true : undefined}
                className={width}
              />
            </div>
          ))}
        </div>
      </FormFieldset>
    );
  }

  const defaultValue = asList(value)[0] ?? "";
  return (
    <FormField
      id={base}
      label={label}
      hint={hint}
      error={error}
      optional={showOptional}
      labelWeight={asPageHeading ? undefined : "semibold"}
    >
      {item.type === "text" ? (
        <Textarea
          name={fieldName(item.linkId)}
          defaultValue={defaultValue}
          maxLength={item.maxLength ?? 4000}
          rows={4}
        />
      ) : (
        <Input
          name={fieldName(item.linkId)}
          defaultValue={defaultValue}
          inputMode={
            item.type === "integer" ? "numeric" : item.type === "decimal" ? "decimal" : undefined
          }
          maxLength={item.type === "string" ? (item.maxLength ?? 500) : undefined}
          autoComplete="off"
          className={item.type === "integer" || item.type === "decimal" ? "w-32" : undefined}
        />
      )}
    </FormField>
  );
}
