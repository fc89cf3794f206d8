import { type FormEvent, useCallback, useEffect, useRef } from "react";
import { useLocation, useSubmit } from "react-router";

/** Controls whose change is a whole decision: a select, a checkbox or a radio button. */
function appliesOnChange(
  target: EventTarget | null,
): target is HTMLSelectElement | HTMLInputElement {
  if (target instanceof HTMLSelectElement) return true;
  return (
    target instanceof HTMLInputElement && (target.type === "checkbox" || target.type === "radio")
  );
}

/**
 * A list's filter form (GET) that applies a select, checkbox, radio or picked date as soon as it
 * changes. Text boxes still wait for Enter or the form's own submit button, which stays for
 * browsers without JavaScript. The form is usually re-created for each new query (its `key`), so
 * focus goes back to the control that was changed once the new list has arrived.
 *
 * Spread `onChange` on the `<Form>`, give it `ref`, and call `applyValue` from controls that
 * keep their value in state, such as the date picker.
 */
export function useFilterForm() {
  const submit = useSubmit();
  const ref = useRef<HTMLFormElement>(null);
  const changed = useRef<string | null>(null);
  const { search } = useLocation();

  const send = useCallback(
    (form: HTMLFormElement, data: FormData, controlId: string | null) => {
      changed.current = controlId;
      // Submit-button fields are not in the form's data: a change never carries a toggle's value.
      submit(data, {
        method: "get",
        action: form.getAttribute("action") ?? undefined,
        preventScrollReset: true,
      });
    },
    [submit],
  );

  const onChange = useCallback(
    (event: FormEvent<HTMLFormElement>) => {
      if (!appliesOnChange(event.target)) return;
      send(event.currentTarget, new FormData(event.currentTarget), event.target.id || null);
    },
    [send],
  );

  /** Applies a value a control holds in state (its hidden input is not updated yet). */
  const applyValue = useCallback(
    (name: string, value: string, controlId: string) => {
      const form = ref.current;
      if (!form) return;
      const data = new FormData(form);
      data.set(name, value);
      send(form, data, controlId);
    },
    [send],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a new list has arrived
  useEffect(() => {
    const id = changed.current;
    changed.current = null;
    if (!id) return;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(id)?.focus();
  }, [search]);

  return { ref, onChange, applyValue };
}
