/**
 * The forms rule of docs/architecture.md §3 ("Forms"), read from the source text: every form with
 * fields, POST or GET (a list's filters), is a Conform form, and no route module reads a posted
 * form by hand.
 */

/** One JSX element's opening tag: its name, its attributes' text and where it ends. */
interface OpeningTag {
  name: string;
  attributes: string;
  start: number;
  end: number;
  selfClosing: boolean;
}

/**
 * The opening tag starting at `start` (at its `<`), read up to its closing `>`: attribute values
 * in braces may hold `>` (an arrow function) or strings, so braces and quotes are followed, and
 * comments between attributes are skipped (an apostrophe in one is not a quote).
 */
function openingTagAt(source: string, start: number): OpeningTag | null {
  const name = /^<([A-Za-z][\w.]*)/.exec(source.slice(start))?.[1];
  if (!name) return null;
  let depth = 0;
  let quote: string | null = null;
  for (let i = start + name.length + 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === quote && source[i - 1] !== "\\") quote = null;
    } else if (c === "/" && source[i + 1] === "/") {
      const lineEnd = source.indexOf("\n", i);
      i = lineEnd === -1 ? source.length : lineEnd;
    } else if (c === "/" && source[i + 1] === "*") {
      const commentEnd = source.indexOf("*/", i + 2);
      i = commentEnd === -1 ? source.length : commentEnd + 1;
    } else if (c === '"' || c === "'" || c === "`") quote = c;
    else if (c === "{") depth++;
    else if (c === "}") depth--;
    else if (c === ">" && depth === 0) {
      const attributes = source.slice(start + name.length + 1, i);
      return {
        name,
        attributes,
        start,
        end: i + 1,
        selfClosing: attributes.trimEnd().endsWith("/"),
      };
    }
  }
  return null;
}

/** The opening tags of `source` in order. */
function openingTags(source: string): OpeningTag[] {
  const tags: OpeningTag[] = [];
  for (const match of source.matchAll(/<[A-Za-z]/g)) {
    const tag = openingTagAt(source, match.index);
    if (tag) tags.push(tag);
  }
  return tags;
}

const formElement = /^(form|Form|\w+\.Form)$/;
/** A control a person fills in: a visible input, or a component that renders one. */
const fieldElement =
  /^(input|select|textarea|Input|Textarea|NativeSelect|NativeRadio|NativeCheckbox|Checkbox|RadioGroup|Select|DatePicker|PasswordInput|[A-Z]\w*(Field|Fields|Picker|Rows|Choices))$/;

/** Components that render only a hidden field: nothing for a person to fill in. */
const hiddenFieldElement = /^OrganisationField$/;

interface FormTag {
  /** 1-based line of the form's opening tag. */
  line: number;
  hasFields: boolean;
  /** Its props come from Conform (`getFormProps`), from useSchemaForm or useSentForm. */
  conform: boolean;
}

/**
 * Every `<Form>` (and `<form>`, `<fetcher.Form>`) in a module's source, whatever its method: a GET
 * form's fields are read by its loader with a schema as a POST form's are by its action.
 */
function allForms(source: string): FormTag[] {
  const tags = openingTags(source);
  const forms: FormTag[] = [];
  for (const [index, tag] of tags.entries()) {
    if (!formElement.test(tag.name)) continue;
    const close = source.indexOf(`</${tag.name}>`, tag.end);
    const inside = tags
      .slice(index + 1)
      .filter((t) => t.start < (close === -1 ? source.length : close));
    const hasFields = inside.some(
      (t) =>
        fieldElement.test(t.name) &&
        !hiddenFieldElement.test(t.name) &&
        !/\btype=["']hidden["']/.test(t.attributes),
    );
    forms.push({
      line: source.slice(0, tag.start).split("\n").length,
      hasFields,
      conform: /getFormProps\(/.test(tag.attributes),
    });
  }
  return forms;
}

/** Forms with fields that Conform does not manage: their lines. */
export function handMadeForms(source: string): number[] {
  return allForms(source)
    .filter((form) => form.hasFields && !form.conform)
    .map((form) => form.line);
}

/** Reads of a posted form by hand (`formData.get("x")`, `form.getAll("x")`), not through a schema. */
export function handReads(source: string): number {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  return [...code.matchAll(/(?<![.?\w])(formData|form)\.get(All)?\(/g)].length;
}

/**
 * POST forms that do not carry the organisation their page was for (`<OrganisationField />`
 * inside the form): the employer area refuses such a POST (docs/architecture.md §4, the
 * stale-tab rule). Signing out acts on no organisation and posts outside the area.
 */
export function postFormsWithoutOrganisation(source: string): number[] {
  const tags = openingTags(source);
  const lines: number[] = [];
  for (const [index, tag] of tags.entries()) {
    if (!formElement.test(tag.name)) continue;
    if (!/\bmethod=["']post["']/i.test(tag.attributes)) continue;
    if (/\baction=["']\/logout["']/.test(tag.attributes)) continue;
    const close = source.indexOf(`</${tag.name}>`, tag.end);
    const inside = tags
      .slice(index + 1)
      .filter((t) => t.start < (close === -1 ? source.length : close));
    if (!inside.some((t) => t.name === "OrganisationField"))
      lines.push(source.slice(0, tag.start).split("\n").length);
  }
  return lines;
}
