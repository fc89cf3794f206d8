import { z } from "zod";
import {
  ENABLE_WHEN_OPERATORS,
  ITEM_TYPES,
  type Questionnaire,
  type QuestionnaireItem,
} from "./questionnaire-types.ts";

/*
 * The shape of a definition file, checked when it is loaded: JSON imports are typed loosely by
 * TypeScript, and a definition coming back from the database must be trusted no more than one
 * typed by hand. Structural rules that need the whole tree (unique linkIds, enableWhen pointing
 * backwards at a compatible question) live in checkQuestionnaire.
 */

const extensionSchema = z.strictObject({
  url: z.string().min(1),
  valueBoolean: z.boolean().optional(),
  valueCode: z.string().optional(),
  valueDecimal: z.number().optional(),
  valueInteger: z.int().optional(),
  valueString: z.string().optional(),
});

const answerOptionSchema = z.strictObject({
  valueCoding: z.strictObject({
    system: z.string().optional(),
    code: z.string().min(1),
    display: z.string().min(1),
  }),
  extension: z.array(extensionSchema).optional(),
});

const enableWhenSchema = z.strictObject({
  question: z.string().min(1),
  operator: z.enum(ENABLE_WHEN_OPERATORS),
  answerBoolean: z.boolean().optional(),
  answerCoding: z
    .strictObject({
      system: z.string().optional(),
      code: z.string().min(1),
      display: z.string().optional(),
    })
    .optional(),
  answerInteger: z.int().optional(),
  answerDecimal: z.number().optional(),
  answerString: z.string().optional(),
  answerDate: z.string().optional(),
});

const itemSchema: z.ZodType<QuestionnaireItem> = z.lazy(() =>
  z.strictObject({
    linkId: z.string().regex(/^[a-z0-9][a-z0-9.-]*$/, "linkIds are lower-case, dotted and stable"),
    text: z.string().optional(),
    prefix: z.string().optional(),
    type: z.enum(ITEM_TYPES),
    required: z.boolean().optional(),
    repeats: z.boolean().optional(),
    maxLength: z.int().positive().optional(),
    answerOption: z.array(answerOptionSchema).optional(),
    enableWhen: z.array(enableWhenSchema).optional(),
    enableBehavior: z.enum(["all", "any"]).optional(),
    extension: z.array(extensionSchema).optional(),
    item: z.array(itemSchema).optional(),
  }),
);

const questionnaireSchema: z.ZodType<Questionnaire> = z.strictObject({
  resourceType: z.literal("Questionnaire"),
  id: z.string().optional(),
  url: z.string().min(1),
  version: z.string().min(1),
  name: z.string().min(1),
  title: z.string().min(1),
  status: z.enum(["draft", "active", "retired"]),
  date: z.string().optional(),
  publisher: z.string().optional(),
  description: z.string().optional(),
  purpose: z.string().optional(),
  copyright: z.string().optional(),
  derivedFrom: z.array(z.string()).optional(),
  extension: z.array(extensionSchema).optional(),
  item: z.array(itemSchema).min(1),
});

/** Parses an untrusted definition (a JSON file or a database row); throws on a malformed one. */
export function parseQuestionnaire(input: unknown): Questionnaire {
  return questionnaireSchema.parse(input);
}
