import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button.tsx";
import { FieldError, describedBy, inputStyles } from "#app/components/ui/text-field.tsx";
import { EXAMPLE_CODE } from "./code-format.ts";
import { REDEEM_TEXT } from "./codes-ui-text.ts";

/**
 * The one field of /redeem. A plain form post, so it works before the app
 * has started (or never does); a refusal comes back with what was typed.
 */
export function RedeemForm({ code, error }: { code: string; error: string | null }) {
  const id = useId();
  const navigation = useNavigation();
  const sending = navigation.state === "submitting";
  return (
    <Form
      method="post"
      noValidate
      className="space-y-4"
      onSubmit={(event) => {
        if (sending) event.preventDefault();
      }}
    >
      <div className="space-y-1.5">
        <label htmlFor={`${id}-code`} className="block text-base font-semibold">
          {REDEEM_TEXT.label}
        </label>
        <input
          id={`${id}-code`}
          name="code"
          defaultValue={code}
          placeholder={EXAMPLE_CODE}
          autoComplete="off"
          autoCapitalize="characters"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && `${id}-error`, `${id}-hint`)}
          className={`${inputStyles} font-mono text-xl tracking-[0.12em] uppercase placeholder:normal-case placeholder:tracking-normal`}
        />
        <FieldError id={`${id}-error`} message={error} />
        <p id={`${id}-hint`} className="text-sm text-stone-600 dark:text-stone-400">
          {REDEEM_TEXT.hint}
        </p>
      </div>
      <Button type="submit" variant="primary" aria-disabled={sending} className="w-full sm:w-auto">
        {REDEEM_TEXT.submit}
      </Button>
    </Form>
  );
}
