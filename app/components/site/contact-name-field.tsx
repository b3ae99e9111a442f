import { getInputProps, type FieldMetadata } from "@conform-to/react";

import { controlClasses, FormField } from "#app/components/ui/form-field.tsx";
import { CONTACT_FIELD_LIMITS } from "#app/domain/site/contact-forms.ts";
import { m } from "#app/paraglide/messages.js";
import { useLocale } from "#app/hooks/use-locale.ts";

/** "Your name", as the call-back form and the contact form both ask it. */
export function ContactNameField({ field }: { field: FieldMetadata<string> }) {
  const locale = useLocale();
  return (
    <FormField
      id={field.id}
      label={m.field_your_name({}, { locale })}
      errorId={field.errorId}
      errors={field.errors}
    >
      <input
        {...getInputProps(field, { type: "text" })}
        maxLength={CONTACT_FIELD_LIMITS.name}
        autoComplete="name"
        className={controlClasses}
      />
    </FormField>
  );
}
