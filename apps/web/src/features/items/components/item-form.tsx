import type { ItemDetail } from '@toolshed/core/contract';
import { LOCATION_FIELDS_MESSAGE } from '@toolshed/core/contract';
import { useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from '../../../lib/router/index.ts';
import { linkClass, primaryButtonClass } from '../../../ui/form-parts.tsx';
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
import { AvailableField, DetailFields, fieldId, LocationFields } from './item-fields.tsx';
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

const focusField = (field: ItemField) => document.getElementById(fieldId(field))?.focus();

interface Props {
  mode: 'add' | 'edit';
  /** The item being edited. */
  item?: ItemDetail;
  /** More buttons beside Save (the edit page's Delete). */
  extraActions?: ReactNode;
}

/** The add and edit form: checked with the API's own schema, then saved with its photos. */
export function ItemForm({ mode, item, extraActions }: Props) {
  const [values, setValues] = useState<ItemFormValues>(() => (item ? valuesFromItem(item) : EMPTY_ITEM_FORM));
  const [errors, setErrors] = useState<FieldErrors>({});
  const existing = useExistingPhotos(item?.images ?? []);
  const uploads = usePhotoUploads(existing.merge);
  const saver = useSaveItem({ mode, itemId: item?.id, existing, uploads });
  const alertRef = useRef<HTMLDivElement>(null);

  const { outcome } = saver;
  const serverField = outcome.kind === 'failed' ? formFieldOf(outcome.field) : undefined;
  // A server message about one field also shows beside that field.
  const shown: FieldErrors =
    serverField && outcome.kind === 'failed' && !errors[serverField] ? { ...errors, [serverField]: outcome.detail } : errors;

  // Focus moves as the outcome is drawn (a layout effect), so nothing can be typed or read between
  // the message appearing and the focus reaching it.
  useLayoutEffect(() => {
    if (outcome.kind === 'idle') return;
    if (serverField) focusField(serverField);
    else alertRef.current?.focus();
  }, [outcome, serverField]);

  function onChange<F extends ItemField>(field: F, value: ItemFormValues[F]) {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => {
      const locationRule = e.address === LOCATION_FIELDS_MESSAGE && (field === 'city' || field === 'postcode');
      return e[field] || locationRule ? { ...e, [field]: undefined, ...(locationRule ? { address: undefined } : {}) } : e;
    });
  }

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (saver.saving) return;
    const result = validateItemForm(values);
    if (!result.ok) {
      setErrors(result.errors);
      const target = focusTarget(result.errors, values);
      if (target) focusField(target);
      return;
    }
    setErrors({});
    await saver.save(result.input);
  }

  const busy = saver.saving || uploads.busy;
  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} className="space-y-8">
      <DetailFields values={values} errors={shown} onChange={onChange} />
      <CalendarFields values={values} errors={shown} onChange={onChange} />
      <CancellationPolicyFields values={values} errors={shown} onChange={onChange} />
      <RenterRequirementFields values={values} errors={shown} onChange={onChange} />
      <LocationFields values={values} errors={shown} onChange={onChange} />
      <PhotoManager
        existing={existing}
        uploads={uploads}
        disabled={busy}
        onRetry={saver.itemId && outcome.kind === 'photos' ? (key) => void saver.retry(key) : undefined}
      />
      <AvailableField values={values} errors={shown} onChange={onChange} />
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
