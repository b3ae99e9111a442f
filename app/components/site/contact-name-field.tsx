import { getInputProps, type FieldMetadata } from "@conform-to/react";

import { controlClasses, FormField } from "#app/components/ui/form-field.tsx";
import { CONTACT_FIELD_LIMITS } from "#app/domain/site/contact-forms.ts";

/** "Your name", as the call-back form and the contact form both ask it. */
export function ContactNameField({ field }: { field: FieldMetadata<string> }) {
  return (
    <FormField id={field.id} label="Your name" errorId={field.errorId} errors={field.errors}>
      <input
        {...getInputProps(field, { type: "text" })}
        maxLength={CONTACT_FIELD_LIMITS.name}
        autoComplete="name"
        className={controlClasses}
      />
    </FormField>
  );
}
