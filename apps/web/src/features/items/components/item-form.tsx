import type { ItemDetail } from '@toolshed/core/contract';
import { LOCATION_FIELDS_MESSAGE } from '@toolshed/core/contract';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { linkClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
import { useCheckedForm } from '../../../ui/use-checked-form.ts';
import {
  EMPTY_ITEM_FORM,
  firstInvalidField,
  formFieldOf,
  validateItemForm,
  valuesFromItem,
  type FieldErrors,
  type ItemField,
  type ItemFormValues,
} from '../item-form-values.ts';
import { useExistingPhotos } from '../use-existing-photos.ts';
import { usePhotoUploads } from '../use-photo-uploads.ts';
import { useSaveItem } from '../use-save-item.ts';
import { AvailableField, DetailFields, LocationFields } from './item-fields.tsx';
import { CalendarFields } from './calendar-fields.tsx';
import { CancellationPolicyFields } from './cancellation-policy-fields.tsx';
import { RenterRequirementFields } from './renter-requirement-fields.tsx';
import { PhotoManager } from './photo-manager.tsx';
import { SaveAlert } from './save-alert.tsx';

/** With the location rule, focus goes to the first of the three that is still empty. */
function focusTarget(errors: FieldErrors, values: ItemFormValues): ItemField | undefined {
  const first = firstInvalidField(errors);
  if (first === 'address' && errors.address === LOCATION_FIELDS_MESSAGE) {
    return (['address', 'city', 'postcode'] as const).find((f) => !values[f].trim()) ?? 'address';
  }
  return first;
}

/** The form's rule: the API's own schema, each message under its field. */
function itemProblems(values: ItemFormValues): FieldErrors {
  const result = validateItemForm(values);
  return result.ok ? {} : result.errors;
}

interface Props {
  mode: 'add' | 'edit';
  /** The item being edited. */
  item?: ItemDetail;
  /** More buttons beside Save (the edit page's Delete). */
  extraActions?: ReactNode;
}

/**
 * The add and edit form on the one pattern (decision 041), checked with the API's own schema, then
 * saved with its photos. A message goes as its field is put right; a server's refusal naming a field
 * shows under it, anything else in the alert above the buttons.
 */
export function ItemForm({ mode, item, extraActions }: Props) {
  const form = useCheckedForm<ItemFormValues>({
    defaultValues: item ? valuesFromItem(item) : EMPTY_ITEM_FORM,
    check: itemProblems,
    idPrefix: 'item',
    hinted: ['deposit', 'weeklyRate', 'bufferDays', 'minCompletedRentals'],
    recheck: 'onChange',
    focusOf: focusTarget,
  });
  const existing = useExistingPhotos(item?.images ?? []);
  const uploads = usePhotoUploads(existing.merge);
  const saver = useSaveItem({ mode, itemId: item?.id, existing, uploads });
  const alertRef = useRef<HTMLDivElement>(null);

  const { outcome } = saver;
  const serverField = outcome.kind === 'failed' ? formFieldOf(outcome.field) : undefined;
  const { setError } = form;
  // Focus moves as the outcome is drawn (a layout effect), so nothing can be typed or read between
  // the message appearing and the focus reaching it. A server message about one field also shows
  // under that field.
  useLayoutEffect(() => {
    if (outcome.kind === 'idle') return;
    if (serverField && outcome.kind === 'failed') setError(serverField, { type: 'server', message: outcome.detail }, { shouldFocus: true });
    else alertRef.current?.focus();
  }, [outcome, serverField, setError]);

  const onSubmit = form.submit(async (values) => {
    if (saver.saving) return;
    const result = validateItemForm(values);
    if (result.ok) await saver.save(result.input);
  });

  const busy = saver.saving || uploads.busy;
  return (
    <form noValidate onSubmit={onSubmit} className="space-y-8">
      <DetailFields form={form} />
      <CalendarFields form={form} />
      <CancellationPolicyFields form={form} />
      <RenterRequirementFields form={form} />
      <LocationFields form={form} />
      <PhotoManager
        existing={existing}
        uploads={uploads}
        disabled={busy}
        onRetry={saver.itemId && outcome.kind === 'photos' ? (key) => void saver.retry(key) : undefined}
      />
      <AvailableField form={form} />
      <SaveAlert ref={alertRef} outcome={outcome} onRetry={() => void saver.retryAll()} onFinish={() => void saver.finish()} busy={busy} />
      <div className="flex flex-wrap items-center gap-4 border-t border-slate-200 pt-6">
        <button type="submit" disabled={busy} className={primaryButtonClass}>
          {busy ? 'Saving...' : mode === 'add' ? 'Add Item' : 'Save Changes'}
        </button>
        <Link to="/my-items" className={linkClass}>
          Cancel
        </Link>
        {extraActions && <div className="ml-auto">{extraActions}</div>}
      </div>
    </form>
  );
}
